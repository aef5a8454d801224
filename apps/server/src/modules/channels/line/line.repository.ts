import { and, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/paging.ts';
import { personNameSql } from '../../../db/person-name.ts';
import { users } from '../../access/users/users.table.ts';
import { contacts } from '../../records/contacts/contacts.table.ts';
import { lineBindCodes, lineChannels, lineFriends, lineMessages, lineSavedReplies, lineWebhookEvents } from './line.table.ts';

export type ChannelRow = typeof lineChannels.$inferSelect;
export type FriendRow = typeof lineFriends.$inferSelect;
export type MessageRow = typeof lineMessages.$inferSelect;

// ---- channel ----

export async function findChannel(db: Db, orgId: string): Promise<ChannelRow | undefined> {
  const [row] = await db.select().from(lineChannels).where(eq(lineChannels.orgId, orgId)).limit(1);
  return row;
}

/** How far the workspace's channel is connected (no row: not started), for the record page's statement batch. */
export function channelStepsQuery(db: Db, orgId: string) {
  return db.select({ completedSteps: lineChannels.completedSteps }).from(lineChannels).where(eq(lineChannels.orgId, orgId)).limit(1);
}

/** The webhook's lookup: the path secret's hash alone names the channel (and so the workspace). */
export async function findChannelByTokenHash(db: Db, tokenHash: string): Promise<ChannelRow | undefined> {
  const [row] = await db.select().from(lineChannels).where(eq(lineChannels.webhookTokenHash, tokenHash)).limit(1);
  return row;
}

export async function insertChannel(db: Db, orgId: string, values: { webhookToken: string; webhookTokenHash: string; connectedByUserId: string }): Promise<ChannelRow> {
  const [row] = await db
    .insert(lineChannels)
    .values({ orgId, ...values })
    .onConflictDoUpdate({ target: lineChannels.orgId, set: { updatedAt: sql`now()` } })
    .returning();
  return row!;
}

export async function updateChannel(db: Db, orgId: string, id: string, values: Partial<typeof lineChannels.$inferInsert>): Promise<ChannelRow> {
  const [row] = await db
    .update(lineChannels)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(lineChannels.orgId, orgId), eq(lineChannels.id, id)))
    .returning();
  return row!;
}

// ---- webhook inbox ----

export interface InboxEvent {
  webhookEventId: string;
  eventTime: Date;
  event: Record<string, unknown>;
}

/** One statement for the whole request; a redelivered event id is ignored. */
export async function insertEvents(db: Db, orgId: string, channelRowId: string, events: InboxEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db
    .insert(lineWebhookEvents)
    .values(events.map((e) => ({ orgId, channelRowId, ...e })))
    .onConflictDoNothing({ target: [lineWebhookEvents.channelRowId, lineWebhookEvents.webhookEventId] });
}

export interface ClaimedEvent {
  id: string;
  org_id: string;
  channel_row_id: string;
  event: Record<string, unknown>;
  attempts: number;
}

/**
 * Claims unprocessed events across workspaces (or of one channel) with a lease, oldest first, so a second
 * app server or a restarted one takes the rest and none is applied twice (processed_at is set with the effects).
 */
export async function claimEvents(db: Db, leaseSeconds: number, limit: number, channelRowId?: string): Promise<ClaimedEvent[]> {
  const only = channelRowId ? sql`and channel_row_id = ${channelRowId}` : sql``;
  return queryRows<ClaimedEvent>(
    db,
    sql`update line_webhook_events set locked_until = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1
        where id in (
          select id from line_webhook_events
          where processed_at is null and (locked_until is null or locked_until < now()) and attempts < 10 ${only}
          order by event_time, received_at limit ${limit}
          for update skip locked)
        returning id, org_id, channel_row_id, event, attempts`,
  );
}

