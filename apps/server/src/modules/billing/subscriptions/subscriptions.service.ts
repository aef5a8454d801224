import {
  billingCurrency,
  checkoutBodySchema,
  checkoutQuoteBodySchema,
  defaultSelectedPlan,
  nextPeriodEnd,
  planChangeKind,
  planDefinitions,
  planOptions,
  plans,
  type BillingCatalog,
  type CardBindBody,
  type InvoiceBuyer,
  type Charge,
  type CheckoutQuote,
  type CheckoutResult,
  type PlanChoice,
  type PlanInfo,
  type RenewalReport,
} from '@lodestar/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import * as organizationsService from '../../access/organizations/organizations.service.ts';
import * as usersService from '../../access/users/users.service.ts';
import * as couponsService from '../coupons/coupons.service.ts';
import * as invoicesService from '../invoices/invoices.service.ts';
import { sandboxTestCards } from './sandbox-provider.ts';
import type { BillingDeps } from './subscriptions.deps.ts';
import * as subscriptionsRepository from './subscriptions.repository.ts';
import { ProviderUnavailableError } from './payment-provider.ts';
import { chargeIdOfNotifyToken, chargeLeaseMs, createFirstCharge, encryptCard, payInteractive, recordBillingEvent, savedCardOf, syncPending } from './payments.ts';
import { isSandboxProvider } from './sandbox-provider.ts';
import { runRenewalsAt } from './renewals.ts';
import { amountChanged, couponForFirstCharge, quoteFirstCharge } from './checkout-quote.ts';
import { assertAdministrator, currentChoice, isLive, planInfo, renewalChoice, toCharge, type BillingContext } from './subscriptions.views.ts';

export { billingContext, planInfo } from './subscriptions.views.ts';

/** GET /api/billing/plans: the comparison table, the options and how this server takes cards. */
export function catalog(deps: BillingDeps): BillingCatalog {
  const { billing } = deps.config;
  const tappay = billing.tappay;
  return {
    currency: billingCurrency,
    plans: plans.map((id) => planDefinitions[id]),
    options: planOptions,
    defaultPlan: defaultSelectedPlan,
    provider: billing.provider,
    testMode: billing.provider === 'sandbox',
    tappay:
      billing.provider === 'tappay' && tappay.appId !== undefined && tappay.appKey
        ? { appId: tappay.appId, appKey: tappay.appKey, serverType: tappay.serverType, sdkUrl: tappay.sdkUrl }
        : null,
    testCards: billing.provider === 'sandbox' ? sandboxTestCards : [],
  };
}

/**
 * POST /api/billing/checkout (administrator): the first payment of a subscription, or — while a renewal is
 * unpaid — paying what is owed (which unfreezes a frozen workspace at once).
 */
export async function checkout(db: Db, deps: BillingDeps, context: BillingContext, body: z.output<typeof checkoutBodySchema>): Promise<CheckoutResult> {
  assertAdministrator(context);
  const subscription = await subscriptionsRepository.findSubscription(db, context.org.id);
  if (body.payment.kind === 'savedCard' && !(await savedCardOf(db, deps, context.org.id))) throw new AppError('BILLING_NO_SAVED_CARD');
  if (subscription?.status === 'payment_failed') {
    const open = await subscriptionsRepository.findOpenRenewal(db, context.org.id);
    // The page showed what is owed; checked before the claim so a refusal leaves the renewal as it was.
    if (open && open.amount !== body.expectedAmount) throw amountChanged(open.amount);
    if (body.couponCode) await couponsService.redeem(db, context.org.id, body.couponCode, deps.now());
    const claimed = open ? await subscriptionsRepository.claimCharge(db, open.id, deps.now(), chargeLeaseMs, { dueOnly: false }) : undefined;
    // Being charged right now by the scheduler (or nothing owed): try again in a moment.
    if (!claimed) throw new AppError('BILLING_SUBSCRIPTION_FAILED');
    const counted = await subscriptionsRepository.updateCharge(db, claimed.id, { attempts: claimed.attempts + 1, actorUserId: context.userId });
    // Without a buyer the renewal keeps the workspace's last one (invoicesService.queueForCharge).
    if (body.invoiceBuyer) await invoicesService.saveDraft(db, { orgId: context.org.id, chargeId: counted.id, relateNumber: counted.orderNumber }, body.invoiceBuyer);
    return payInteractive(db, deps, context, counted, body.payment, body.cardholder);
  }
  if (isLive(subscription)) throw new AppError('BILLING_SUBSCRIPTION_FAILED');
  if (!planDefinitions[body.plan].purchasable) throw new AppError('BILLING_PLAN_NOT_PURCHASABLE');
  // One first payment at a time (a double click, two tabs); an abandoned 3-D Secure frees the way after the lease.
  if (await subscriptionsRepository.findOpenFirstCharge(db, context.org.id, new Date(deps.now().getTime() - chargeLeaseMs))) {
    throw new AppError('BILLING_SUBSCRIPTION_FAILED');
  }
  // The coupon is redeemed and the charge written together, or neither (a changed amount writes nothing).
  const buyer = await invoiceBuyerOf(db, context, body);
  const charge = await db.transaction(async (tx) => {
    const terms = await couponForFirstCharge(tx, deps.now(), context.org.id, body, body.couponCode, body.expectedAmount);
    const created = await createFirstCharge(tx, deps, context, body, terms);
    await invoicesService.saveDraft(tx, { orgId: context.org.id, chargeId: created.id, relateNumber: created.orderNumber }, buyer);
    return created;
  });
  return payInteractive(db, deps, context, charge, body.payment, body.cardholder);
}

