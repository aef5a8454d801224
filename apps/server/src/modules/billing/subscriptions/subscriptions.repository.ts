import { and, desc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { members } from '../../access/members/members.table.ts';
import { organizations } from '../../access/organizations/organizations.table.ts';
import { files } from '../../access/files/files.table.ts';
import { billingCharges, billingNotices, billingPaymentMethods, billingSubscriptions } from './subscriptions.table.ts';

export type SubscriptionRow = typeof billingSubscriptions.$inferSelect;
export type ChargeRow = typeof billingCharges.$inferSelect;
export type PaymentMethodRow = typeof billingPaymentMethods.$inferSelect;
export type NoticeRow = typeof billingNotices.$inferSelect;

/** The scheduler's queries cover every workspace, or one (the test clock runs one workspace's renewals). */
export interface RenewalScope {
  orgId?: string;
}
const inScope = (column: typeof billingSubscriptions.orgId | typeof billingCharges.orgId, scope: RenewalScope) =>
  scope.orgId ? eq(column, scope.orgId) : undefined;

// ---- subscriptions ----

export async function findSubscription(db: Db, orgId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(billingSubscriptions).where(eq(billingSubscriptions.orgId, orgId)).limit(1);
  return row;
}

/** One subscription per workspace: a new first payment replaces an ended one. */
export async function upsertSubscription(db: Db, values: typeof billingSubscriptions.$inferInsert): Promise<SubscriptionRow> {
  const { orgId: _orgId, ...update } = values;
  const [row] = await db
    .insert(billingSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: billingSubscriptions.orgId, set: { ...update, updatedAt: new Date() } })
    .returning();
  return row!;
}

export async function updateSubscription(db: Db, id: string, patch: Partial<typeof billingSubscriptions.$inferInsert>): Promise<SubscriptionRow> {
  const [row] = await db.update(billingSubscriptions).set({ ...patch, updatedAt: new Date() }).where(eq(billingSubscriptions.id, id)).returning();
  return row!;
}

/** Renewals to create: paid-up or retrying subscriptions that go on, whose period ends by `endsBy`. */
export async function subscriptionsEndingBy(db: Db, endsBy: Date, scope: RenewalScope = {}): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(billingSubscriptions)
    .where(
      and(
        inArray(billingSubscriptions.status, ['subscribed', 'payment_failed']),
        eq(billingSubscriptions.cancelAtPeriodEnd, false),
        lte(billingSubscriptions.currentPeriodEnd, endsBy),
        inScope(billingSubscriptions.orgId, scope),
      ),
    );
}

/** Cancelled subscriptions whose paid period is over. */
export async function cancelledEndedBy(db: Db, now: Date, scope: RenewalScope = {}): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(billingSubscriptions)
    .where(and(eq(billingSubscriptions.status, 'cancelled'), lte(billingSubscriptions.currentPeriodEnd, now), inScope(billingSubscriptions.orgId, scope)));
}

/** Unpaid subscriptions past the grace period whose workspace is not frozen yet. */
export async function unpaidPastGrace(db: Db, periodEndedBy: Date, scope: RenewalScope = {}): Promise<SubscriptionRow[]> {
  const rows = await db
    .select({ subscription: billingSubscriptions })
    .from(billingSubscriptions)
    .innerJoin(organizations, eq(organizations.id, billingSubscriptions.orgId))
    .where(
      and(
        eq(billingSubscriptions.status, 'payment_failed'),
        lte(billingSubscriptions.currentPeriodEnd, periodEndedBy),
        isNull(organizations.frozenAt),
        inScope(billingSubscriptions.orgId, scope),
      ),
    );
  return rows.map((row) => row.subscription);
}

// ---- payment methods ----

export async function findPaymentMethod(db: Db, orgId: string): Promise<PaymentMethodRow | undefined> {
  const [row] = await db.select().from(billingPaymentMethods).where(eq(billingPaymentMethods.orgId, orgId)).limit(1);
  return row;
}

export async function upsertPaymentMethod(db: Db, values: typeof billingPaymentMethods.$inferInsert): Promise<void> {
  const { orgId: _orgId, ...update } = values;
  await db
    .insert(billingPaymentMethods)
    .values(values)
    .onConflictDoUpdate({ target: billingPaymentMethods.orgId, set: { ...update, updatedAt: new Date() } });
}

// ---- charges ----

export async function insertCharge(db: Db, values: typeof billingCharges.$inferInsert): Promise<ChargeRow> {
  const [row] = await db.insert(billingCharges).values(values).returning();
  return row!;
}

/** Inserts unless a charge with this idempotency key exists (another runner made it); answers the inserted row. */
export async function insertChargeOnce(db: Db, values: typeof billingCharges.$inferInsert): Promise<ChargeRow | undefined> {
  const [row] = await db.insert(billingCharges).values(values).onConflictDoNothing({ target: billingCharges.idempotencyKey }).returning();
  return row;
}

export async function findCharge(db: Db, orgId: string, id: string): Promise<ChargeRow | undefined> {
  const [row] = await db.select().from(billingCharges).where(and(eq(billingCharges.orgId, orgId), eq(billingCharges.id, id))).limit(1);
  return row;
}