export async function markProcessed(db: Db, orgId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(lineWebhookEvents)
    .set({ processedAt: new Date(), lockedUntil: null, lastError: null })
    .where(and(eq(lineWebhookEvents.orgId, orgId), eq(lineWebhookEvents.id, id), isNull(lineWebhookEvents.processedAt)))
    .returning({ id: lineWebhookEvents.id });
  return rows.length === 1;
}

export async function releaseEvent(db: Db, orgId: string, id: string, error: string): Promise<void> {
  await db
    .update(lineWebhookEvents)
    .set({ lockedUntil: sql`now() + interval '1 minute'`, lastError: error.slice(0, 500) })
    .where(and(eq(lineWebhookEvents.orgId, orgId), eq(lineWebhookEvents.id, id)));
}

// ---- friends (conversations) ----

export async function findFriendByUser(db: Db, orgId: string, channelRowId: string, lineUserId: string): Promise<FriendRow | undefined> {
  const [row] = await db
    .select()
    .from(lineFriends)
    .where(and(eq(lineFriends.orgId, orgId), eq(lineFriends.channelRowId, channelRowId), eq(lineFriends.lineUserId, lineUserId)))
    .limit(1);
  return row;
}

/**
 * The friend's row, created if new. Two first events of one friend applied at once both get the one row (the
 * second insert waits for the first and takes its row) instead of failing on the unique index.
 */
export async function insertFriend(db: Db, orgId: string, values: Omit<typeof lineFriends.$inferInsert, 'orgId'>): Promise<FriendRow> {
  const [row] = await db
    .insert(lineFriends)
    .values({ ...values, orgId })
    .onConflictDoUpdate({ target: [lineFriends.channelRowId, lineFriends.lineUserId], set: { updatedAt: sql`now()` } })
    .returning();
  return row!;
}

type FriendInsert = typeof lineFriends.$inferInsert;

/** Values may be SQL (e.g. `unread + 1`, so concurrent messages each count). */
export async function updateFriend(db: Db, orgId: string, id: string, values: { [K in keyof FriendInsert]?: FriendInsert[K] | SQL }): Promise<void> {
  await db
    .update(lineFriends)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(lineFriends.orgId, orgId), eq(lineFriends.id, id)));
}

/**
 * Claims the waiting-reply notices due at `now` (all workspaces): friends whose first unanswered message is older than
 * `cutoff`, with an owner, not yet noticed in this waiting period — marked in the same statement, so each period
 * is claimed once across workers.
 */
export async function claimWaitingNotices(db: Db, cutoff: Date, now: Date, limit: number) {
  const rows = await queryRows<{ id: string; org_id: string; owner_user_id: string; display_name: string; last_message: string | null; awaiting_reply_since: string | Date }>(
    db,
    sql`update line_friends set awaiting_notice_at = ${now.toISOString()}::timestamptz
        where id in (
          select id from line_friends
          where awaiting_reply_since <= ${cutoff.toISOString()}::timestamptz and awaiting_notice_at is null
            and owner_user_id is not null and status = 'followed'
          order by awaiting_reply_since limit ${limit}
          for update skip locked)
        returning id, org_id, owner_user_id, display_name, last_message, awaiting_reply_since`,
  );
  return rows.map((r) => ({ id: r.id, orgId: r.org_id, ownerUserId: r.owner_user_id, displayName: r.display_name, lastMessage: r.last_message, awaitingReplySince: new Date(r.awaiting_reply_since) }));
}

/** Uses the reply token once: answers it only when it was still unused and fresh (conditional update). */
export async function takeReplyToken(db: Db, orgId: string, id: string, freshSeconds: number): Promise<string | undefined> {
  const rows = await queryRows<{ token: string }>(
    db,
    sql`with old as (
          select id, reply_token from line_friends
          where id = ${id} and org_id = ${orgId} and reply_token is not null and reply_token_at > now() - make_interval(secs => ${freshSeconds})
          for update)
        update line_friends f set reply_token = null from old where f.id = old.id returning old.reply_token as token`,
  );
  return rows[0]?.token;
}

