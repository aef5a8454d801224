import type { LineFriendStatus, LineMessageKind } from '@lodestar/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../access/users/users.table.ts';
import { files } from '../../access/files/files.table.ts';
import { orgIdColumn } from '../../access/tenant-columns.ts';
import { contacts } from '../../records/contacts/contacts.table.ts';
import { createdAtColumn, updatedAtColumn } from '../../../db/columns.ts';

/**
 * A workspace's LINE Official Account (one per workspace). The channel secret and access token are
 * AES-256-GCM ciphertext (platform/secrets.ts). LINE posts to /api/line/webhook/<token>: the token's
 * SHA-256 finds the row, its ciphertext lets the settings page show the URL again.
 */
export const lineChannels = pgTable(
  'line_channels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    completedSteps: integer('completed_steps').notNull().default(0),
    channelId: text('channel_id'),
    channelSecret: text('channel_secret'),
    accessToken: text('access_token'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    botUserId: text('bot_user_id'),
    botName: text('bot_name'),
    basicId: text('basic_id'),
    pictureUrl: text('picture_url'),
    chatMode: text('chat_mode'),
    webhookToken: text('webhook_token').notNull(),
    webhookTokenHash: text('webhook_token_hash').notNull(),
    webhookTestedAt: timestamp('webhook_tested_at', { withTimezone: true }),
    webhookActive: boolean('webhook_active'),
    /** Step 6 waits for the first message event after step 5. */
    testMessageAt: timestamp('test_message_at', { withTimezone: true }),
    /** Owner of contacts made from new friends. */
    connectedByUserId: uuid('connected_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('line_channels_org_idx').on(t.orgId), uniqueIndex('line_channels_webhook_idx').on(t.webhookTokenHash)],
);

/**
 * Webhook events as received (an inbox): the unique key makes a redelivery a no-op, processed_at marks the
 * one time an event was applied (in the same transaction as its effects). Claimed with a lease by the
 * `channels.line.events` job or right after the webhook answered.
 */
export const lineWebhookEvents = pgTable(
  'line_webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    channelRowId: uuid('channel_row_id')
      .notNull()
      .references(() => lineChannels.id, { onDelete: 'cascade' }),
    webhookEventId: text('webhook_event_id').notNull(),
    eventTime: timestamp('event_time', { withTimezone: true }).notNull(),
    event: jsonb('event').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [
    uniqueIndex('line_webhook_events_once_idx').on(t.channelRowId, t.webhookEventId),
    index('line_webhook_events_pending_idx').on(t.eventTime).where(sql`processed_at is null`),
  ],
);

/** A LINE user who is (or was) a friend of the account: one conversation. */
export const lineFriends = pgTable(
  'line_friends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    channelRowId: uuid('channel_row_id')
      .notNull()
      .references(() => lineChannels.id, { onDelete: 'cascade' }),
    lineUserId: text('line_user_id').notNull(),
    displayName: text('display_name').notNull(),
    pictureUrl: text('picture_url'),
    status: text('status').$type<LineFriendStatus>().notNull().default('followed'),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    unread: integer('unread').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    lastMessage: text('last_message'),
    lastMessageKind: text('last_message_kind').$type<LineMessageKind>(),
    /** The latest unused reply token and when its event happened (LINE: use it within about a minute). */
    replyToken: text('reply_token'),
    replyTokenAt: timestamp('reply_token_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('line_friends_user_idx').on(t.channelRowId, t.lineUserId),
    index('line_friends_org_recent_idx').on(t.orgId, t.lastMessageAt),
    index('line_friends_org_contact_idx').on(t.orgId, t.contactId),
    // For the foreign key's own lookup (ON DELETE SET NULL runs `where contact_id = $1`, no org_id): without it every purged
    // contact scans this table (docs/ARCHITECTURE.md, "Indexes not led by org_id").
    index('line_friends_contact_ref_idx').on(t.contactId).where(sql`contact_id is not null`),
  ],
);

export const lineMessages = pgTable(
  'line_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    friendId: uuid('friend_id')
      .notNull()
      .references(() => lineFriends.id, { onDelete: 'cascade' }),
    direction: text('direction').$type<'in' | 'out'>().notNull(),
    kind: text('kind').$type<LineMessageKind>().notNull(),
    text: text('text'),
    sticker: jsonb('sticker').$type<{ packageId: string; stickerId: string }>(),
    lineMessageId: text('line_message_id'),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    sentByUserId: uuid('sent_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    via: text('via').$type<'reply' | 'push'>(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('line_messages_friend_idx').on(t.orgId, t.friendId, t.createdAt)],
);
