import { and, arrayContains, count, desc, eq, isNull, notExists, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/paging.ts';
import { contacts } from '../../records/contacts/contacts.table.ts';
import { lineFriends, lineSegmentChunks, lineSegmentSends } from './line.table.ts';

/** Segment sends and their chunks (line.segments.ts). */

export type SegmentSendRow = typeof lineSegmentSends.$inferSelect;

/** A tag's contacts, as an audience condition on `contacts`. */
export function tagCondition(tagId: string): SQL {
  return arrayContains(contacts.tagIds, [tagId]);
}

/**
 * An audience's live contacts' linked friends on the channel (none restricted: PDPA stop processing), with whether they may get marketing: the one query of
 * the count before sending and of the send itself. `condition` selects the contacts (a tag, or a saved contact filter
 * as the contact list applies it).
 */
export function audience(db: Db, orgId: string, channelRowId: string, condition: SQL | undefined) {
  return db
    .select({ lineUserId: lineFriends.lineUserId, status: lineFriends.status, optedOut: sql<boolean>`(${lineFriends.optedOutAt} is not null or ${contacts.noMarketing})` })
    .from(lineFriends)
    .innerJoin(contacts, and(eq(contacts.id, lineFriends.contactId), eq(contacts.orgId, lineFriends.orgId)))
    .where(and(eq(lineFriends.orgId, orgId), eq(lineFriends.channelRowId, channelRowId), isNull(contacts.deletedAt), isNull(contacts.restrictedAt), condition))
    .orderBy(lineFriends.lineUserId);
}

/** The audience's live contacts that no friend of the channel is linked to. */
export async function countNotLinked(db: Db, orgId: string, channelRowId: string, condition: SQL | undefined): Promise<number> {
  const linked = db
    .select({ one: sql`1` })
    .from(lineFriends)
    .where(and(eq(lineFriends.orgId, orgId), eq(lineFriends.channelRowId, channelRowId), eq(lineFriends.contactId, contacts.id)));
  const [row] = await db
    .select({ n: count() })
    .from(contacts)
    .where(and(eq(contacts.orgId, orgId), isNull(contacts.deletedAt), isNull(contacts.restrictedAt), condition, notExists(linked)));
  return row?.n ?? 0;
}

export async function insertSend(db: Db, orgId: string, values: Omit<typeof lineSegmentSends.$inferInsert, 'orgId'>): Promise<SegmentSendRow> {
  const [row] = await db
    .insert(lineSegmentSends)
    .values({ orgId, ...values })
    .returning();
  return row!;
}

export function listSends(db: Db, orgId: string, limit = 50): Promise<SegmentSendRow[]> {
  return db.select().from(lineSegmentSends).where(eq(lineSegmentSends.orgId, orgId)).orderBy(desc(lineSegmentSends.createdAt)).limit(limit);
}

export async function findSend(db: Db, orgId: string, id: string): Promise<SegmentSendRow | undefined> {
  const [row] = await db
    .select()
    .from(lineSegmentSends)
    .where(and(eq(lineSegmentSends.orgId, orgId), eq(lineSegmentSends.id, id)))
    .limit(1);
  return row;
}

/** Due scheduled sends (all workspaces), leased to this worker while it fixes their audience. */
export function claimDueSends(db: Db, leaseSeconds: number): Promise<{ id: string; org_id: string }[]> {
  return queryRows(
    db,
    sql`update line_segment_sends set locked_until = now() + make_interval(secs => ${leaseSeconds})
        where id in (
          select id from line_segment_sends
          where status = 'scheduled' and scheduled_at <= now() and (locked_until is null or locked_until < now())
          order by scheduled_at limit 5
          for update skip locked)
        returning id, org_id`,
  );
}

/** The audience fixed: the chunks written and the send marked sending, once (conditional on 'scheduled'). */
export async function startSend(db: Db, orgId: string, id: string, figures: { total: number; skippedOptOut: number; skippedBlocked: number }, chunks: string[][]): Promise<boolean> {
  const rows = await db
    .update(lineSegmentSends)
    .set({ status: chunks.length > 0 ? 'sending' : 'done', lockedUntil: null, ...figures, ...(chunks.length > 0 ? {} : { finishedAt: new Date() }) })
    .where(and(eq(lineSegmentSends.orgId, orgId), eq(lineSegmentSends.id, id), eq(lineSegmentSends.status, 'scheduled')))
    .returning({ id: lineSegmentSends.id });
  if (rows.length !== 1) return false;
  if (chunks.length > 0) await db.insert(lineSegmentChunks).values(chunks.map((lineUserIds, seq) => ({ orgId, sendId: id, seq, lineUserIds })));
  return true;
}

export async function failSend(db: Db, orgId: string, id: string, error: string): Promise<void> {
  await db
    .update(lineSegmentSends)
    .set({ status: 'failed', error, lockedUntil: null, finishedAt: new Date() })
    .where(and(eq(lineSegmentSends.orgId, orgId), eq(lineSegmentSends.id, id), eq(lineSegmentSends.status, 'scheduled')));
}

export interface ClaimedChunk {
  id: string;
  org_id: string;
  send_id: string;
  line_user_ids: string[];
  retry_key: string;
  attempts: number;
}

export function claimChunks(db: Db, leaseSeconds: number, limit: number): Promise<ClaimedChunk[]> {
  return queryRows<ClaimedChunk>(
    db,
    sql`with claimed as (
          update line_segment_chunks set locked_until = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1
          where id in (
            select id from line_segment_chunks
            where status = 'pending' and run_at <= now() and (locked_until is null or locked_until < now())
            order by run_at, seq limit ${limit}
            for update skip locked)
          returning id, org_id, send_id, line_user_ids, retry_key, attempts, run_at, seq)
        select id, org_id, send_id, line_user_ids, retry_key, attempts from claimed order by run_at, seq`,
  );
}

/**
 * A chunk sent or failed, once: its recipients join the send's figures in the same statement's transaction, and the
 * send is done when no chunk is left pending.
 */
export async function settleChunk(db: Db, orgId: string, chunk: ClaimedChunk, status: 'sent' | 'failed', error: string | null): Promise<boolean> {
  const rows = await db
    .update(lineSegmentChunks)
    .set({ status, lastError: error, lockedUntil: null })
    .where(and(eq(lineSegmentChunks.orgId, orgId), eq(lineSegmentChunks.id, chunk.id), eq(lineSegmentChunks.status, 'pending')))
    .returning({ id: lineSegmentChunks.id });
  if (rows.length !== 1) return false;
  const n = chunk.line_user_ids.length;
  await db
    .update(lineSegmentSends)
    .set(status === 'sent' ? { sent: sql`${lineSegmentSends.sent} + ${n}` } : { failed: sql`${lineSegmentSends.failed} + ${n}`, error })
    .where(and(eq(lineSegmentSends.orgId, orgId), eq(lineSegmentSends.id, chunk.send_id)));
  await db.execute(sql`update line_segment_sends set status = 'done', finished_at = now()
    where org_id = ${orgId} and id = ${chunk.send_id} and status = 'sending'
      and not exists (select 1 from line_segment_chunks where send_id = ${chunk.send_id} and status = 'pending')`);
  return true;
}

export async function retryChunkLater(db: Db, orgId: string, id: string, delaySeconds: number, error: string): Promise<void> {
  await db
    .update(lineSegmentChunks)
    .set({ runAt: sql`now() + make_interval(secs => ${delaySeconds})`, lockedUntil: null, lastError: error.slice(0, 500) })
    .where(and(eq(lineSegmentChunks.orgId, orgId), eq(lineSegmentChunks.id, id), eq(lineSegmentChunks.status, 'pending')));
}
