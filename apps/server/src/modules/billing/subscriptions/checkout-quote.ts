import { billingCurrency, discountedAmount, monthlyAmount, nextPeriodEnd, type CheckoutQuote, type PlanChoice } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import * as couponsService from '../coupons/coupons.service.ts';

/**
 * What a first payment costs (issue 30 #1: the pay button must say what is charged). The page asks as the coupon
 * code is typed; the checkout computes the same under the coupon's lock and refuses a different amount (409).
 * Percentage and amount coupons are spent by one charge (docs/decisions/0010), so renewals are at the list price
 * unless another coupon is already waiting for them.
 */
export async function quoteFirstCharge(db: Db, now: Date, orgId: string, choice: PlanChoice, code: string | undefined): Promise<CheckoutQuote> {
  const listAmount = monthlyAmount(choice);
  const [typed, waiting] = await Promise.all([
    code ? couponsService.checkCode(db, orgId, code, choice.plan, now) : Promise.resolve(undefined),
    couponsService.pendingCoupon(db, orgId, choice.plan),
  ]);
  const typedCoupon = typed?.ok ? { ...typed.coupon, waiting: typed.waiting } : undefined;
  // A typed code is used first; one redeemed earlier then waits for the renewal (unless it is the same code).
  const coupon = typedCoupon ?? (waiting ? { code: waiting.code, kind: waiting.kind, value: waiting.value, waiting: true } : undefined);
  const forRenewal = typedCoupon && waiting && waiting.code !== typedCoupon.code ? waiting : undefined;
  const amount = discountedAmount(listAmount, coupon);
  return {
    listAmount,
    amount,
    discount: listAmount - amount,
    renewalAmount: discountedAmount(listAmount, forRenewal),
    currency: billingCurrency,
    coupon: coupon ?? null,
    couponRefusal: typed && !typed.ok ? typed.refusal : null,
    periodEnd: nextPeriodEnd(now, now, coupon?.kind === 'freeMonths' ? coupon.value : 0).toISOString(),
  };
}

/** 409 BILLING_AMOUNT_CHANGED naming what would be charged now. */
export function amountChanged(amount: number): AppError {
  return new AppError('BILLING_AMOUNT_CHANGED', { amount: `NT$${amount.toLocaleString('en-US')}` });
}

/**
 * Inside the checkout's transaction: the coupon the first charge uses (the typed code, redeemed under its row lock,
 * or one waiting) and its amount, which must be the one the administrator saw. A code that can no longer be used
 * (run out meanwhile) is a changed amount when the page showed its discount; otherwise its own 400/409.
 */
export async function couponForFirstCharge(db: Db, now: Date, orgId: string, choice: PlanChoice, code: string | undefined, expectedAmount: number) {
  const listAmount = monthlyAmount(choice);
  let coupon: couponsService.PendingCoupon | undefined;
  try {
    coupon = code ? await couponsService.redeem(db, orgId, code, now, { plan: choice.plan, reuseWaiting: true }) : await couponsService.pendingCoupon(db, orgId, choice.plan);
  } catch (error) {
    const without = discountedAmount(listAmount, await couponsService.pendingCoupon(db, orgId, choice.plan));
    if (error instanceof AppError && without !== expectedAmount) throw amountChanged(without);
    throw error;
  }
  const amount = discountedAmount(listAmount, coupon);
  if (amount !== expectedAmount) throw amountChanged(amount);
  return { coupon, listAmount, amount };
}
