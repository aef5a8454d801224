import {
  effectiveLimits,
  plans,
  type CouponCreate,
  type OperatorAction,
  type OperatorAuditEvent,
  type OperatorCharge,
  type OperatorCoupon,
  type OperatorWorkspace,
  type Plan,
  type SubscriptionStatus,
} from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import * as organizationsService from '../../access/organizations/organizations.service.ts';
import * as couponsService from '../../billing/coupons/coupons.service.ts';
import * as subscriptionsService from '../../billing/subscriptions/subscriptions.service.ts';
import * as operatorRepository from './operator-console.repository.ts';

/** The signed-in operator (platform/operators.ts decided); their address goes on every audit event. */
export interface Operator {
  email: string;
}

type Page<T> = { items: T[]; total: number };
const offsetOf = (page: number, pageSize: number) => (page - 1) * pageSize;
const toPlan = (value: string): Plan => ((plans as readonly string[]).includes(value) ? (value as Plan) : 'free');

function toCoupon(row: couponsService.CouponRow): OperatorCoupon {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.value,
    plans: (row.plans ?? []) as OperatorCoupon['plans'],
    validFrom: row.validFrom?.toISOString() ?? null,
    validUntil: row.validUntil?.toISOString() ?? null,
    maxRedemptions: row.maxRedemptions,
    redemptions: row.redemptions,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function toWorkspace(row: operatorRepository.WorkspaceRow): OperatorWorkspace {
  const plan = toPlan(row.plan);
  return {
    id: row.id,
    name: row.name,
    ownerEmail: row.ownerEmail,
    plan,
    subscriptionStatus: row.subscriptionStatus as SubscriptionStatus | null,
    frozen: row.frozenAt !== null,
    seatsUsed: row.seatsUsed,
    seatLimit: effectiveLimits({ plan, extraSeats: row.extraSeats ?? 0, extraStorageBlocks: 0 }).seats,
    lastActivityAt: row.lastActivityAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function audit(db: Db, operator: Operator, action: OperatorAction, target: { id: string; label: string }, details: Record<string, unknown>): Promise<void> {
  await operatorRepository.insertAuditEvent(db, { operatorEmail: operator.email, action, targetId: target.id, targetLabel: target.label, details });
}

export async function listCoupons(db: Db, query: { keyword: string; page: number; pageSize: number }): Promise<Page<OperatorCoupon>> {
  const { rows, total } = await couponsService.listCoupons(db, query.keyword, query.page, query.pageSize);
  return { items: rows.map(toCoupon), total };
}

/** A new coupon and its audit event, together. */
export async function createCoupon(db: Db, operator: Operator, input: CouponCreate): Promise<OperatorCoupon> {
  return db.transaction(async (tx) => {
    const row = await couponsService.createCoupon(tx, input);
    const coupon = toCoupon(row);
    const { kind, value, plans: forPlans, validFrom, validUntil, maxRedemptions } = coupon;
    await audit(tx, operator, 'couponCreated', { id: coupon.id, label: coupon.code }, { kind, value, plans: forPlans, validFrom, validUntil, maxRedemptions });
    return coupon;
  });
}

/** Disables a coupon (idempotent: a second time changes nothing and is not audited again). */
export async function disableCoupon(db: Db, operator: Operator, id: string, now: Date): Promise<OperatorCoupon> {
  return db.transaction(async (tx) => {
    const found = await couponsService.disableCoupon(tx, id, now);
    if (!found) throw new AppError('NOT_FOUND');
    if (found.changed) await audit(tx, operator, 'couponDisabled', { id, label: found.coupon.code }, { redemptions: found.coupon.redemptions });
    return toCoupon(found.coupon);
  });
}

export async function listWorkspaces(db: Db, query: { keyword: string; page: number; pageSize: number }): Promise<Page<OperatorWorkspace>> {
  const { rows, total } = await operatorRepository.listWorkspaces(db, query.keyword, query.pageSize, offsetOf(query.page, query.pageSize));
  return { items: rows.map(toWorkspace), total };
}

async function workspaceOrThrow(db: Db, id: string): Promise<operatorRepository.WorkspaceRow> {
  const row = await operatorRepository.findWorkspace(db, id);
  if (!row) throw new AppError('ORG_NOT_FOUND');
  return row;
}

/** Freezes (every member gets 423, nothing deleted) or unfreezes a workspace. */
export async function setFrozen(db: Db, operator: Operator, id: string, frozen: boolean, now: Date): Promise<OperatorWorkspace> {
  await db.transaction(async (tx) => {
    const row = await workspaceOrThrow(tx, id);
    if ((row.frozenAt !== null) === frozen) return;
    await organizationsService.setFrozen(tx, id, frozen, now);
    await audit(tx, operator, frozen ? 'workspaceFrozen' : 'workspaceUnfrozen', { id, label: row.name }, { subscriptionStatus: row.subscriptionStatus });
  });
  return toWorkspace(await workspaceOrThrow(db, id));
}

/**
 * Sets the plan of a workspace that does not pay by card (an Enterprise agreement, a courtesy plan, back to Free).
 * A card subscription keeps its plan in its charges and renewals, so there its administrator changes it (409).
 */
export async function setPlan(db: Db, operator: Operator, id: string, plan: Plan): Promise<OperatorWorkspace> {
  await db.transaction(async (tx) => {
    const row = await workspaceOrThrow(tx, id);
    if (await subscriptionsService.hasLiveSubscription(tx, id)) throw new AppError('OPERATOR_WORKSPACE_SUBSCRIBED');
    if (row.plan === plan) return;
    await organizationsService.setPlan(tx, id, plan);
    await audit(tx, operator, 'planChanged', { id, label: row.name }, { from: row.plan, to: plan });
  });
  return toWorkspace(await workspaceOrThrow(db, id));
}

/** A calendar date in Taiwan time (docs/decisions/0010 counts periods there too) as the instant it starts. */
const taipeiStart = (date: string, addDays = 0) => new Date(new Date(`${date}T00:00:00+08:00`).getTime() + addDays * 86_400_000);

export async function listCharges(
  db: Db,
  query: { keyword: string; status?: string; from?: string; to?: string; page: number; pageSize: number },
): Promise<Page<OperatorCharge>> {
  const filter = {
    keyword: query.keyword,
    status: query.status,
    from: query.from ? taipeiStart(query.from) : undefined,
    until: query.to ? taipeiStart(query.to, 1) : undefined,
  };
  const { rows, total } = await operatorRepository.listCharges(db, filter, query.pageSize, offsetOf(query.page, query.pageSize));
  return {
    total,
    items: rows.map(({ charge, workspaceName }) => ({
      id: charge.id,
      orgId: charge.orgId,
      workspaceName,
      kind: charge.kind,
      status: charge.status,
      plan: toPlan(charge.plan),
      listAmount: charge.listAmount,
      amount: charge.amount,
      currency: charge.currency,
      couponCode: charge.couponCode,
      receiptNumber: charge.orderNumber,
      failureMessage: charge.failureMessage,
      paidAt: charge.paidAt?.toISOString() ?? null,
      createdAt: charge.createdAt.toISOString(),
    })),
  };
}

export async function listAudit(db: Db, query: { page: number; pageSize: number }): Promise<Page<OperatorAuditEvent>> {
  const { rows, total } = await operatorRepository.listAuditEvents(db, query.pageSize, offsetOf(query.page, query.pageSize));
  return {
    total,
    items: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      operatorEmail: row.operatorEmail,
      action: row.action as OperatorAction,
      targetId: row.targetId,
      targetLabel: row.targetLabel,
      details: row.details,
    })),
  };
}
