import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  industry: text('industry'),
  otherIndustry: text('other_industry'),
  plan: text('plan').notNull().default('free'),
  /** IANA zone of the workspace's schedules and dates (workflows' weekly slots, date triggers, waits until a date). */
  timeZone: text('time_zone').notNull().default('Asia/Taipei'),
  frozenAt: timestamp('frozen_at', { withTimezone: true }),
  topAdminUserId: uuid('top_admin_user_id')
    .notNull()
    .references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});