export async function findChargeById(db: Db, id: string): Promise<ChargeRow | undefined> {
  const [row] = await db.select().from(billingCharges).where(eq(billingCharges.id, id)).limit(1);
  return row;
}

export async function listCharges(db: Db, orgId: string): Promise<ChargeRow[]> {
  return db.select().from(billingCharges).where(eq(billingCharges.orgId, orgId)).orderBy(desc(billingCharges.createdAt)).limit(500);
}

/** The renewal still owed (declined, waiting for a retry or for the administrator), if any. */
export async function findOpenRenewal(db: Db, orgId: string): Promise<ChargeRow | undefined> {
  const [row] = await db
    .select()
    .from(billingCharges)
    .where(and(eq(billingCharges.orgId, orgId), eq(billingCharges.kind, 'renewal'), inArray(billingCharges.status, ['pending', 'processing', 'failed'])))
    .orderBy(desc(billingCharges.periodStart))
    .limit(1);
  return row;
}

/** A first payment still at the gateway or at 3-D Secure, started after `since` (a double click must not pay twice). */
export async function findOpenFirstCharge(db: Db, orgId: string, since: Date): Promise<ChargeRow | undefined> {
  const [row] = await db
    .select()
    .from(billingCharges)
    .where(
      and(
        eq(billingCharges.orgId, orgId),
        eq(billingCharges.kind, 'first'),
        inArray(billingCharges.status, ['pending', 'processing']),
        gte(billingCharges.createdAt, since),
      ),
    )
    .limit(1);
  return row;
}

export async function updateCharge(db: Db, id: string, patch: Partial<typeof billingCharges.$inferInsert>): Promise<ChargeRow> {
  const [row] = await db.update(billingCharges).set({ ...patch, updatedAt: new Date() }).where(eq(billingCharges.id, id)).returning();
  return row!;
}

/**
 * Takes a charge for one attempt: only from pending/failed, or from processing whose lease ran out (a runner
 * that crashed mid-charge). A single UPDATE … WHERE, so of two runners exactly one gets the row.
 */
export async function claimCharge(db: Db, id: string, now: Date, leaseMs: number, options: { dueOnly: boolean }): Promise<ChargeRow | undefined> {
  const waiting = inArray(billingCharges.status, ['pending', 'failed']);
  const [row] = await db
    .update(billingCharges)
    .set({ status: 'processing', lockedUntil: new Date(now.getTime() + leaseMs), updatedAt: now })
    .where(
      and(
        eq(billingCharges.id, id),
        or(
          // The scheduler only takes what is due (a runner that lost the race sees the new retry time); the administrator may pay at once.
          options.dueOnly ? and(waiting, lte(billingCharges.nextAttemptAt, now)) : waiting,
          and(eq(billingCharges.status, 'processing'), lte(billingCharges.lockedUntil, now)),
        ),
      ),
    )
    .returning();
  return row;
}

/** Renewal charges whose next attempt is due, or whose runner's lease expired. */
export async function dueRenewalCharges(db: Db, now: Date, scope: RenewalScope = {}): Promise<ChargeRow[]> {
  return db
    .select()
    .from(billingCharges)
    .where(
      and(
        eq(billingCharges.kind, 'renewal'),
        or(
          and(inArray(billingCharges.status, ['pending', 'failed']), lte(billingCharges.nextAttemptAt, now)),
          and(eq(billingCharges.status, 'processing'), lte(billingCharges.lockedUntil, now)),
        ),
        inScope(billingCharges.orgId, scope),
      ),
    )
    .limit(200);
}

/** First payments left at 3-D Secure since before `before` (the cardholder closed the bank's page, or the notify was lost). */
export async function staleThreeDomainSecure(db: Db, before: Date, scope: RenewalScope = {}): Promise<ChargeRow[]> {
  return db
    .select()
    .from(billingCharges)
    .where(and(eq(billingCharges.kind, 'first'), eq(billingCharges.status, 'pending'), lte(billingCharges.createdAt, before), inScope(billingCharges.orgId, scope)))
    .limit(200);
}

// ---- notices ----

export async function insertNotice(db: Db, values: typeof billingNotices.$inferInsert): Promise<void> {
  await db.insert(billingNotices).values(values);
}

export async function listNotices(db: Db, orgId: string): Promise<NoticeRow[]> {
  return db
    .select()
    .from(billingNotices)
    .where(and(eq(billingNotices.orgId, orgId), isNull(billingNotices.dismissedAt)))
    .orderBy(desc(billingNotices.createdAt))
    .limit(20);
}

export async function dismissNotices(db: Db, orgId: string, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(billingNotices)
    .set({ dismissedAt: now })
    .where(and(eq(billingNotices.orgId, orgId), inArray(billingNotices.id, ids)));
}

// ---- usage (read-only joins on access tables) ----

/** Seats taken: activated and invited members. */
export async function countSeats(db: Db, orgId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(members)
    .where(and(eq(members.orgId, orgId), inArray(members.status, ['activated', 'invited'])));
  return row?.count ?? 0;
}

/** Bytes of uploaded files (avatars, photos). */
export async function storageUsed(db: Db, orgId: string): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<number>`coalesce(sum(${files.size}), 0)::float8` })
    .from(files)
    .where(eq(files.orgId, orgId));
  return Number(row?.bytes ?? 0);
}
