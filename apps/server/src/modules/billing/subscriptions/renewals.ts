import {
  billingCurrency,
  discountedAmount,
  dunning,
  monthlyAmount,
  nextPeriodEnd,
  nextRetryAt,
  renewalDueAt,
  renewalLeadMs,
} from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import type { JobDefinition } from '../../../platform/jobs.ts';
import * as organizationsService from '../../access/organizations/organizations.service.ts';
import * as usersService from '../../access/users/users.service.ts';
import * as couponsService from '../coupons/coupons.service.ts';
import * as invoicesService from '../invoices/invoices.service.ts';
import { ProviderUnavailableError, type PaymentOutcome } from './payment-provider.ts';
import { attempt, attemptOrderNumber, chargeLeaseMs, markDeclined, markPaid, newOrderNumber, recordBillingEvent, syncPending } from './payments.ts';
import type { BillingDeps } from './subscriptions.deps.ts';
import { frozenMail, paymentFailedMail } from './subscriptions.mail.ts';
import * as subscriptionsRepository from './subscriptions.repository.ts';
import type { ChargeRow, RenewalScope, SubscriptionRow } from './subscriptions.repository.ts';
import { renewalChoice } from './subscriptions.views.ts';

/**
 * Our scheduler of renewals (docs/product.md#limits: renew 24 hours before the period ends; docs/decisions/0010).
 * Each run: end cancelled subscriptions, create the next period's charge (one per period: a unique idempotency
 * key), attempt due charges (each claimed by one runner under a lease), and freeze workspaces whose renewal is
 * still unpaid after the grace period. Every step is safe to repeat and to run in two processes at once.
 */
export interface RenewalReport {
  ended: number;
  created: number;
  paid: number;
  declined: number;
  frozen: number;
}

const dayMs = 24 * 3_600_000;

async function administratorOf(db: Db, orgId: string) {
  const org = await organizationsService.findOrganization(db, orgId);
  const admin = org ? await usersService.findUserById(db, org.topAdminUserId) : undefined;
  return org && admin ? { org, admin } : undefined;
}

async function endCancelled(db: Db, now: Date, scope: RenewalScope): Promise<number> {
  const rows = await subscriptionsRepository.cancelledEndedBy(db, now, scope);
  for (const subscription of rows) {
    await subscriptionsRepository.updateSubscription(db, subscription.id, { status: 'ended' });
    // Downgrading keeps the data; the Free limits block new additions over them. Nothing is owed any more, so a
    // workspace frozen for an unpaid renewal is usable again (on Free).
    await organizationsService.setPlan(db, subscription.orgId, 'free');
    const org = await organizationsService.findOrganization(db, subscription.orgId);
    if (org?.frozenAt) await organizationsService.setFrozen(db, subscription.orgId, false, now);
    await recordBillingEvent(db, subscription.orgId, null, 'ended', { plan: [subscription.plan, 'free'] });
  }
  return rows.length;
}

async function createRenewal(db: Db, deps: BillingDeps, subscription: SubscriptionRow): Promise<boolean> {
  const choice = renewalChoice(subscription);
  const coupon = await couponsService.pendingCoupon(db, subscription.orgId, choice.plan);
  const discount = coupon && coupon.kind !== 'freeMonths' ? coupon : undefined;
  const listAmount = monthlyAmount(choice);
  const periodStart = subscription.currentPeriodEnd;
  const due = renewalDueAt(subscription.currentPeriodEnd);
  const inserted = await subscriptionsRepository.insertChargeOnce(db, {
    orgId: subscription.orgId,
    subscriptionId: subscription.id,
    idempotencyKey: `renewal:${subscription.id}:${periodStart.toISOString()}`,
    kind: 'renewal',
    status: 'pending',
    plan: choice.plan,
    extraSeats: choice.extraSeats,
    extraStorageBlocks: choice.extraStorageBlocks,
    listAmount,
    amount: discountedAmount(listAmount, discount),
    currency: billingCurrency,
    couponCode: discount?.code ?? null,
    couponRedemptionId: discount?.redemptionId ?? null,
    periodStart,
    periodEnd: nextPeriodEnd(subscription.anchorAt, periodStart),
    provider: subscription.provider,
    orderNumber: newOrderNumber(deps.now()),
    firstAttemptAt: due,
    nextAttemptAt: due,
  });
  return inserted !== undefined;
}

async function notifyFailure(db: Db, deps: BillingDeps, charge: ChargeRow, now: Date): Promise<void> {
  await subscriptionsRepository.insertNotice(db, { orgId: charge.orgId, kind: 'paymentFailed', chargeId: charge.id, amount: charge.amount, createdAt: now });
  const found = await administratorOf(db, charge.orgId);
  if (found) {
    deps.mailer.send(paymentFailedMail(found.admin.language, found.admin.email, found.org.name, charge.amount, `${deps.config.publicUrl}/subscription?orgId=${charge.orgId}`));
  }
}

