import type { ScheduleCategory } from '@lodestar/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, time, timestamp, uuid } from 'drizzle-orm/pg-core';
import { joinedText } from '../../../db/search-columns.ts';
import { companies } from '../../records/companies/companies.table.ts';
import { contacts } from '../../records/contacts/contacts.table.ts';
import { deals } from '../../deals/deals/deals.table.ts';
import { users } from '../../access/users/users.table.ts';
import { orgIdColumn } from '../../access/tenant-columns.ts';
import { createdAtColumn, updatedAtColumn } from '../../../db/columns.ts';

/**
 * Tasks/schedules (docs/product.md#fields). Times are local wall-clock (date + time) in `timezone`; starts_at/ends_at are
 * the first occurrence's instants, and last_ends_at the end of the last occurrence (null: repeats forever), so a
 * range query reads only the series that can reach it. A repeating schedule keeps its RFC 5545 rule in `rrule`
 * and is expanded per requested range (never materialized); per-occurrence changes live in schedule_exceptions.
 */
export const schedules = pgTable(
  'schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    creatorUserId: uuid('creator_user_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    category: text('category').$type<ScheduleCategory>(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    startTime: time('start_time'),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    endTime: time('end_time'),
    fullDay: boolean('full_day').notNull().default(false),
    timezone: text('timezone').notNull(),
    rrule: text('rrule'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    lastEndsAt: timestamp('last_ends_at', { withTimezone: true }),
    notice: integer('notice').notNull().default(0),
    dealId: uuid('deal_id').references(() => deals.id, { onDelete: 'set null' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    clientId: uuid('client_id').references(() => contacts.id, { onDelete: 'set null' }),
    address: text('address'),
    taskNote: text('task_note'),
    color: text('color').notNull(),
    activityItemIds: uuid('activity_item_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** Uploaded images (files rows; the file name is the image name). */
    imageFileIds: uuid('image_file_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** A non-repeating schedule's completion; repeating ones complete per occurrence (schedule_exceptions). */
    completed: boolean('completed').notNull().default(false),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    searchText: text('search_text').generatedAlwaysAs(sql`lower(${joinedText('title')})`),
    searchBigrams: text('search_bigrams').array().generatedAlwaysAs(sql`lodestar_bigrams(${joinedText('title')})`),
  },
  (t) => [
    // The calendar: per owner, the series still running at the range start (null = forever), started before its end.
    index('schedules_org_owner_range_idx').on(t.orgId, t.ownerUserId, t.lastEndsAt, t.startsAt),
    index('schedules_org_deal_idx').on(t.orgId, t.dealId),
    index('schedules_org_company_idx').on(t.orgId, t.companyId),
    index('schedules_org_client_idx').on(t.orgId, t.clientId),
    // For the foreign key's own lookup (ON DELETE SET NULL runs `where client_id = $1` or `company_id = $1`, no org_id): without them every purged
    // contact or company scans this table (docs/ARCHITECTURE.md, "Indexes not led by org_id").
    index('schedules_client_ref_idx').on(t.clientId).where(sql`client_id is not null`),
    index('schedules_company_ref_idx').on(t.companyId).where(sql`company_id is not null`),
    index('schedules_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('schedules_search_bigrams_idx').using('gin', t.searchBigrams),
    check('schedules_category_check', sql`${t.category} is null or ${t.category} in ('phone', 'mail', 'message', 'visit')`),
    check('schedules_times_check', sql`${t.fullDay} or (${t.startTime} is not null and ${t.endTime} is not null)`),
    check('schedules_order_check', sql`${t.endsAt} >= ${t.startsAt} and ${t.endDate} >= ${t.startDate}`),
    check('schedules_notice_check', sql`${t.notice} >= 0`),
  ],
);

/** What an occurrence overrides besides its time (an edit of "this occurrence"). */
export interface OccurrenceOverrides {
  title?: string;
  category?: ScheduleCategory | null;
  color?: string;
  address?: string | null;
  taskNote?: string | null;
  notice?: number;
  dealId?: string | null;
  companyId?: string | null;
  clientId?: string | null;
  activityItemIds?: string[];
}

/**
 * One occurrence of a repeating schedule that differs from its rule, keyed by its original local start date:
 * cancelled (deleted "this occurrence"), completed, moved (its own dates/times and instants), or edited (overrides).
 */
export const scheduleExceptions = pgTable(
  'schedule_exceptions',
  {
    orgId: orgIdColumn(),
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    occurrenceDate: date('occurrence_date', { mode: 'string' }).notNull(),
    cancelled: boolean('cancelled').notNull().default(false),
    completed: boolean('completed').notNull().default(false),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    startDate: date('start_date', { mode: 'string' }),
    startTime: time('start_time'),
    endDate: date('end_date', { mode: 'string' }),
    endTime: time('end_time'),
    fullDay: boolean('full_day'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    overrides: jsonb('overrides').$type<OccurrenceOverrides>().notNull().default({}),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.scheduleId, t.occurrenceDate] }),
    // Moved occurrences can land in a range their series does not reach.
    index('schedule_exceptions_moved_idx').on(t.orgId, t.startsAt).where(sql`starts_at is not null`),
    check('schedule_exceptions_moved_check', sql`(${t.startsAt} is null) = (${t.startDate} is null)`),
  ],
);

/** Reminders already shown to a user (docs/product.md#states: each appears once, also after a reload). */
export const scheduleRemindersShown = pgTable(
  'schedule_reminders_shown',
  {
    orgId: orgIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    shownAt: timestamp('shown_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.userId, t.key] })],
);

/** The colleagues whose calendars a user shows beside their own (saveUserSchedulePickUser). */
export const scheduleViewerPicks = pgTable(
  'schedule_viewer_picks',
  {
    orgId: orgIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pickedUserIds: uuid('picked_user_ids').array().notNull().default(sql`'{}'::uuid[]`),
    updatedAt: updatedAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.userId] })],
);
