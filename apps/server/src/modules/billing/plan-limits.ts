import { AppError } from '../../platform/errors.ts';
import { effectiveLimits, fitsWithin, planDefinitions, type Plan, type PlanFeatureKey, type PlanLimitKey, type PlanLimits } from '@lodestar/contract';
import type { Db } from '../../db/client.ts';
import * as organizationsService from '../access/organizations/organizations.service.ts';
import type { PlanGate } from '../access/organizations/plan-gate.ts';
import * as subscriptionsService from './subscriptions/subscriptions.service.ts';
import { toPlan } from './subscriptions/subscriptions.views.ts';

/**
 * The one place other contexts ask about plan limits (docs/product.md#limits, docs/decisions/0010). Records and
 * deals call assertWithinPlan before adding (contacts, tags, stages, products, costs); access gets seats and
 * storage through its plan gate (registered in wiring.ts). Downgrading keeps data: only additions are refused.
 */
export interface WorkspacePlan {
  plan: Plan;
  limits: PlanLimits;
  features: Record<PlanFeatureKey, boolean>;
}

export async function planOf(db: Db, orgId: string): Promise<WorkspacePlan> {
  const org = await organizationsService.findOrganization(db, orgId);
  if (!org) throw new AppError('ORG_NOT_FOUND');
  const choice = await subscriptionsService.choiceOf(db, org);
  return { plan: choice.plan, limits: effectiveLimits(choice), features: planDefinitions[choice.plan].features };
}

/**
 * The plan's own definition: enough for record limits and features, which extras never change (they only add
 * seats and storage), so the calls on every contact, tag, stage and product create read one row, not two.
 */
async function planDefinitionOf(db: Db, orgId: string) {
  const org = await organizationsService.findOrganization(db, orgId);
  if (!org) throw new AppError('ORG_NOT_FOUND');
  return planDefinitions[toPlan(org.plan)];
}

/** 403 PLAN_LIMIT_REACHED ("Please upgrade to the Pro version") unless `adding` more fit beside `currentCount`. */
export async function assertWithinPlan(db: Db, orgId: string, limit: PlanLimitKey, currentCount: number, adding = 1): Promise<void> {
  const { limits } = await planOf(db, orgId);
  if (!fitsWithin(limits[limit], currentCount, adding)) throw new AppError('PLAN_LIMIT_REACHED');
}

/**
 * As assertWithinPlan, counting only when the plan limits `limit` (paid plans skip the count). `countUpTo(cap)`
 * may stop counting at cap (records.countLive does).
 */
export async function assertRoom(db: Db, orgId: string, limit: PlanLimitKey, countUpTo: (cap: number) => Promise<number>, adding = 1): Promise<void> {
  const cap = limit === 'seats' || limit === 'storageBytes' ? (await planOf(db, orgId)).limits[limit] : (await planDefinitionOf(db, orgId)).limits[limit];
  if (cap === null) return;
  if (!fitsWithin(cap, await countUpTo(cap), adding)) throw new AppError('PLAN_LIMIT_REACHED');
}

/** 403 PLAN_LIMIT_REACHED unless the plan has the feature (performance targets). */
export async function assertPlanFeature(db: Db, orgId: string, feature: PlanFeatureKey): Promise<void> {
  const { features } = await planDefinitionOf(db, orgId);
  if (!features[feature]) throw new AppError('PLAN_LIMIT_REACHED');
}

/** Seats and storage for access's plan gate. */
export const billingPlanGate: PlanGate = {
  async assertRoomForMembers(db, orgId, adding) {
    // Seats are what a subscription bought; workspaces without one keep the Team-plan gate of members.service alone.
    if (adding <= 0 || !(await subscriptionsService.hasLiveSubscription(db, orgId))) return;
    await assertWithinPlan(db, orgId, 'seats', await subscriptionsService.seatsUsed(db, orgId), adding);
  },
  async assertRoomForBytes(db, orgId, bytes) {
    await assertWithinPlan(db, orgId, 'storageBytes', await subscriptionsService.storageUsed(db, orgId), bytes);
  },
};
