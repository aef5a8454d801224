import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/paging.ts';
import { lineFriends, linePushes } from './line.table.ts';

/** The push outbox (line.pushes.ts): queue, claim with a lease, settle. */

export type PushRow = typeof linePushes.$inferSelect;

/** Queues a push once per source: a repeated call is a no-op. */
export async function queuePush(db: Db, orgId: string, values: { friendId: string; source: string; text: string }): Promise<void> {
  await db
    .insert(linePushes)
    .values({ orgId, ...values })
    .onConflictDoNothing({ target: [linePushes.orgId, linePushes.source] });
}

export interface ClaimedPush {
  id: string;
  org_id: string;
  friend_id: string;
  text: string;
  retry_key: string;
  attempts: number;
}

/**
 * Due pending pushes (all workspaces), each leased to this worker for leaseSeconds (FOR UPDATE SKIP LOCKED), oldest
 * first (a confirmation before its reminder).
 */
export function claimPushes(db: Db, leaseSeconds: number, limit: number): Promise<ClaimedPush[]> {
  return queryRows<ClaimedPush>(
    db,
    sql`with claimed as (
          update line_pushes set locked_until = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1
          where id in (
            select id from line_pushes
            where status = 'pending' and run_at <= now() and (locked_until is null or locked_until < now())
            order by run_at, created_at limit ${limit}
            for update skip locked)
          returning id, org_id, friend_id, text, retry_key, attempts, run_at, created_at)
        select id, org_id, friend_id, text, retry_key, attempts from claimed order by run_at, created_at`,
  );
}

/** Sent or failed for good, once: false when another worker settled it first. */
export async function settlePush(db: Db, orgId: string, id: string, status: 'sent' | 'failed', lastError: string | null = null): Promise<boolean> {
  const rows = await db
    .update(linePushes)
    .set({ status, lastError, lockedUntil: null, sentAt: status === 'sent' ? new Date() : null })
    .where(and(eq(linePushes.orgId, orgId), eq(linePushes.id, id), eq(linePushes.status, 'pending')))
    .returning({ id: linePushes.id });
  return rows.length === 1;
}

/** Tried again after delaySeconds (LINE down, or its Retry-After). */
export async function retryPushLater(db: Db, orgId: string, id: string, delaySeconds: number, lastError: string): Promise<void> {
  await db
    .update(linePushes)
    .set({ runAt: sql`now() + make_interval(secs => ${delaySeconds})`, lockedUntil: null, lastError: lastError.slice(0, 500) })
    .where(and(eq(linePushes.orgId, orgId), eq(linePushes.id, id), eq(linePushes.status, 'pending')));
}

export async function findFriend(db: Db, orgId: string, id: string) {
  const [row] = await db.select().from(lineFriends).where(and(eq(lineFriends.orgId, orgId), eq(lineFriends.id, id))).limit(1);
  return row;
}

/** Whether the contact opted out of marketing or asked to stop processing (PDPA; read-only). */
export async function contactOptedOut(db: Db, orgId: string, contactId: string): Promise<boolean> {
  const [row] = await queryRows<{ optedOut: boolean }>(db, sql`select (no_marketing or restricted_at is not null) as "optedOut" from contacts where org_id = ${orgId} and id = ${contactId}`);
  return row?.optedOut ?? false;
}

/** A contact's pushes (tests and the contact's LINE card). */
export function listPushesOfFriend(db: Db, orgId: string, friendId: string): Promise<PushRow[]> {
  return db.select().from(linePushes).where(and(eq(linePushes.orgId, orgId), eq(linePushes.friendId, friendId))).orderBy(linePushes.createdAt);
}
