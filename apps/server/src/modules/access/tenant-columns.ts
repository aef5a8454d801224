import { uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations/organizations.table.ts';

/**
 * The owning workspace, the column every tenant table repeats: written once, with the same SQL as before
 * (drizzle-kit generates no change). A row goes when its workspace goes.
 */
export const orgIdColumn = () =>
  uuid('org_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });
