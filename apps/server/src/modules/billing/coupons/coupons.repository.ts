import { and, asc, eq, isNull, sql } from 'drizzle-orm';
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

/** The oldest redemption of the workspace that no paid charge has used yet, with its coupon. */
export async function findPendingRedemption(db: Db, orgId: string): Promise<{ redemption: RedemptionRow; coupon: CouponRow } | undefined> {
  const [row] = await db
    .select({ redemption: billingCouponRedemptions, coupon: billingCoupons })
    .from(billingCouponRedemptions)
    .innerJoin(billingCoupons, eq(billingCoupons.id, billingCouponRedemptions.couponId))
    .where(and(eq(billingCouponRedemptions.orgId, orgId), isNull(billingCouponRedemptions.appliedAt)))
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
