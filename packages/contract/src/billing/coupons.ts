import { z } from 'zod';

/** docs/product.md#overview (coupon redemption): percentage or amount off one charge, or free months. */
export const couponKinds = ['percent', 'amount', 'freeMonths'] as const;
export type CouponKind = (typeof couponKinds)[number];

/** The plans a coupon may be limited to (docs/decisions/0010: the ones sold on /subscription). */
export const couponPlans = ['basic', 'pro', 'subscribe_team'] as const;
export type CouponPlan = (typeof couponPlans)[number];

export const couponCodeSchema = z
  .string()
  .trim()
  .min(3)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/)
  .transform((code) => code.toUpperCase());

export const couponCreateSchema = z
  .object({
    code: couponCodeSchema,
    kind: z.enum(couponKinds),
    /** percent: 1-100; amount: TWD off; freeMonths: months added to the paid period. */
    value: z.number().int().positive(),
    validFrom: z.iso.datetime({ offset: true }).nullable().default(null),
    validUntil: z.iso.datetime({ offset: true }).nullable().default(null),
    /** How many workspaces may redeem it; null = no limit. */
    maxRedemptions: z.number().int().positive().nullable().default(null),
    /** The plans it applies to; empty = every plan. */
    plans: z.array(z.enum(couponPlans)).max(couponPlans.length).default([]),
  })
  .refine((coupon) => coupon.kind !== 'percent' || coupon.value <= 100, { path: ['value'], message: 'percent is 1-100' })
  .refine((coupon) => !coupon.validFrom || !coupon.validUntil || coupon.validFrom < coupon.validUntil, {
    path: ['validUntil'],
    message: 'validUntil must be after validFrom',
  });
export type CouponCreate = z.infer<typeof couponCreateSchema>;

export interface CouponTerms {
  kind: CouponKind;
  value: number;
}

/** The amount to charge after a percentage or amount coupon (never below zero, whole dollars). */
export function discountedAmount(amount: number, coupon: CouponTerms | null | undefined): number {
  if (!coupon) return amount;
  if (coupon.kind === 'percent') return Math.max(0, amount - Math.round((amount * coupon.value) / 100));
  if (coupon.kind === 'amount') return Math.max(0, amount - coupon.value);
  return amount;
}

/** Why a typed code gives no discount (the subscription page says which). */
export const couponRefusals = ['notFound', 'disabled', 'notStarted', 'expired', 'exhausted', 'alreadyRedeemed', 'wrongPlan'] as const;
export type CouponRefusal = (typeof couponRefusals)[number];

/** Whether a coupon limited to some plans applies to this one (no plans listed = every plan). */
export function couponAppliesTo(coupon: { plans: readonly string[] | null }, plan: string): boolean {
  return !coupon.plans || coupon.plans.length === 0 || coupon.plans.includes(plan);
}

/** Why a coupon cannot be redeemed by this workspace now, or null when it can. */
export function couponRefusal(
  coupon: { validFrom: Date | null; validUntil: Date | null; maxRedemptions: number | null; redemptions: number; disabledAt?: Date | null },
  now: Date,
  alreadyRedeemedByWorkspace: boolean,
): CouponRefusal | null {
  if (coupon.disabledAt) return 'disabled';
  if (coupon.validFrom && now < coupon.validFrom) return 'notStarted';
  if (coupon.validUntil && now >= coupon.validUntil) return 'expired';
  if (alreadyRedeemedByWorkspace) return 'alreadyRedeemed';
  if (coupon.maxRedemptions !== null && coupon.redemptions >= coupon.maxRedemptions) return 'exhausted';
  return null;
}
