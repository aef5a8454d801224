import { couponRefusal, type CouponCreate, type CouponKind } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import * as couponsRepository from './coupons.repository.ts';

/** Coupons (docs/decisions/0010): percentage or amount off the next charge, or free months; once per workspace. */
export interface PendingCoupon {
  redemptionId: string;
  code: string;
  kind: CouponKind;
  value: number;
}

/** For the command-line script (scripts/create-coupon.ts); 409 when the code exists. */
export async function createCoupon(db: Db, input: CouponCreate): Promise<couponsRepository.CouponRow> {
  return couponsRepository.insertCoupon(db, {
    code: input.code,
    kind: input.kind,
    value: input.value,
    validFrom: input.validFrom ? new Date(input.validFrom) : null,
    validUntil: input.validUntil ? new Date(input.validUntil) : null,
    maxRedemptions: input.maxRedemptions,
  });
}

/**
 * Redeems a code for a workspace: 400 BILLING_COUPON_INVALID when unknown, not yet valid, expired or used up,
 * 409 BILLING_COUPON_ALREADY_REDEEMED the second time. The count is raised under the coupon's row lock.
 */
export async function redeem(db: Db, orgId: string, code: string, now: Date): Promise<PendingCoupon> {
  return db.transaction(async (tx) => {
    const coupon = await couponsRepository.lockCouponByCode(tx, code.toUpperCase());
    if (!coupon) throw new AppError('BILLING_COUPON_INVALID');
    const existing = await couponsRepository.findRedemption(tx, coupon.id, orgId);
    const refusal = couponRefusal(coupon, now, existing !== undefined);
    if (refusal === 'alreadyRedeemed') throw new AppError('BILLING_COUPON_ALREADY_REDEEMED');
    if (refusal) throw new AppError('BILLING_COUPON_INVALID');
    const redemption = await couponsRepository.insertRedemption(tx, coupon.id, orgId, now);
    return { redemptionId: redemption.id, code: coupon.code, kind: coupon.kind, value: coupon.value };
  });
}

/** The coupon the next charge of the workspace will use, if any. */
export async function pendingCoupon(db: Db, orgId: string): Promise<PendingCoupon | undefined> {
  const row = await couponsRepository.findPendingRedemption(db, orgId);
  return row ? { redemptionId: row.redemption.id, code: row.coupon.code, kind: row.coupon.kind, value: row.coupon.value } : undefined;
}

/** A paid charge used the coupon (or free months were added to the period, chargeId null): it is spent. */
export async function markApplied(db: Db, redemptionId: string, chargeId: string | null, now: Date): Promise<void> {
  await couponsRepository.markApplied(db, redemptionId, chargeId, now);
}
