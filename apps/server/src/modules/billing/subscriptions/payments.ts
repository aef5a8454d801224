import { randomBytes, randomUUID } from 'node:crypto';
import {
  billingCurrency,
  nextPeriodEnd,
  type CheckoutResult,
  type PaymentSource,
  type PlanChoice,
} from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import * as organizationsService from '../../access/organizations/organizations.service.ts';
import * as timelineService from '../../access/timeline/timeline.service.ts';
import * as usersService from '../../access/users/users.service.ts';
import * as couponsService from '../coupons/coupons.service.ts';
import * as invoicesService from '../invoices/invoices.service.ts';
import { ProviderUnavailableError, type PaymentOutcome, type SavedCard } from './payment-provider.ts';
import type { BillingDeps } from './subscriptions.deps.ts';
import * as subscriptionsRepository from './subscriptions.repository.ts';
import type { ChargeRow } from './subscriptions.repository.ts';
import { toCharge, toPlan, type BillingContext } from './subscriptions.views.ts';

/**
 * Charges and their settlement (docs/decisions/0010): a charge is created `processing` (or `pending` for a
 * renewal not yet due), goes to the gateway under a lease, and ends `paid` or `failed`; 3-D Secure leaves it
 * `pending` until TapPay's notify (verified) or a record query settles it. markPaid is the one place where a
 * payment takes effect: subscription period, plan, saved card, coupon, unfreezing, timeline.
 */
export const chargeLeaseMs = 5 * 60_000;

/** The workspace timeline of billing (entity 'subscription', id = the workspace). */
export async function recordBillingEvent(db: Db, orgId: string, userId: string | null, event: string, changes: Record<string, [unknown, unknown]> = {}): Promise<void> {
  await timelineService.record(db, orgId, userId, 'subscription', [orgId], 'update', { event: [null, event], ...changes });
}

/** Ours and unique: date plus random (also the receipt number). */
export function newOrderNumber(now: Date): string {
  return `LS${now.toISOString().slice(0, 10).replace(/-/g, '')}${randomBytes(5).toString('hex').toUpperCase()}`;
}

/** The gateway's order_number of one attempt (a retry is a new transaction there). */
export function attemptOrderNumber(charge: Pick<ChargeRow, 'orderNumber' | 'attempts'>): string {
  return `${charge.orderNumber}-${charge.attempts}`;
}

export function notifyToken(deps: BillingDeps, chargeId: string): string {
  return `${chargeId}.${deps.secrets.sign(`tappay-notify:${chargeId}`)}`;
}

export function chargeIdOfNotifyToken(deps: BillingDeps, token: string): string | undefined {
  const [chargeId, signature] = token.split('.');
  if (!chargeId || !signature) return undefined;
  return deps.secrets.verify(`tappay-notify:${chargeId}`, signature) ? chargeId : undefined;
}

export function encryptCard(deps: BillingDeps, card: SavedCard) {
  return { cardKey: deps.secrets.encrypt(card.cardKey), cardToken: deps.secrets.encrypt(card.cardToken), brand: card.brand, last4: card.last4 };
}

export async function savedCardOf(db: Db, deps: BillingDeps, orgId: string): Promise<SavedCard | undefined> {
  const row = await subscriptionsRepository.findPaymentMethod(db, orgId);
  if (!row || row.provider !== deps.provider.name) return undefined;
  return { cardKey: deps.secrets.decrypt(row.cardKey), cardToken: deps.secrets.decrypt(row.cardToken), brand: row.brand, last4: row.last4 };
}

/** One attempt at the gateway with a new card or the saved one. ProviderUnavailableError propagates. */
export async function attempt(
  db: Db,
  deps: BillingDeps,
  charge: ChargeRow,
  source: PaymentSource,
  cardholder: { name: string; email: string; phone: string },
): Promise<PaymentOutcome> {
  const request = { amount: charge.amount, currency: charge.currency, orderNumber: attemptOrderNumber(charge), details: `Lodestar ${charge.plan}` };
  if (source.kind === 'savedCard') {
    const card = await savedCardOf(db, deps, charge.orgId);
    if (!card) return { status: 'declined', tradeId: null, code: 'no_saved_card', message: 'No saved card' };
    return deps.provider.payWithSavedCard(card, request);
  }
  const base = deps.config.publicUrl;
  return deps.provider.payWithNewCard({
    ...request,
    source,
    cardholder,
    resultUrls: {
      frontendRedirectUrl: `${base}/subscription/success?orgId=${charge.orgId}&charge=${charge.id}`,
      backendNotifyUrl: `${base}/api/billing/tappay/notify?token=${encodeURIComponent(notifyToken(deps, charge.id))}`,
    },
  });
}

