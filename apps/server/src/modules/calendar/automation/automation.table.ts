import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { orgIdColumn } from '../../access/tenant-columns.ts';
import { createdAtColumn, updatedAtColumn } from '../../../db/columns.ts';

/** settings/automation: one row per workspace, absent until first saved (automation off). */
export const automationSettings = pgTable(
  'automation_settings',
  {
    orgId: orgIdColumn().primaryKey(),
    followUpEnabled: boolean('follow_up_enabled').notNull().default(false),
    followUpDelay: text('follow_up_delay').notNull(),
    customDays: integer('custom_days'),
    titlePrefix: text('title_prefix').notNull(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [check('automation_settings_custom_days_check', sql`${t.customDays} is null or ${t.customDays} between 1 and 3650`)],
);

/**
 * The follow-up made for a won deal: at most one per deal (the primary key), so re-saving a won deal,
 * re-opening it and closing it again never schedules a second one, even when two closes race.
 * deal_id and schedule_id carry no foreign keys (deals and schedules are other modules' tables; a deleted
 * follow-up schedule must not bring a new one on the next close).
 */
export const automationFollowUps = pgTable(
  'automation_follow_ups',
  {
    orgId: orgIdColumn(),
    dealId: uuid('deal_id').notNull(),
    scheduleId: uuid('schedule_id'),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.dealId] })],
);