/** One attempt of a claimed renewal charge. A gateway that does not answer leaves it `processing` (lease). */
async function attemptRenewal(db: Db, deps: BillingDeps, claimed: ChargeRow, now: Date): Promise<'paid' | 'declined' | 'unknown'> {
  const subscription = await subscriptionsRepository.findSubscription(db, claimed.orgId);
  if (subscription?.status === 'cancelled' || subscription?.status === 'ended') {
    // Cancelled after this renewal was prepared: never charge it.
    await subscriptionsRepository.updateCharge(db, claimed.id, { status: 'failed', lockedUntil: null, nextAttemptAt: null, failureMessage: 'cancelled' });
    return 'unknown';
  }
  // The previous attempt may have reached the gateway before a crash: ask before charging again.
  if (claimed.attempts > 0) {
    const previous = await deps.provider.findTrade({ orderNumber: attemptOrderNumber(claimed) }).catch(() => undefined);
    if (previous?.status === 'paid' && previous.amount === claimed.amount) {
      await markPaid(db, deps, claimed.id, previous.tradeId, null, null);
      return 'paid';
    }
  }
  const charge = await subscriptionsRepository.updateCharge(db, claimed.id, { attempts: claimed.attempts + 1 });
  let outcome: PaymentOutcome;
  try {
    outcome = await attempt(db, deps, charge, { kind: 'savedCard' }, { name: '', email: '', phone: '' });
  } catch (error) {
    if (error instanceof ProviderUnavailableError) return 'unknown';
    throw error;
  }
  if (outcome.status === 'paid') {
    await markPaid(db, deps, charge.id, outcome.tradeId, null, null);
    return 'paid';
  }
  if (outcome.status === 'pending') {
    await subscriptionsRepository.updateCharge(db, charge.id, { status: 'pending', providerTradeId: outcome.tradeId, lockedUntil: null, nextAttemptAt: null });
    return 'unknown';
  }
  const retryAt = nextRetryAt(charge.firstAttemptAt ?? now, charge.attempts);
  await markDeclined(db, charge, outcome, retryAt);
  if (charge.subscriptionId) await subscriptionsRepository.updateSubscription(db, charge.subscriptionId, { status: 'payment_failed' });
  await recordBillingEvent(db, charge.orgId, null, 'paymentFailed', { amount: [null, charge.amount], attempt: [null, charge.attempts] });
  await notifyFailure(db, deps, charge, now);
  return 'declined';
}

async function freezeUnpaid(db: Db, deps: BillingDeps, now: Date, scope: RenewalScope): Promise<number> {
  const rows = await subscriptionsRepository.unpaidPastGrace(db, new Date(now.getTime() - dunning.graceDays * dayMs), scope);
  for (const subscription of rows) {
    // docs/product.md#states: frozen — 423 for every member, nothing deleted.
    await organizationsService.setFrozen(db, subscription.orgId, true, now);
    await subscriptionsRepository.insertNotice(db, { orgId: subscription.orgId, kind: 'frozen', createdAt: now });
    await recordBillingEvent(db, subscription.orgId, null, 'frozen', { frozen: [false, true] });
    const found = await administratorOf(db, subscription.orgId);
    if (found) deps.mailer.send(frozenMail(found.admin.language, found.admin.email, found.org.name, `${deps.config.publicUrl}/subscription?orgId=${subscription.orgId}`));
  }
  return rows.length;
}

/** 3-D Secure first payments older than an hour: settled from the gateway's record, or failed after a day. */
async function settleAbandoned(db: Db, deps: BillingDeps, now: Date, scope: RenewalScope): Promise<void> {
  for (const charge of await subscriptionsRepository.staleThreeDomainSecure(db, new Date(now.getTime() - 3_600_000), scope)) {
    await syncPending(db, deps, charge).catch(() => undefined);
    const fresh = await subscriptionsRepository.findChargeById(db, charge.id);
    if (fresh?.status === 'pending' && fresh.createdAt.getTime() <= now.getTime() - dayMs) {
      await markDeclined(db, fresh, { status: 'declined', tradeId: fresh.providerTradeId, code: '3ds', message: '3-D Secure not completed' }, null);
    }
  }
}

export async function runRenewals(db: Db, deps: BillingDeps, now: Date = deps.now(), scope: RenewalScope = {}): Promise<RenewalReport> {
  const report: RenewalReport = { ended: await endCancelled(db, now, scope), created: 0, paid: 0, declined: 0, frozen: 0 };
  await settleAbandoned(db, deps, now, scope);
  for (const subscription of await subscriptionsRepository.subscriptionsEndingBy(db, new Date(now.getTime() + renewalLeadMs), scope)) {
    if (await createRenewal(db, deps, subscription)) report.created += 1;
  }
  for (const due of await subscriptionsRepository.dueRenewalCharges(db, now, scope)) {
    const claimed = await subscriptionsRepository.claimCharge(db, due.id, now, chargeLeaseMs, { dueOnly: true });
    if (!claimed) continue; // another runner has it
    const result = await attemptRenewal(db, deps, claimed, now);
    if (result === 'paid') report.paid += 1;
    if (result === 'declined') report.declined += 1;
  }
  report.frozen = await freezeUnpaid(db, deps, now, scope);
  return report;
}

/**
 * POST /api/billing/test-clock/renewals (BILLING_TEST_CLOCK only, never in production): the administrator runs
 * their workspace's renewals as if the clock read `at` — how a journey lets a renewal fail and a workspace
 * freeze without waiting a month. Everything else (gateway, mail, notices) is the real thing.
 */
export async function runRenewalsAt(db: Db, deps: BillingDeps, orgId: string, at: Date): Promise<RenewalReport> {
  return runRenewals(db, { ...deps, now: () => at }, at, { orgId });
}

/** The recurring job (started by server.ts with the other jobs), with the app's billing deps (one gateway client). */
export function billingJobs(deps: BillingDeps): JobDefinition[] {
  return [
    { name: 'billing.renewals', intervalMs: 10 * 60_000, run: (db) => runRenewals(db, deps) },
    // E-invoices of paid charges (docs/decisions/0021): due ones issued, retries after their backoff, deadlines watched.
    { name: 'billing.invoices', intervalMs: 60_000, leaseSeconds: 5 * 60, run: (db) => invoicesService.runInvoices(db, deps.invoices) },
  ];
}