/** Applies a payment: idempotent (a second call for a paid charge does nothing). */
export async function markPaid(db: Db, deps: BillingDeps, chargeId: string, tradeId: string, card: SavedCard | null, actorUserId: string | null): Promise<void> {
  const now = deps.now();
  await db.transaction(async (tx) => {
    const charge = await subscriptionsRepository.findChargeById(tx, chargeId);
    if (!charge || charge.status === 'paid') return;
    const pendingCard =
      !card && charge.pendingCardKey && charge.pendingCardToken
        ? { cardKey: deps.secrets.decrypt(charge.pendingCardKey), cardToken: deps.secrets.decrypt(charge.pendingCardToken), brand: charge.cardBrand ?? 'CARD', last4: charge.cardLast4 ?? '' }
        : null;
    const newCard = card ?? pendingCard;
    if (newCard) await subscriptionsRepository.upsertPaymentMethod(tx, { orgId: charge.orgId, provider: charge.provider, ...encryptCard(deps, newCard) });
    const saved = newCard ?? (await subscriptionsRepository.findPaymentMethod(tx, charge.orgId));
    const plan = toPlan(charge.plan);
    const subscription =
      charge.kind === 'first' || !charge.subscriptionId
        ? await subscriptionsRepository.upsertSubscription(tx, {
            orgId: charge.orgId,
            plan,
            extraSeats: charge.extraSeats,
            extraStorageBlocks: charge.extraStorageBlocks,
            status: 'subscribed',
            provider: charge.provider,
            anchorAt: charge.periodStart,
            currentPeriodStart: charge.periodStart,
            currentPeriodEnd: charge.periodEnd,
            cancelAtPeriodEnd: false,
            pendingPlan: null,
            pendingExtraSeats: null,
            pendingExtraStorageBlocks: null,
          })
        : await subscriptionsRepository.updateSubscription(tx, charge.subscriptionId, {
            plan,
            extraSeats: charge.extraSeats,
            extraStorageBlocks: charge.extraStorageBlocks,
            status: 'subscribed',
            currentPeriodStart: charge.periodStart,
            currentPeriodEnd: charge.periodEnd,
            pendingPlan: null,
            pendingExtraSeats: null,
            pendingExtraStorageBlocks: null,
          });
    await subscriptionsRepository.updateCharge(tx, charge.id, {
      status: 'paid',
      paidAt: now,
      providerTradeId: tradeId,
      subscriptionId: subscription.id,
      lockedUntil: null,
      nextAttemptAt: null,
      failureMessage: null,
      pendingCardKey: null,
      pendingCardToken: null,
      cardBrand: saved?.brand ?? charge.cardBrand,
      cardLast4: saved?.last4 ?? charge.cardLast4,
    });
    if (charge.couponRedemptionId) await couponsService.markApplied(tx, charge.couponRedemptionId, charge.id, now);
    const org = await organizationsService.findOrganization(tx, charge.orgId);
    // Its e-invoice is due from now on, in the same transaction: a paid charge never lacks one (docs/decisions/0021).
    const admin = org ? await usersService.findUserById(tx, org.topAdminUserId) : undefined;
    await invoicesService.queueForCharge(tx, {
      orgId: charge.orgId,
      chargeId: charge.id,
      relateNumber: charge.orderNumber,
      amount: charge.amount,
      itemName: invoiceItemName(charge),
      soldAt: now,
      fallbackEmail: admin?.email ?? '',
    });
    await organizationsService.setPlan(tx, charge.orgId, plan);
    if (org?.frozenAt) {
      // docs/product.md#states: paying unfreezes at once.
      await organizationsService.setFrozen(tx, charge.orgId, false);
      await subscriptionsRepository.insertNotice(tx, { orgId: charge.orgId, kind: 'paid', chargeId: charge.id, amount: charge.amount, createdAt: now });
    }
    await recordBillingEvent(tx, charge.orgId, actorUserId, charge.kind === 'first' ? 'subscribed' : 'renewed', {
      plan: [org?.plan ?? null, plan],
      amount: [null, charge.amount],
      ...(org?.frozenAt ? { frozen: [true, false] } : {}),
    });
  });
}

/** The invoice's one line: the plan and its period (Taiwan dates). */
function invoiceItemName(charge: ChargeRow): string {
  const day = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
  return `Lodestar ${charge.plan} ${day(charge.periodStart)}~${day(charge.periodEnd)}`;
}

/** Records a declined attempt (the caller decides about retries). */
export async function markDeclined(db: Db, charge: ChargeRow, outcome: Extract<PaymentOutcome, { status: 'declined' }>, nextAttemptAt: Date | null): Promise<ChargeRow> {
  return subscriptionsRepository.updateCharge(db, charge.id, {
    status: 'failed',
    providerTradeId: outcome.tradeId ?? charge.providerTradeId,
    failureMessage: `${outcome.code}: ${outcome.message}`.slice(0, 500),
    lockedUntil: null,
    nextAttemptAt,
  });
}

