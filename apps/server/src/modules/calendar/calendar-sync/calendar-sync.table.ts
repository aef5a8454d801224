import type { CalendarProvider, CalendarSyncStatus, CalendarSyncType } from '@lodestar/contract';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../access/users/users.table.ts';
import { orgIdColumn } from '../../access/tenant-columns.ts';
import { createdAtColumn, updatedAtColumn } from '../../../db/columns.ts';

export interface StoredProviderCalendar {
  id: string;
  name: string;
  primary: boolean;
}

/**
 * A user's connected Google or Outlook account in one workspace (docs/product.md#fields). Tokens are
 * AES-256-GCM ciphertext (platform/secrets.ts), never plaintext. sync_tokens holds, per chosen
 * calendar, Google's nextSyncToken or Graph's deltaLink.
 */
export const calendarSyncAccounts = pgTable(
  'calendar_sync_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<CalendarProvider>().notNull(),
    email: text('email'),
    displayName: text('display_name'),
    accessToken: text('access_token').notNull(),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    calendars: jsonb('calendars').$type<StoredProviderCalendar[]>().notNull().default([]),
    calendarIds: jsonb('calendar_ids').$type<string[]>().notNull().default([]),
    syncType: text('sync_type').$type<CalendarSyncType>().notNull().default('twoWay'),
    syncTokens: jsonb('sync_tokens').$type<Record<string, string>>().notNull().default({}),
    status: text('status').$type<CalendarSyncStatus>().notNull().default('idle'),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** When the next pull is due (the recurring job picks due accounts). */
    pullAt: timestamp('pull_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAtColumn(),
  },
  (table) => [uniqueIndex('calendar_sync_accounts_owner_idx').on(table.orgId, table.userId, table.provider)],
);

/**
 * Which provider event a schedule is, per account: pushes update the same event, pulls find the
 * schedule, and the etag tells a change we made from one made there (so nothing loops).
 */
export const calendarSyncLinks = pgTable(
  'calendar_sync_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => calendarSyncAccounts.id, { onDelete: 'cascade' }),
    // No foreign key on purpose: the link must outlive a deleted schedule until the push deletes its event.
    scheduleId: uuid('schedule_id').notNull(),
    calendarId: text('calendar_id').notNull(),
    eventId: text('event_id').notNull(),
    etag: text('etag'),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    uniqueIndex('calendar_sync_links_schedule_idx').on(table.accountId, table.scheduleId),
    uniqueIndex('calendar_sync_links_event_idx').on(table.accountId, table.calendarId, table.eventId),
    index('calendar_sync_links_org_idx').on(table.orgId, table.scheduleId),
  ],
);

/**
 * Schedule changes waiting to be pushed (an outbox drained by the calendarSync.push job, so a
 * restart loses nothing). One row per account and schedule: a newer change replaces the older one.
 */
export const calendarSyncPushes = pgTable(
  'calendar_sync_pushes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => calendarSyncAccounts.id, { onDelete: 'cascade' }),
    // No foreign key: a deleted schedule's push is what deletes its event there.
    scheduleId: uuid('schedule_id').notNull(),
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (table) => [uniqueIndex('calendar_sync_pushes_schedule_idx').on(table.accountId, table.scheduleId), index('calendar_sync_pushes_due_idx').on(table.runAt)],
);

/** The private ICS feed of a user in a workspace: looked up by the token's SHA-256, shown again from the ciphertext. */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    orgId: orgIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    token: text('token').notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [uniqueIndex('calendar_feeds_owner_idx').on(table.orgId, table.userId), uniqueIndex('calendar_feeds_token_idx').on(table.tokenHash)],
);
