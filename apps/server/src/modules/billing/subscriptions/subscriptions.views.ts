import {
  billingCurrency,
  discountedAmount,
  effectiveLimits,
  monthlyAmount,
  plans,
  renewalDueAt,
  type Charge,
  type InvoiceSummary,
  type Plan,
  type PlanChoice,
  type PlanInfo,
} from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import * as organizationsService from '../../access/organizations/organizations.service.ts';
import type { OrganizationRow } from '../../access/organizations/organizations.service.ts';
import type { UserRow } from '../../access/users/users.service.ts';
import * as couponsService from '../coupons/coupons.service.ts';
import * as subscriptionsRepository from './subscriptions.repository.ts';
import type { ChargeRow, SubscriptionRow } from './subscriptions.repository.ts';

/** Who calls billing for which workspace. */
export interface BillingContext {
  org: OrganizationRow;
  userId: string;
  /** The workspace's top administrator: the only one who may buy, change or cancel (docs/product.md#permissions). */
  isAdministrator: boolean;
}

/**
 * 404 ORG_NOT_FOUND unless the user is an activated member of the workspace (another workspace looks missing).
 * Frozen workspaces are allowed: their administrator pays here to unfreeze them.
 */
export async function billingContext(db: Db, user: UserRow, orgId: string): Promise<BillingContext> {
  const org = await organizationsService.findOrganization(db, orgId);
  const membership = org ? await organizationsService.findMembership(db, orgId, user.id) : undefined;
  if (!org || membership?.status !== 'activated') throw new AppError('ORG_NOT_FOUND');
  return { org, userId: user.id, isAdministrator: org.topAdminUserId === user.id };
}

export function assertAdministrator(context: BillingContext): void {
  if (!context.isAdministrator) throw new AppError('ORG_TOP_ADMIN_ONLY');
}

export function toPlan(value: string): Plan {
  return (plans as readonly string[]).includes(value) ? (value as Plan) : 'free';
}

/** A subscription that still gives its plan (not ended). */
export function isLive(subscription: SubscriptionRow | undefined): subscription is SubscriptionRow {
  return subscription !== undefined && subscription.status !== 'ended';
}

/** The plan and options in force: the live subscription's, else the workspace's plan (Free, or a development plan). */
export function currentChoice(org: Pick<OrganizationRow, 'plan'>, subscription: SubscriptionRow | undefined): PlanChoice {
  if (isLive(subscription) && subscription.plan === org.plan) {
    return { plan: toPlan(subscription.plan), extraSeats: subscription.extraSeats, extraStorageBlocks: subscription.extraStorageBlocks };
  }
  return { plan: toPlan(org.plan), extraSeats: 0, extraStorageBlocks: 0 };
}

/** What the next renewal charges for: a waiting downgrade, else the current choice. */
export function renewalChoice(subscription: SubscriptionRow): PlanChoice {
  if (subscription.pendingPlan) {
    return {
      plan: toPlan(subscription.pendingPlan),
      extraSeats: subscription.pendingExtraSeats ?? 0,
      extraStorageBlocks: subscription.pendingExtraStorageBlocks ?? 0,
    };
  }
  return { plan: toPlan(subscription.plan), extraSeats: subscription.extraSeats, extraStorageBlocks: subscription.extraStorageBlocks };
}

export function toCharge(row: ChargeRow, workspaceName: string, invoice: InvoiceSummary | null = null): Charge {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    plan: toPlan(row.plan),
    extraSeats: row.extraSeats,
    extraStorageBlocks: row.extraStorageBlocks,
    listAmount: row.listAmount,
    amount: row.amount,
    currency: row.currency,
    couponCode: row.couponCode,
    periodStart: row.periodStart.toISOString(),
    periodEnd: row.periodEnd.toISOString(),
    provider: row.provider,
    providerTradeId: row.providerTradeId,
    orderNumber: row.orderNumber,
    receiptNumber: row.orderNumber,
    card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
    attempts: row.attempts,
    failureMessage: row.failureMessage,
    paidAt: row.paidAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    workspaceName,
    invoice,
  };
}

/** GET /api/billing/subscription: /account/planInfo. Notices and the card only for the administrator. */
export async function planInfo(db: Db, context: BillingContext): Promise<PlanInfo> {
  const { org } = context;
  const [subscription, coupon, seatsUsed, storageUsedBytes, card, notices, openRenewal] = await Promise.all([
    subscriptionsRepository.findSubscription(db, org.id),
    couponsService.pendingCoupon(db, org.id),
    subscriptionsRepository.countSeats(db, org.id),
    subscriptionsRepository.storageUsed(db, org.id),
    subscriptionsRepository.findPaymentMethod(db, org.id),
    context.isAdministrator ? subscriptionsRepository.listNotices(db, org.id) : Promise.resolve([]),
    subscriptionsRepository.findOpenRenewal(db, org.id),
  ]);
  const choice = currentChoice(org, subscription);
  const limits = effectiveLimits(choice);
  const live = isLive(subscription) ? subscription : undefined;
  const renews = live !== undefined && !live.cancelAtPeriodEnd;
  const discount = coupon && coupon.kind !== 'freeMonths' ? coupon : null;
  return {
    orgId: org.id,
    workspaceName: org.name,
    plan: choice.plan,
    status: subscription?.status ?? null,
    extraSeats: choice.extraSeats,
    extraStorageBlocks: choice.extraStorageBlocks,
    seatsUsed,
    seatLimit: limits.seats,
    storageUsedBytes,
    storageLimitBytes: limits.storageBytes,
    currentPeriodStart: live?.currentPeriodStart.toISOString() ?? null,
    currentPeriodEnd: live?.currentPeriodEnd.toISOString() ?? null,
    nextRenewalAt: renews ? renewalDueAt(live.currentPeriodEnd).toISOString() : null,
    nextAmount: renews ? discountedAmount(monthlyAmount(renewalChoice(live)), discount) : null,
    currency: billingCurrency,
    cancelAtPeriodEnd: live?.cancelAtPeriodEnd ?? false,
    pendingChange:
      live?.pendingPlan && live.pendingPlan !== 'free'
        ? (renewalChoice(live) as PlanInfo['pendingChange'])
        : null,
    pendingCoupon: coupon ? { code: coupon.code, kind: coupon.kind, value: coupon.value } : null,
    card: context.isAdministrator && card ? { brand: card.brand, last4: card.last4 } : null,
    provider: live?.provider ?? null,
    frozen: org.frozenAt !== null,
    amountDue: subscription?.status === 'payment_failed' && openRenewal ? openRenewal.amount : null,
    isAdministrator: context.isAdministrator,
    notices: notices.map((notice) => ({ id: notice.id, kind: notice.kind, amount: notice.amount, createdAt: notice.createdAt.toISOString() })),
  };
}
