import type { LineFriendStatus, LineMessageKind, LineSegmentKind } from '@lodestar/contract';
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
    /** Stop keywords (PDPA opt-out) a friend sends to stop marketing; null: the defaults (lineDefaultStopKeywords). */
    stopKeywords: jsonb('stop_keywords').$type<string[]>(),
    /** Routing (line.routing.ts): members who take turns receiving new friends and unassigned conversations. */
    routingMemberIds: jsonb('routing_member_ids').$type<string[]>().notNull().default([]),
    /** Keyword rules, first match wins: a message containing the keyword goes to the member. */
    routingRules: jsonb('routing_rules').$type<{ keyword: string; userId: string }[]>().notNull().default([]),
    /** Round-robin turns taken so far; the next member is routingMemberIds[turns % length]. */
    routingTurns: integer('routing_turns').notNull().default(0),
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
    /** The friend sent a stop keyword: no segment messages (also when not linked to a contact). */
    optedOutAt: timestamp('opted_out_at', { withTimezone: true }),
    /** The friend's first message since our last one (null: nothing waits for a reply); line.waiting.ts. */
    awaitingReplySince: timestamp('awaiting_reply_since', { withTimezone: true }),
    /** When the owner was mailed about this waiting period (once per period; cleared by our next message). */
    awaitingNoticeAt: timestamp('awaiting_notice_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('line_friends_user_idx').on(t.channelRowId, t.lineUserId),
    index('line_friends_org_recent_idx').on(t.orgId, t.lastMessageAt),
    // One friend per contact in a workspace (a contact's conversation is one thread).
    uniqueIndex('line_friends_org_contact_uq').on(t.orgId, t.contactId).where(sql`contact_id is not null`),
    // The waiting-reply scan: only conversations with a message waiting, not yet mailed about.
    index('line_friends_awaiting_idx').on(t.awaitingReplySince).where(sql`awaiting_reply_since is not null and awaiting_notice_at is null`),
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
    /** Our copy of the image or file (a friend's: stored on first view, fetched from LINE's content API). */
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    /** A file's name and size as LINE gave them (a friend's file message) or as uploaded (ours). */
    fileName: text('file_name'),
    fileSize: integer('file_size'),
    sentByUserId: uuid('sent_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    via: text('via').$type<'reply' | 'push'>(),
    /** LINE's read token of a friend's message (webhook, no expiry): marking it read marks all before it too. */
    markAsReadToken: text('mark_as_read_token'),
    /** When Lodestar told LINE it was read (the friend then sees 既讀); set once, by a conditional update. */
    readMarkedAt: timestamp('read_marked_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [index('line_messages_friend_idx').on(t.orgId, t.friendId, t.createdAt)],
);

/**
 * One-time binding codes (docs/product.md#line-channel): a salesperson gets one for a contact and gives it to the
 * customer; the LINE friend who sends it to the official account is linked to that contact (once, before it expires).
 */
export const lineBindCodes = pgTable(
  'line_bind_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedByFriendId: uuid('used_by_friend_id').references(() => lineFriends.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('line_bind_codes_code_idx').on(t.orgId, t.code),
    index('line_bind_codes_contact_idx').on(t.contactId),
    index('line_bind_codes_friend_idx').on(t.usedByFriendId).where(sql`used_by_friend_id is not null`),
  ],
);

/** Saved replies of a workspace's LINE conversations: a text per language (with variables) and quick-reply buttons. */
export const lineSavedReplies = pgTable(
  'line_saved_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    title: text('title').notNull(),
    texts: jsonb('texts').$type<Partial<Record<'zh-TW' | 'zh-CN' | 'en-US', string>>>().notNull(),
    quickReplies: jsonb('quick_replies').$type<string[]>().notNull().default([]),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('line_saved_replies_org_idx').on(t.orgId, t.title)],
);

/**
 * Pushes waiting for LINE (an outbox): a booking notice to a linked friend, queued in the writer's transaction and
 * sent by the `channels.line.pushes` job. `source` makes each notice one row (a repeated queue is a no-op); the
 * row's `retry_key` is LINE's X-Line-Retry-Key, so a push retried after a crash or timeout is delivered once
 * (LINE answers 409 to a key it already accepted).
 */
export const linePushes = pgTable(
  'line_pushes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    friendId: uuid('friend_id')
      .notNull()
      .references(() => lineFriends.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    text: text('text').notNull(),
    retryKey: uuid('retry_key').notNull().defaultRandom(),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('line_pushes_source_idx').on(t.orgId, t.source),
    index('line_pushes_due_idx').on(t.runAt).where(sql`status = 'pending'`),
    index('line_pushes_friend_idx').on(t.friendId),
  ],
);

/**
 * A segment message (docs/product.md#segment-messages): one text to the linked friends of a tag's contacts, now or at
 * scheduled_at. The audience is fixed when the send starts (opt-outs and blocks counted as skipped), then sent in
 * line_segment_chunks. Figures: sent, failed, skipped.
 */
export const lineSegmentSends = pgTable(
  'line_segment_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    /** The audience: a tag's contacts or a saved contact filter's (one of the two). */
    tagId: uuid('tag_id'),
    savedFilterId: uuid('saved_filter_id'),
    kind: text('kind').$type<LineSegmentKind>().notNull().default('text'),
    /** The text, or the words of an image, card or booking link (the list shows it). */
    text: text('text').notNull(),
    /** The LINE message objects sent, built when the send was created (null: one text message of `text`). */
    messages: jsonb('messages').$type<unknown[]>(),
    imageFileId: uuid('image_file_id').references(() => files.id, { onDelete: 'set null' }),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    status: text('status').$type<'scheduled' | 'sending' | 'done' | 'failed'>().notNull().default('scheduled'),
    error: text('error'),
    total: integer('total').notNull().default(0),
    sent: integer('sent').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    skippedOptOut: integer('skipped_opt_out').notNull().default(0),
    skippedBlocked: integer('skipped_blocked').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('line_segment_sends_org_idx').on(t.orgId, t.createdAt), index('line_segment_sends_due_idx').on(t.scheduledAt).where(sql`status = 'scheduled'`)],
);

/** One multicast call (up to 500 LINE user ids), sent once: its retry_key is LINE's X-Line-Retry-Key. */
export const lineSegmentChunks = pgTable(
  'line_segment_chunks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    sendId: uuid('send_id')
      .notNull()
      .references(() => lineSegmentSends.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    lineUserIds: jsonb('line_user_ids').$type<string[]>().notNull(),
    retryKey: uuid('retry_key').notNull().defaultRandom(),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [uniqueIndex('line_segment_chunks_seq_idx').on(t.sendId, t.seq), index('line_segment_chunks_due_idx').on(t.runAt).where(sql`status = 'pending'`)],
);

/**
 * The official account's rich menu as last published from Lodestar (one per workspace; line.rich-menu.ts). LINE keeps
 * the menu; this row keeps its LINE id (deleted at LINE when a new one replaces it), the areas as the settings page
 * edits them and the image (a file of the workspace).
 */
export const lineRichMenus = pgTable(
  'line_rich_menus',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => lineChannels.id, { onDelete: 'cascade' }),
    richMenuId: text('rich_menu_id').notNull(),
    chatBarText: text('chat_bar_text').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The areas with each tap's resolved target (LineRichMenu['areas']). */
    areas: jsonb('areas').$type<unknown[]>().notNull(),
    imageFileId: uuid('image_file_id').references(() => files.id, { onDelete: 'set null' }),
    publishedByUserId: uuid('published_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('line_rich_menus_org_idx').on(t.orgId)],
);