const conversationColumns = {
  friend: lineFriends,
  contactName: personNameSql(contacts.firstName, contacts.lastName),
  contactDeleted: contacts.deletedAt,
  ownerName: personNameSql(users.firstName, users.lastName),
};
export type ConversationRow = { friend: FriendRow; contactName: string | null; contactDeleted: Date | null; ownerName: string | null };

function conversationQuery(db: Db) {
  return db
    .select(conversationColumns)
    .from(lineFriends)
    .leftJoin(contacts, and(eq(contacts.id, lineFriends.contactId), eq(contacts.orgId, lineFriends.orgId)))
    .leftJoin(users, eq(users.id, lineFriends.ownerUserId));
}

export async function listConversations(db: Db, orgId: string, visible: SQL, keyword: string | undefined, page: number, size: number) {
  const escaped = keyword ? `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    eq(lineFriends.orgId, orgId),
    visible,
    escaped ? or(ilike(lineFriends.displayName, escaped), ilike(lineFriends.lastMessage, escaped)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    conversationQuery(db)
      .where(where)
      .orderBy(sql`${lineFriends.lastMessageAt} desc nulls last`, desc(lineFriends.createdAt))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(lineFriends).where(where),
  ]);
  return { rows: rows as ConversationRow[], total: total?.n ?? 0 };
}

export async function findConversation(db: Db, orgId: string, id: string, visible: SQL): Promise<ConversationRow | undefined> {
  const [row] = await conversationQuery(db).where(and(eq(lineFriends.orgId, orgId), eq(lineFriends.id, id), visible)).limit(1);
  return row as ConversationRow | undefined;
}

// ---- messages ----

export async function insertMessage(db: Db, orgId: string, values: Omit<typeof lineMessages.$inferInsert, 'orgId'>): Promise<MessageRow> {
  const [row] = await db.insert(lineMessages).values({ ...values, orgId }).returning();
  return row!;
}

export async function findMessage(db: Db, orgId: string, friendId: string, id: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(lineMessages)
    .where(and(eq(lineMessages.orgId, orgId), eq(lineMessages.friendId, friendId), eq(lineMessages.id, id)))
    .limit(1);
  return row;
}

/** Keeps the first stored copy of a friend's content (two first views at once: one copy wins, answers its id). */
export async function setMessageFile(db: Db, orgId: string, id: string, fileId: string): Promise<boolean> {
  const rows = await db
    .update(lineMessages)
    .set({ fileId })
    .where(and(eq(lineMessages.orgId, orgId), eq(lineMessages.id, id), isNull(lineMessages.fileId)))
    .returning({ id: lineMessages.id });
  return rows.length === 1;
}

export async function listMessages(db: Db, orgId: string, friendId: string, limit = 200) {
  const rows = await db
    .select({ message: lineMessages, senderName: personNameSql(users.firstName, users.lastName) })
    .from(lineMessages)
    .leftJoin(users, eq(users.id, lineMessages.sentByUserId))
    .where(and(eq(lineMessages.orgId, orgId), eq(lineMessages.friendId, friendId)))
    .orderBy(desc(lineMessages.createdAt), desc(lineMessages.id))
    .limit(limit);
  return rows.reverse();
}

export async function countMessages(db: Db, orgId: string, friendId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(lineMessages).where(and(eq(lineMessages.orgId, orgId), eq(lineMessages.friendId, friendId)));
  return row?.n ?? 0;
}

// ---- friend ↔ contact ----

export async function findFriendByContact(db: Db, orgId: string, contactId: string): Promise<FriendRow | undefined> {
  const [row] = await db
    .select()
    .from(lineFriends)
    .where(and(eq(lineFriends.orgId, orgId), eq(lineFriends.contactId, contactId)))
    .limit(1);
  return row;
}

export async function insertBindCode(db: Db, orgId: string, values: { contactId: string; code: string; expiresAt: Date; createdByUserId: string }): Promise<boolean> {
  const rows = await db
    .insert(lineBindCodes)
    .values({ ...values, orgId })
    .onConflictDoNothing({ target: [lineBindCodes.orgId, lineBindCodes.code] })
    .returning({ id: lineBindCodes.id });
  return rows.length === 1;
}

/**
 * Uses a binding code once (conditional update): answers its contact and the language of the member who made it
 * (the confirmation is written in it), or nothing when the code is unknown, used or expired.
 */
export async function takeBindCode(db: Db, orgId: string, code: string, friendId: string): Promise<{ contactId: string; language: string | null } | undefined> {
  const rows = await queryRows<{ contact_id: string; language: string | null }>(
    db,
    sql`update line_bind_codes c set used_at = now(), used_by_friend_id = ${friendId}
        from line_bind_codes old left join users u on u.id = old.created_by_user_id
        where c.id = old.id and c.org_id = ${orgId} and c.code = ${code} and c.used_at is null and c.expires_at > now()
        returning c.contact_id, u.language`,
  );
  return rows[0] ? { contactId: rows[0].contact_id, language: rows[0].language } : undefined;
}

// ---- saved replies ----

export type SavedReplyRow = typeof lineSavedReplies.$inferSelect;
type SavedReplyValues = Pick<typeof lineSavedReplies.$inferInsert, 'title' | 'texts' | 'quickReplies'>;

export function listSavedReplies(db: Db, orgId: string): Promise<SavedReplyRow[]> {
  return db.select().from(lineSavedReplies).where(eq(lineSavedReplies.orgId, orgId)).orderBy(lineSavedReplies.title, lineSavedReplies.id);
}

export async function findSavedReply(db: Db, orgId: string, id: string): Promise<SavedReplyRow | undefined> {
  const [row] = await db.select().from(lineSavedReplies).where(and(eq(lineSavedReplies.orgId, orgId), eq(lineSavedReplies.id, id))).limit(1);
  return row;
}

export async function insertSavedReply(db: Db, orgId: string, values: SavedReplyValues & { createdByUserId: string }): Promise<SavedReplyRow> {
  const [row] = await db.insert(lineSavedReplies).values({ ...values, orgId }).returning();
  return row!;
}

export async function updateSavedReply(db: Db, orgId: string, id: string, values: SavedReplyValues): Promise<SavedReplyRow | undefined> {
  const [row] = await db
    .update(lineSavedReplies)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(lineSavedReplies.orgId, orgId), eq(lineSavedReplies.id, id)))
    .returning();
  return row;
}

export async function deleteSavedReply(db: Db, orgId: string, id: string): Promise<boolean> {
  const rows = await db.delete(lineSavedReplies).where(and(eq(lineSavedReplies.orgId, orgId), eq(lineSavedReplies.id, id))).returning({ id: lineSavedReplies.id });
  return rows.length === 1;
}

/**
 * The friend's newest message with a read token, if LINE has not been told yet: claimed once (a conditional update),
 * so two viewers or two app servers mark it read at LINE once. Null: nothing new to mark.
 */
export async function claimReadMark(db: Db, orgId: string, friendId: string): Promise<{ id: string; token: string } | null> {
  const rows = await queryRows<{ id: string; token: string }>(
    db,
    sql`update line_messages set read_marked_at = now()
        where id = (select id from line_messages where org_id = ${orgId} and friend_id = ${friendId} and direction = 'in' and mark_as_read_token is not null
                    order by created_at desc limit 1)
          and read_marked_at is null
        returning id, mark_as_read_token as token`,
  );
  return rows[0] ?? null;
}

/** LINE did not take it: the next view tries again. */
export async function releaseReadMark(db: Db, orgId: string, id: string): Promise<void> {
  await db.update(lineMessages).set({ readMarkedAt: null }).where(and(eq(lineMessages.orgId, orgId), eq(lineMessages.id, id)));
}
