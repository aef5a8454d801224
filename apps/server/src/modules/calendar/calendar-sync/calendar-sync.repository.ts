import type { CalendarProvider } from '@lodestar/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/paging.ts';
import { calendarFeeds, calendarSyncAccounts, calendarSyncLinks, calendarSyncPushes } from './calendar-sync.table.ts';

export type AccountRow = typeof calendarSyncAccounts.$inferSelect;
export type AccountInsert = typeof calendarSyncAccounts.$inferInsert;
export type LinkRow = typeof calendarSyncLinks.$inferSelect;

// ---- accounts ----

export async function findAccount(db: Db, orgId: string, userId: string, provider: CalendarProvider): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(calendarSyncAccounts)
    .where(and(eq(calendarSyncAccounts.orgId, orgId), eq(calendarSyncAccounts.userId, userId), eq(calendarSyncAccounts.provider, provider)));
  return row;
}

export async function findAccountById(db: Db, orgId: string, accountId: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(calendarSyncAccounts).where(and(eq(calendarSyncAccounts.orgId, orgId), eq(calendarSyncAccounts.id, accountId)));
  return row;
}

export async function listUserAccounts(db: Db, orgId: string, userId: string): Promise<AccountRow[]> {
  return db.select().from(calendarSyncAccounts).where(and(eq(calendarSyncAccounts.orgId, orgId), eq(calendarSyncAccounts.userId, userId)));
}

/** Connect (or reconnect: new tokens, same links) in one statement. */
export async function upsertAccount(db: Db, orgId: string, values: Omit<AccountInsert, 'orgId'>): Promise<AccountRow> {
  const [row] = await db
    .insert(calendarSyncAccounts)
    .values({ ...values, orgId })
    .onConflictDoUpdate({
      target: [calendarSyncAccounts.orgId, calendarSyncAccounts.userId, calendarSyncAccounts.provider],
      set: {
        email: values.email,
        displayName: values.displayName,
        accessToken: values.accessToken,
        refreshToken: sql`coalesce(excluded.refresh_token, ${calendarSyncAccounts.refreshToken})`,
        idToken: values.idToken,
        tokenExpiresAt: values.tokenExpiresAt,
        calendars: values.calendars,
        status: 'idle',
        lastError: null,
        pullAt: sql`now()`,
      },
    })
    .returning();
  return row!;
}

export async function updateAccount(db: Db, orgId: string, accountId: string, values: Partial<Omit<AccountInsert, 'orgId' | 'id' | 'userId'>>): Promise<AccountRow | undefined> {
  const [row] = await db
    .update(calendarSyncAccounts)
    .set(values)
    .where(and(eq(calendarSyncAccounts.orgId, orgId), eq(calendarSyncAccounts.id, accountId)))
    .returning();
  return row;
}

export async function deleteAccount(db: Db, orgId: string, accountId: string): Promise<void> {
  // Links and queued pushes go with it (foreign keys cascade).
  await db.delete(calendarSyncAccounts).where(and(eq(calendarSyncAccounts.orgId, orgId), eq(calendarSyncAccounts.id, accountId)));
}

/** Accounts whose pull is due, pushed forward by `nextInSeconds` so another worker does not take them too. */
export async function claimDueAccounts(db: Db, nextInSeconds: number, limit: number): Promise<AccountRow[]> {
  const rows = await queryRows<{ id: string; org_id: string }>(
    db,
    sql`update calendar_sync_accounts set pull_at = now() + make_interval(secs => ${nextInSeconds})
        where id in (select id from calendar_sync_accounts where pull_at <= now() order by pull_at limit ${limit} for update skip locked)
        returning id, org_id`,
  );
  if (rows.length === 0) return [];
  return db.select().from(calendarSyncAccounts).where(inArray(calendarSyncAccounts.id, rows.map((row) => row.id)));
}

// ---- links ----

export async function findLinkBySchedule(db: Db, orgId: string, accountId: string, scheduleId: string): Promise<LinkRow | undefined> {
  const [row] = await db
    .select()
    .from(calendarSyncLinks)
    .where(and(eq(calendarSyncLinks.orgId, orgId), eq(calendarSyncLinks.accountId, accountId), eq(calendarSyncLinks.scheduleId, scheduleId)));
  return row;
}

export async function findLinkByEvent(db: Db, orgId: string, accountId: string, calendarId: string, eventId: string): Promise<LinkRow | undefined> {
  const [row] = await db
    .select()
    .from(calendarSyncLinks)
    .where(
      and(
        eq(calendarSyncLinks.orgId, orgId),
        eq(calendarSyncLinks.accountId, accountId),
        eq(calendarSyncLinks.calendarId, calendarId),
        eq(calendarSyncLinks.eventId, eventId),
      ),
    );
  return row;
}

export async function listLinks(db: Db, orgId: string, accountId: string, calendarId: string): Promise<LinkRow[]> {
  return db
    .select()
    .from(calendarSyncLinks)
    .where(and(eq(calendarSyncLinks.orgId, orgId), eq(calendarSyncLinks.accountId, accountId), eq(calendarSyncLinks.calendarId, calendarId)));
}

