import { couponAppliesTo, couponRefusal, type CouponCreate, type CouponKind, type CouponRefusal } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import * as couponsRepository from './coupons.repository.ts';

export type { CouponRow } from './coupons.repository.ts';

/** Coupons (docs/decisions/0010): percentage or amount off the next charge, or free months; once per workspace. */
export interface PendingCoupon {
  redemptionId: string;
  code: string;
  kind: CouponKind;
  value: number;
}

/** A code checked for a workspace and plan without redeeming it; `waiting` = redeemed earlier, not yet used by a charge. */
export type CouponCheck = { ok: true; coupon: Omit<PendingCoupon, 'redemptionId'>; waiting: boolean } | { ok: false; refusal: CouponRefusal };

function isCodeTaken(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause ?? (error as { code?: string });
  return cause?.code === '23505';
}

/** The operator console and the command line (scripts/create-coupon.ts); 409 BILLING_COUPON_EXISTS when the code is taken. */
export async function createCoupon(db: Db, input: CouponCreate): Promise<couponsRepository.CouponRow> {
  try {
    return await couponsRepository.insertCoupon(db, {
      code: input.code,
      kind: input.kind,
      value: input.value,
      validFrom: input.validFrom ? new Date(input.validFrom) : null,
      validUntil: input.validUntil ? new Date(input.validUntil) : null,
      maxRedemptions: input.maxRedemptions,
      plans: input.plans.length > 0 ? input.plans : null,
    });
  } catch (error) {
    if (isCodeTaken(error)) throw new AppError('BILLING_COUPON_EXISTS', { field: 'code' });
    throw error;
  }
}

interface RedeemOptions {
  /** The plan the coupon is for (checkout); unnamed when redeemed ahead of the next charge. */
  plan?: string;
  /** Checkout: a redemption still waiting for its charge is used again (a declined first payment retried with its code). */
  reuseWaiting?: boolean;
}

/** Why this coupon row gives this workspace nothing now (null: it applies). */
function refusalOf(coupon: couponsRepository.CouponRow, redemption: couponsRepository.RedemptionRow | undefined, now: Date, options: RedeemOptions): CouponRefusal | null {
  if (options.plan !== undefined && !couponAppliesTo(coupon, options.plan)) return 'wrongPlan';
  // Redeemed earlier and not yet used: it still applies, whatever happened to the coupon since.
  if (options.reuseWaiting && redemption && !redemption.appliedAt) return null;
  return couponRefusal(coupon, now, redemption !== undefined);
}

function refusalError(refusal: CouponRefusal): AppError {
  if (refusal === 'alreadyRedeemed') return new AppError('BILLING_COUPON_ALREADY_REDEEMED');
  if (refusal === 'wrongPlan') return new AppError('BILLING_COUPON_NOT_FOR_PLAN');
  return new AppError('BILLING_COUPON_INVALID');
}

/** /subscription checks a code as it is typed: what it would give the workspace's next payment for `plan`. */
export async function checkCode(db: Db, orgId: string, code: string, plan: string, now: Date): Promise<CouponCheck> {
  const coupon = await couponsRepository.findCouponByCode(db, code.toUpperCase());
  if (!coupon) return { ok: false, refusal: 'notFound' };
  const redemption = await couponsRepository.findRedemption(db, coupon.id, orgId);
  const refusal = refusalOf(coupon, redemption, now, { plan, reuseWaiting: true });
  if (refusal) return { ok: false, refusal };
  return { ok: true, coupon: { code: coupon.code, kind: coupon.kind, value: coupon.value }, waiting: redemption !== undefined };
}

/**
 * Redeems a code for a workspace: 400 BILLING_COUPON_INVALID when unknown, disabled, not yet valid, expired or used
 * up, 400 BILLING_COUPON_NOT_FOR_PLAN when `plan` is named and not one of its plans, 409
 * BILLING_COUPON_ALREADY_REDEEMED the second time (unless `reuseWaiting`). The count is raised under the coupon's row lock.
 */
export async function redeem(db: Db, orgId: string, code: string, now: Date, options: RedeemOptions = {}): Promise<PendingCoupon> {
  return db.transaction(async (tx) => {
    const coupon = await couponsRepository.lockCouponByCode(tx, code.toUpperCase());
    if (!coupon) throw new AppError('BILLING_COUPON_INVALID');
    const existing = await couponsRepository.findRedemption(tx, coupon.id, orgId);
    const refusal = refusalOf(coupon, existing, now, options);
    if (refusal) throw refusalError(refusal);
    const redemption = existing ?? (await couponsRepository.insertRedemption(tx, coupon.id, orgId, now));
    return { redemptionId: redemption.id, code: coupon.code, kind: coupon.kind, value: coupon.value };
  });
}

/** The coupon the next charge of the workspace (for `plan`, when named) will use, if any. */
export async function pendingCoupon(db: Db, orgId: string, plan?: string): Promise<PendingCoupon | undefined> {
  const row = await couponsRepository.findPendingRedemption(db, orgId, plan);
  return row ? { redemptionId: row.redemption.id, code: row.coupon.code, kind: row.coupon.kind, value: row.coupon.value } : undefined;
}

/** A paid charge used the coupon (or free months were added to the period, chargeId null): it is spent. */
export async function markApplied(db: Db, redemptionId: string, chargeId: string | null, now: Date): Promise<void> {
  await couponsRepository.markApplied(db, redemptionId, chargeId, now);
}

/** The operator console: coupons newest first, searched by code. */
export async function listCoupons(db: Db, keyword: string, page: number, pageSize: number) {
  return couponsRepository.listCoupons(db, keyword, pageSize, (page - 1) * pageSize);
}

/** The operator console: no new redemptions from now on; undefined when there is no such coupon. */
export async function disableCoupon(db: Db, id: string, now: Date): Promise<{ coupon: couponsRepository.CouponRow; changed: boolean } | undefined> {
  const disabled = await couponsRepository.disableCoupon(db, id, now);
  if (disabled) return { coupon: disabled, changed: true };
  const coupon = await couponsRepository.findCouponById(db, id);
  return coupon ? { coupon, changed: false } : undefined;
}