/** The checkout's e-invoice buyer; by default a member invoice (no carrier) to the account's e-mail (docs/decisions/0021). */
async function invoiceBuyerOf(db: Db, context: BillingContext, body: z.output<typeof checkoutBodySchema>): Promise<InvoiceBuyer> {
  if (body.invoiceBuyer) return body.invoiceBuyer;
  const user = await usersService.findUserById(db, context.userId);
  return { kind: 'member', email: user?.email ?? body.cardholder.email };
}

/** POST /api/billing/checkout/quote (administrator): the first payment of a choice, with a code checked but not redeemed. */
export async function quote(db: Db, deps: BillingDeps, context: BillingContext, body: z.output<typeof checkoutQuoteBodySchema>): Promise<CheckoutQuote> {
  assertAdministrator(context);
  return quoteFirstCharge(db, deps.now(), context.org.id, body, body.couponCode);
}

/**
 * POST /api/billing/subscription/change (administrator). docs/product.md#states: an upgrade takes effect at once
 * and its price applies from the next cycle (no proration, no refund); a downgrade waits for the period end.
 */
export async function changePlan(db: Db, deps: BillingDeps, context: BillingContext, target: PlanChoice): Promise<PlanInfo> {
  assertAdministrator(context);
  const subscription = await subscriptionsRepository.findSubscription(db, context.org.id);
  if (!isLive(subscription) || subscription.status === 'payment_failed') throw new AppError('BILLING_NOT_SUBSCRIBED');
  const from = currentChoice(context.org, subscription);
  const kind = planChangeKind(from, target);
  if (kind === 'upgrade') {
    await subscriptionsRepository.updateSubscription(db, subscription.id, {
      plan: target.plan,
      extraSeats: target.extraSeats,
      extraStorageBlocks: target.extraStorageBlocks,
      pendingPlan: null,
      pendingExtraSeats: null,
      pendingExtraStorageBlocks: null,
    });
    await organizationsService.setPlan(db, context.org.id, target.plan);
  } else {
    // A downgrade is scheduled; choosing the current plan again cancels a scheduled one.
    await subscriptionsRepository.updateSubscription(db, subscription.id, {
      pendingPlan: kind === 'downgrade' ? target.plan : null,
      pendingExtraSeats: kind === 'downgrade' ? target.extraSeats : null,
      pendingExtraStorageBlocks: kind === 'downgrade' ? target.extraStorageBlocks : null,
    });
  }
  await recordBillingEvent(db, context.org.id, context.userId, kind === 'upgrade' ? 'upgraded' : kind === 'downgrade' ? 'downgradeScheduled' : 'changeCancelled', {
    plan: [from.plan, target.plan],
    extraSeats: [from.extraSeats, target.extraSeats],
    extraStorageBlocks: [from.extraStorageBlocks, target.extraStorageBlocks],
  });
  return planInfo(db, await refreshed(db, context));
}

/**
 * POST /api/billing/subscription/cancel: ends at the period end, no refund (docs/product.md#states). While a
 * renewal is unpaid, cancelling stops its retries: the paid period is over, so the scheduler ends it at once.
 */