export async function saveLink(db: Db, orgId: string, link: { accountId: string; scheduleId: string; calendarId: string; eventId: string; etag: string | null }): Promise<void> {
  await db
    .insert(calendarSyncLinks)
    .values({ ...link, orgId })
    .onConflictDoUpdate({
      target: [calendarSyncLinks.accountId, calendarSyncLinks.scheduleId],
      set: { calendarId: link.calendarId, eventId: link.eventId, etag: link.etag, updatedAt: sql`now()` },
    });
}

export async function deleteLink(db: Db, orgId: string, linkId: string): Promise<void> {
  await db.delete(calendarSyncLinks).where(and(eq(calendarSyncLinks.orgId, orgId), eq(calendarSyncLinks.id, linkId)));
}

// ---- push outbox ----

/** Queue (or re-queue, due now) a push of one schedule to each account. */
export async function enqueuePushes(db: Db, orgId: string, accountIds: string[], scheduleId: string): Promise<void> {
  if (accountIds.length === 0) return;
  await db
    .insert(calendarSyncPushes)
    .values(accountIds.map((accountId) => ({ orgId, accountId, scheduleId })))
    .onConflictDoUpdate({
      target: [calendarSyncPushes.accountId, calendarSyncPushes.scheduleId],
      set: { runAt: sql`now()`, attempts: 0, lastError: null },
    });
}

export async function dropPush(db: Db, orgId: string, accountId: string, scheduleId: string): Promise<void> {
  await db
    .delete(calendarSyncPushes)
    .where(and(eq(calendarSyncPushes.orgId, orgId), eq(calendarSyncPushes.accountId, accountId), eq(calendarSyncPushes.scheduleId, scheduleId)));
}

export interface ClaimedPush {
  id: string;
  orgId: string;
  accountId: string;
  scheduleId: string;
  attempts: number;
  /** As the database printed it (microseconds kept), to tell a re-queued row. */
  runAt: string;
}

/** Due pushes, leased for `leaseSeconds` (FOR UPDATE SKIP LOCKED: two workers never take the same one). */
export async function claimDuePushes(db: Db, leaseSeconds: number, limit: number, accountId?: string): Promise<ClaimedPush[]> {
  const rows = await queryRows<{ id: string; org_id: string; account_id: string; schedule_id: string; attempts: number; run_at: string | Date }>(
    db,
    sql`update calendar_sync_pushes set locked_until = now() + make_interval(secs => ${leaseSeconds})
        where id in (select id from calendar_sync_pushes where run_at <= now() and (locked_until is null or locked_until < now())
                       and (${accountId ?? null}::uuid is null or account_id = ${accountId ?? null}::uuid)
                     order by run_at limit ${limit} for update skip locked)
        returning id, org_id, account_id, schedule_id, attempts, run_at::text as run_at`,
  );
  return rows.map((row) => ({ id: row.id, orgId: row.org_id, accountId: row.account_id, scheduleId: row.schedule_id, attempts: row.attempts, runAt: String(row.run_at) }));
}

/** Done, unless a newer change re-queued it meanwhile (run_at moved). */
export async function completePush(db: Db, push: ClaimedPush): Promise<void> {
  await db.execute(sql`delete from calendar_sync_pushes where id = ${push.id} and attempts = ${push.attempts} and run_at = ${push.runAt}::timestamptz`);
  await db.execute(sql`update calendar_sync_pushes set locked_until = null where id = ${push.id}`);
}

export async function retryPush(db: Db, push: ClaimedPush, delaySeconds: number, error: string): Promise<void> {
  await db.execute(sql`update calendar_sync_pushes set attempts = attempts + 1, run_at = now() + make_interval(secs => ${delaySeconds}),
    locked_until = null, last_error = ${error.slice(0, 1000)} where id = ${push.id}`);
}

/** Queued pushes of an account (failingOnly: those whose last attempt failed). */
export async function countPendingPushes(db: Db, orgId: string, accountId: string, failingOnly = false): Promise<number> {
  const rows = await queryRows<{ count: number | string }>(
    db,
    sql`select count(*) as count from calendar_sync_pushes where org_id = ${orgId} and account_id = ${accountId}
        and (${!failingOnly} or last_error is not null)`,
  );
  return Number(rows[0]?.count ?? 0);
}

// ---- ICS feeds ----

export async function findFeed(db: Db, orgId: string, userId: string) {
  const [row] = await db.select().from(calendarFeeds).where(and(eq(calendarFeeds.orgId, orgId), eq(calendarFeeds.userId, userId)));
  return row;
}

/** The feed's owner by token hash (the public feed route has no other key). */
export async function findFeedByTokenHash(db: Db, tokenHash: string) {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.tokenHash, tokenHash));
  return row;
}

export async function replaceFeed(db: Db, orgId: string, userId: string, tokenHash: string, token: string): Promise<void> {
  await db
    .insert(calendarFeeds)
    .values({ orgId, userId, tokenHash, token })
    .onConflictDoUpdate({ target: [calendarFeeds.orgId, calendarFeeds.userId], set: { tokenHash, token, createdAt: sql`now()` } });
}

export async function deleteFeed(db: Db, orgId: string, userId: string): Promise<void> {
  await db.delete(calendarFeeds).where(and(eq(calendarFeeds.orgId, orgId), eq(calendarFeeds.userId, userId)));
}
