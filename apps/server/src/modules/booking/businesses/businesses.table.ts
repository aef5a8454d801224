import type { BusinessHours } from '@lodestar/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, jsonb, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../access/users/users.table.ts';
import { orgIdColumn } from '../../access/tenant-columns.ts';
import { createdAtColumn, updatedAtColumn } from '../../../db/columns.ts';

/**
 * The booking business of a workspace (one each): its public id name (/book/{idName}, unique across
 * workspaces), concurrentBooking, business hours per weekday with breaks (jsonb, validated by the contract),
 * its time zone and the public toggle. owner_user_id owns the reservations made on the public page.
 */
export const businesses = pgTable(
  'businesses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    idName: text('id_name').notNull(),
    name: text('name').notNull(),
    concurrentBooking: smallint('concurrent_booking').notNull(),
    timeZone: text('time_zone').notNull(),
    isPublic: boolean('is_public').notNull().default(false),
    hours: jsonb('hours').$type<BusinessHours[]>().notNull(),
    /** The day-before reminder's local minute of the day; null: no reminder. */
    reminderMinute: smallint('reminder_minute'),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('businesses_org_idx').on(t.orgId),
    uniqueIndex('businesses_id_name_idx').on(t.idName),
    check('businesses_concurrent_booking_check', sql`${t.concurrentBooking} between 1 and 100`),
    check('businesses_reminder_minute_check', sql`${t.reminderMinute} between 0 and 1439`),
  ],
);