export async function cancel(db: Db, deps: BillingDeps, context: BillingContext): Promise<PlanInfo> {
  assertAdministrator(context);
  const subscription = await subscriptionsRepository.findSubscription(db, context.org.id);
  if (subscription?.status !== 'subscribed' && subscription?.status !== 'payment_failed') throw new AppError('BILLING_NOT_SUBSCRIBED');
  if (subscription.status === 'payment_failed') {
    const open = await subscriptionsRepository.findOpenRenewal(db, context.org.id);
    const claimed = open ? await subscriptionsRepository.claimCharge(db, open.id, deps.now(), chargeLeaseMs, { dueOnly: false }) : undefined;
    if (open && !claimed) throw new AppError('BILLING_SUBSCRIPTION_FAILED'); // being charged right now
    if (claimed) await subscriptionsRepository.updateCharge(db, claimed.id, { status: 'failed', lockedUntil: null, nextAttemptAt: null, failureMessage: 'cancelled' });
  }
  await subscriptionsRepository.updateSubscription(db, subscription.id, { status: 'cancelled', cancelAtPeriodEnd: true });
  await recordBillingEvent(db, context.org.id, context.userId, 'cancelled', { status: [subscription.status, 'cancelled'] });
  return planInfo(db, context);
}

/** POST /api/billing/subscription/resume: undoes a cancellation before the period ends. */
export async function resume(db: Db, context: BillingContext): Promise<PlanInfo> {
  assertAdministrator(context);
  const subscription = await subscriptionsRepository.findSubscription(db, context.org.id);
  if (subscription?.status !== 'cancelled') throw new AppError('BILLING_NOT_SUBSCRIBED');
  await subscriptionsRepository.updateSubscription(db, subscription.id, { status: 'subscribed', cancelAtPeriodEnd: false });
  await recordBillingEvent(db, context.org.id, context.userId, 'resumed', { status: ['cancelled', 'subscribed'] });
  return planInfo(db, context);
}

/**
 * POST /api/billing/coupons/redeem (administrator). Percentage and amount coupons wait for the next charge;
 * free months lengthen a running subscription's period at once (or the first one, when bought later).
 */
export async function redeemCoupon(db: Db, deps: BillingDeps, context: BillingContext, code: string): Promise<PlanInfo> {
  assertAdministrator(context);
  const now = deps.now();
  const subscription = await subscriptionsRepository.findSubscription(db, context.org.id);
  // A coupon for some plans only: checked against the plan the next renewal charges (or at checkout when not subscribed).
  const plan = isLive(subscription) ? renewalChoice(subscription).plan : undefined;
  const coupon = await couponsService.redeem(db, context.org.id, code, now, { plan });
  if (coupon.kind === 'freeMonths' && isLive(subscription) && subscription.status !== 'payment_failed') {
    const end = nextPeriodEnd(subscription.anchorAt, subscription.currentPeriodStart, coupon.value);
    await subscriptionsRepository.updateSubscription(db, subscription.id, { currentPeriodEnd: end });
    await couponsService.markApplied(db, coupon.redemptionId, null, now);
  }
  await recordBillingEvent(db, context.org.id, context.userId, 'couponRedeemed', { coupon: [null, coupon.code] });
  return planInfo(db, context);
}

/** GET /api/billing/charges (administrator): the payment record, newest first. */
export async function listCharges(db: Db, context: BillingContext): Promise<Charge[]> {
  assertAdministrator(context);
  const rows = await subscriptionsRepository.listCharges(db, context.org.id);
  const invoices = await invoicesService.summariesFor(db, context.org.id, rows.map((row) => row.id));
  return rows.map((row) => toCharge(row, context.org.name, invoices.get(row.id) ?? null));
}

/** GET /api/billing/charges/{id} (administrator): one receipt; a 3-D Secure charge still pending is checked with the gateway first. */
export async function getCharge(db: Db, deps: BillingDeps, context: BillingContext, id: string): Promise<Charge> {
  assertAdministrator(context);
  const row = await subscriptionsRepository.findCharge(db, context.org.id, id);
  if (!row) throw new AppError('BILLING_CHARGE_NOT_FOUND');
  if (row.status === 'pending' && row.providerTradeId) await syncPending(db, deps, row);
  const fresh = (await subscriptionsRepository.findCharge(db, context.org.id, id))!;
  const invoice = (await invoicesService.summariesFor(db, context.org.id, [id])).get(id) ?? null;
  return toCharge(fresh, context.org.name, invoice);
}

export async function dismissNotices(db: Db, deps: BillingDeps, context: BillingContext, ids: string[]): Promise<void> {
  assertAdministrator(context);
  await subscriptionsRepository.dismissNotices(db, context.org.id, ids, deps.now());
}

/**
 * POST /api/billing/tappay/notify: TapPay's backend notify after 3-D Secure. Refused (400) unless the token in
 * its URL is ours (HMAC of the charge id) and the body names that charge's transaction and order; then the
 * gateway's own record decides (status and amount), never the body.
 */
