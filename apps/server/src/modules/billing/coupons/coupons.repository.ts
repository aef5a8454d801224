import { and, asc, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { billingCouponRedemptions, billingCoupons } from './coupons.table.ts';

export type CouponRow = typeof billingCoupons.$inferSelect;
export type RedemptionRow = typeof billingCouponRedemptions.$inferSelect;

export async function insertCoupon(db: Db, values: typeof billingCoupons.$inferInsert): Promise<CouponRow> {
  const [row] = await db.insert(billingCoupons).values(values).returning();
  return row!;
}

/** The coupon, locked until the transaction ends (the redemption count is checked and raised under it). */
export async function lockCouponByCode(db: Db, code: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(billingCoupons).where(eq(billingCoupons.code, code)).for('update').limit(1);
  return row;
}

export async function findCouponByCode(db: Db, code: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(billingCoupons).where(eq(billingCoupons.code, code)).limit(1);
  return row;
}

export async function findRedemption(db: Db, couponId: string, orgId: string): Promise<RedemptionRow | undefined> {
  const [row] = await db
    .select()
    .from(billingCouponRedemptions)
    .where(and(eq(billingCouponRedemptions.couponId, couponId), eq(billingCouponRedemptions.orgId, orgId)))
    .limit(1);
  return row;
}

export async function insertRedemption(db: Db, couponId: string, orgId: string, now: Date): Promise<RedemptionRow> {
  const [row] = await db.insert(billingCouponRedemptions).values({ couponId, orgId, redeemedAt: now }).returning();
  await db.update(billingCoupons).set({ redemptions: sql`${billingCoupons.redemptions} + 1` }).where(eq(billingCoupons.id, couponId));
  return row!;
}

/** A coupon limited to some plans applies to `plan` only when listed (no list = every plan). */
const appliesTo = (plan: string | undefined) =>
  plan === undefined ? undefined : or(isNull(billingCoupons.plans), sql`cardinality(${billingCoupons.plans}) = 0`, sql`${plan} = any(${billingCoupons.plans})`);

/** The oldest redemption of the workspace that no paid charge has used yet (for `plan`, when named), with its coupon. */
export async function findPendingRedemption(db: Db, orgId: string, plan?: string): Promise<{ redemption: RedemptionRow; coupon: CouponRow } | undefined> {
  const [row] = await db
    .select({ redemption: billingCouponRedemptions, coupon: billingCoupons })
    .from(billingCouponRedemptions)
    .innerJoin(billingCoupons, eq(billingCoupons.id, billingCouponRedemptions.couponId))
    .where(and(eq(billingCouponRedemptions.orgId, orgId), isNull(billingCouponRedemptions.appliedAt), appliesTo(plan)))
    .orderBy(asc(billingCouponRedemptions.redeemedAt))
    .limit(1);
  return row;
}

export async function markApplied(db: Db, redemptionId: string, chargeId: string | null, now: Date): Promise<void> {
  await db
    .update(billingCouponRedemptions)
    .set({ appliedChargeId: chargeId, appliedAt: now })
    .where(and(eq(billingCouponRedemptions.id, redemptionId), isNull(billingCouponRedemptions.appliedAt)));
}

/**
 * The operator console's list (not a tenant table: coupons belong to the server), newest first. Coupons are few
 * (an operator makes them by hand), so the page counts exactly.
 */
export async function listCoupons(db: Db, keyword: string, limit: number, offset: number): Promise<{ rows: CouponRow[]; total: number }> {
  const where = keyword ? ilike(billingCoupons.code, `%${keyword.replace(/[\\%_]/g, '\\$&')}%`) : undefined;
  const [rows, counted] = await Promise.all([
    db.select().from(billingCoupons).where(where).orderBy(desc(billingCoupons.createdAt), desc(billingCoupons.id)).limit(limit).offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(billingCoupons).where(where),
  ]);
  return { rows, total: Number(counted[0]?.n ?? 0) };
}

/** Disables a coupon once (a second call changes nothing and answers undefined). */
export async function disableCoupon(db: Db, id: string, now: Date): Promise<CouponRow | undefined> {
  const [row] = await db
    .update(billingCoupons)
    .set({ disabledAt: now })
    .where(and(eq(billingCoupons.id, id), isNull(billingCoupons.disabledAt)))
    .returning();
  return row;
}

export async function findCouponById(db: Db, id: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(billingCoupons).where(eq(billingCoupons.id, id)).limit(1);
  return row;
}
