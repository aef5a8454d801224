import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../access/users/users.table.ts';
import { orgIdColumn } from '../../access/tenant-columns.ts';
import { createdAtColumn } from '../../../db/columns.ts';

/** Activity items (settings/activityList): a kind of activity worth `point` points, with a daily target count. */
export const activityItems = pgTable(
  'activity_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    name: text('name').notNull(),
    point: integer('point').notNull().default(0),
    targetNum: integer('target_num').notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('activity_items_org_idx').on(t.orgId, t.createdAt),
    check('activity_items_numbers_check', sql`${t.point} >= 0 and ${t.targetNum} >= 0`),
  ],
);

/** Activity profiles (settings/activity): items, a weight score and a daily target count. */
export const activityProfiles = pgTable(
  'activity_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    name: text('name').notNull(),
    weightScore: integer('weight_score').notNull().default(0),
    dailyTargetCount: integer('daily_target_count').notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('activity_profiles_org_idx').on(t.orgId, t.createdAt),
    check('activity_profiles_numbers_check', sql`${t.weightScore} >= 0 and ${t.dailyTargetCount} >= 0`),
  ],
);

export const activityProfileItems = pgTable(
  'activity_profile_items',
  {
    orgId: orgIdColumn(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => activityProfiles.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => activityItems.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.itemId] }), index('activity_profile_items_org_idx').on(t.orgId, t.profileId, t.sort)],
);

/** A user has at most one activity profile per workspace (the user's "activity" in settings/users). */
export const activityProfileUsers = pgTable(
  'activity_profile_users',
  {
    orgId: orgIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => activityProfiles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.userId] }), index('activity_profile_users_profile_idx').on(t.orgId, t.profileId)],
);

/**
 * Points earned by completing a schedule occurrence: one row per (occurrence, activity item), summed by the
 * activity reports. The item's name and point are copied, so later item edits do not rewrite history.
 * schedule_id has no foreign key here (the schedules module owns that table); the schedules service deletes
 * the rows of occurrences it removes.
 */
export const activityPoints = pgTable(
  'activity_points',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scheduleId: uuid('schedule_id').notNull(),
    occurrenceDate: date('occurrence_date', { mode: 'string' }).notNull(),
    activityItemId: uuid('activity_item_id').references(() => activityItems.id, { onDelete: 'set null' }),
    itemName: text('item_name').notNull(),
    point: integer('point').notNull(),
    /** The local date the activity happened (the occurrence's start date), for daily/weekly/monthly sums. */
    earnedOn: date('earned_on', { mode: 'string' }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('activity_points_occurrence_item_idx').on(t.orgId, t.scheduleId, t.occurrenceDate, t.activityItemId),
    // Migration 0023 recreated it with INCLUDE (activity_item_id, point): the team report reads the index alone.
    index('activity_points_user_day_idx').on(t.orgId, t.userId, t.earnedOn),
  ],
);