export async function tappayNotify(db: Db, deps: BillingDeps, token: string, body: unknown): Promise<void> {
  const chargeId = chargeIdOfNotifyToken(deps, token);
  const charge = chargeId ? await subscriptionsRepository.findChargeById(db, chargeId) : undefined;
  const notice = (body ?? {}) as { rec_trade_id?: unknown; order_number?: unknown };
  if (!charge || notice.rec_trade_id !== charge.providerTradeId || (notice.order_number !== undefined && !String(notice.order_number).startsWith(charge.orderNumber))) {
    throw new AppError('BILLING_NOTIFY_REFUSED');
  }
  await syncPending(db, deps, charge);
}

/**
 * POST /api/billing/card (administrator): a new card on file for the renewals, without a payment (TapPay bind
 * card; the sandbox accepts its test cards). While a renewal is unpaid, paying it is still a separate step.
 */
export async function bindCard(db: Db, deps: BillingDeps, context: BillingContext, body: CardBindBody): Promise<PlanInfo> {
  assertAdministrator(context);
  if (!isLive(await subscriptionsRepository.findSubscription(db, context.org.id))) throw new AppError('BILLING_NOT_SUBSCRIBED');
  const previous = await subscriptionsRepository.findPaymentMethod(db, context.org.id);
  const outcome = await deps.provider.bindCard(body.payment, { phone: '', ...body.cardholder }).catch((error: unknown) => {
    throw error instanceof ProviderUnavailableError ? new AppError('BILLING_PROVIDER_UNAVAILABLE') : error;
  });
  if (outcome.status !== 'bound') throw new AppError('BILLING_CARD_DECLINED');
  await subscriptionsRepository.upsertPaymentMethod(db, { orgId: context.org.id, provider: deps.provider.name, ...encryptCard(deps, outcome.card) });
  await recordBillingEvent(db, context.org.id, context.userId, 'cardChanged', { card: [previous?.last4 ?? null, outcome.card.last4] });
  return planInfo(db, context);
}

function sandboxOf(deps: BillingDeps) {
  if (!isSandboxProvider(deps.provider)) throw new AppError('NOT_FOUND');
  return deps.provider;
}

/** GET /api/billing/sandbox/verification/:tradeId: what the test-mode "bank" page shows (sandbox only). */
export function sandboxVerification(deps: BillingDeps, tradeId: string) {
  const trade = sandboxOf(deps).verification.find(tradeId);
  if (!trade?.resultUrls) throw new AppError('NOT_FOUND');
  return { tradeId: trade.tradeId, orderNumber: trade.orderNumber, amount: trade.amount, currency: billingCurrency, status: trade.status };
}

/**
 * POST /api/billing/sandbox/verification/:tradeId: the cardholder's answer. The sandbox settles its record and the
 * charge goes through TapPay's path: the backend notify (signed token, then the gateway's record) and the
 * browser's return to /subscription/success.
 */
export async function sandboxVerify(db: Db, deps: BillingDeps, tradeId: string, approve: boolean): Promise<{ redirectUrl: string }> {
  const answered = sandboxOf(deps).verification.complete(tradeId, approve);
  if (!answered) throw new AppError('NOT_FOUND');
  await tappayNotify(db, deps, new URL(answered.notifyUrl).searchParams.get('token') ?? '', answered.notifyBody);
  return { redirectUrl: answered.redirectUrl };
}

/** POST /api/billing/test-clock/renewals: only with BILLING_TEST_CLOCK (refused in production), only the administrator. */
export async function runRenewalsWithTestClock(db: Db, deps: BillingDeps, context: BillingContext, at: Date): Promise<RenewalReport> {
  if (!deps.config.billing.testClock) throw new AppError('NOT_FOUND');
  assertAdministrator(context);
  return runRenewalsAt(db, deps, context.org.id, at);
}

async function refreshed(db: Db, context: BillingContext): Promise<BillingContext> {
  const org = await organizationsService.findOrganization(db, context.org.id);
  return org ? { ...context, org } : context;
}

/** The plan and options in force for a workspace (billing/plan-limits.ts). */
export async function choiceOf(db: Db, org: Parameters<typeof currentChoice>[0] & { id: string }): Promise<PlanChoice> {
  return currentChoice(org, await subscriptionsRepository.findSubscription(db, org.id));
}

export const seatsUsed = (db: Db, orgId: string) => subscriptionsRepository.countSeats(db, orgId);
export const storageUsed = (db: Db, orgId: string) => subscriptionsRepository.storageUsed(db, orgId);

export async function hasLiveSubscription(db: Db, orgId: string): Promise<boolean> {
  return isLive(await subscriptionsRepository.findSubscription(db, orgId));
}
