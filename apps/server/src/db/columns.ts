import { timestamp } from 'drizzle-orm/pg-core';

/** Timestamps nearly every table repeats, written once (the same SQL as before: drizzle-kit generates no change). */
export const createdAtColumn = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAtColumn = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