/** Settles what the gateway answered to a charge the administrator made; answers the checkout result. */
export async function settleInteractive(
  db: Db,
  deps: BillingDeps,
  context: BillingContext,
  charge: ChargeRow,
  outcome: PaymentOutcome,
): Promise<CheckoutResult> {
  if (outcome.status === 'paid') {
    await markPaid(db, deps, charge.id, outcome.tradeId, outcome.card, context.userId);
    await invoicesService.issueNow(db, deps.invoices, charge.id);
  } else if (outcome.status === 'pending') {
    await subscriptionsRepository.updateCharge(db, charge.id, {
      status: 'pending',
      providerTradeId: outcome.tradeId,
      lockedUntil: null,
      pendingCardKey: outcome.card ? deps.secrets.encrypt(outcome.card.cardKey) : null,
      pendingCardToken: outcome.card ? deps.secrets.encrypt(outcome.card.cardToken) : null,
      cardBrand: outcome.card?.brand ?? null,
      cardLast4: outcome.card?.last4 ?? null,
    });
  } else {
    // A first payment is not retried; a renewal keeps its retry schedule.
    await markDeclined(db, charge, outcome, charge.kind === 'renewal' ? charge.nextAttemptAt : null);
    await recordBillingEvent(db, charge.orgId, context.userId, 'paymentFailed', { amount: [null, charge.amount] });
  }
  const fresh = (await subscriptionsRepository.findChargeById(db, charge.id))!;
  const invoice = (await invoicesService.summariesFor(db, fresh.orgId, [fresh.id])).get(fresh.id) ?? null;
  return { charge: toCharge(fresh, context.org.name, invoice), paymentUrl: outcome.status === 'pending' ? outcome.paymentUrl : null };
}

/** Calls the gateway for an interactive charge; an unreachable gateway fails the charge and answers 502. */
export async function payInteractive(
  db: Db,
  deps: BillingDeps,
  context: BillingContext,
  charge: ChargeRow,
  source: PaymentSource,
  cardholder: { name: string; email: string; phone: string },
): Promise<CheckoutResult> {
  let outcome: PaymentOutcome;
  try {
    outcome = await attempt(db, deps, charge, source, cardholder);
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    // Unknown at the gateway: left `processing` with its lease, so a record query settles it later.
    throw new AppError('BILLING_PROVIDER_UNAVAILABLE');
  }
  return settleInteractive(db, deps, context, charge, outcome);
}

/** The first charge of a new subscription: price, coupon (chosen by checkout-quote.ts), period (free months lengthen it). */
export async function createFirstCharge(
  db: Db,
  deps: BillingDeps,
  context: BillingContext,
  choice: PlanChoice,
  terms: { coupon: couponsService.PendingCoupon | undefined; listAmount: number; amount: number },
): Promise<ChargeRow> {
  const now = deps.now();
  const { coupon } = terms;
  const freeMonths = coupon?.kind === 'freeMonths' ? coupon.value : 0;
  const id = randomUUID();
  return subscriptionsRepository.insertCharge(db, {
    id,
    orgId: context.org.id,
    idempotencyKey: `first:${id}`,
    kind: 'first',
    status: 'processing',
    plan: choice.plan,
    extraSeats: choice.extraSeats,
    extraStorageBlocks: choice.extraStorageBlocks,
    listAmount: terms.listAmount,
    amount: terms.amount,
    currency: billingCurrency,
    couponCode: coupon?.code ?? null,
    couponRedemptionId: coupon?.redemptionId ?? null,
    freeMonths,
    periodStart: now,
    periodEnd: nextPeriodEnd(now, now, freeMonths),
    provider: deps.provider.name,
    orderNumber: newOrderNumber(now),
    attempts: 1,
    firstAttemptAt: now,
    lockedUntil: new Date(now.getTime() + chargeLeaseMs),
    actorUserId: context.userId,
  });
}

/**
 * A 3-D Secure charge still `pending`: ask the gateway's record (the authority) and settle it. Used by the
 * verified notify and when the browser comes back before the notify did.
 */
export async function syncPending(db: Db, deps: BillingDeps, charge: ChargeRow): Promise<void> {
  if (charge.status !== 'pending' || !charge.providerTradeId) return;
  const record = await deps.provider.findTrade({ tradeId: charge.providerTradeId });
  if (!record || record.orderNumber !== attemptOrderNumber(charge)) return;
  if (record.status === 'paid' && record.amount === charge.amount) {
    await markPaid(db, deps, charge.id, record.tradeId, null, charge.actorUserId);
  } else if (record.status === 'failed') {
    await markDeclined(db, charge, { status: 'declined', tradeId: record.tradeId, code: '3ds', message: '3-D Secure failed' }, charge.kind === 'renewal' ? charge.nextAttemptAt : null);
  }
}
