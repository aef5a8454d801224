import { freePlanLimits, teamPlan, type Plan } from '../platform/constants.ts';

/**
 * Plans as data (docs/product.md#limits): what each one costs per month, what it unlocks and its limits.
 * The server enforces these (billing's planOf / assertWithinPlan), the web shows the same table on
 * /subscription. Amounts are whole New Taiwan dollars (TWD has no minor unit at card gateways).
 */
export const billingCurrency = 'TWD';

/** A countable limit: a number, or null for unlimited. */
export type LimitValue = number | null;

export const planLimitKeys = ['contacts', 'contactTags', 'companyTags', 'salesStages', 'products', 'storageBytes', 'seats'] as const;
export type PlanLimitKey = (typeof planLimitKeys)[number];
export type PlanLimits = Record<PlanLimitKey, LimitValue>;

/** Switches rather than counts (docs/product.md#permissions: invitations are Team; targets and workflows need Pro or above). */
export const planFeatureKeys = ['memberInvitations', 'performanceTargets', 'workflows'] as const;
export type PlanFeatureKey = (typeof planFeatureKeys)[number];

export interface PlanDefinition {
  id: Plan;
  /** Order for comparison: a higher rank is an upgrade. */
  rank: number;
  /** TWD per month; null = by discussion (Enterprise). */
  monthlyPrice: number | null;
  /** Whether it can be bought on /subscription (Free is the default, Enterprise is by discussion). */
  purchasable: boolean;
  limits: PlanLimits;
  features: Record<PlanFeatureKey, boolean>;
  /** Extra seats can be bought (Team and above). */
  extraSeats: boolean;
}

const gib = 1024 ** 3;
/** docs/product.md#limits: a subscription plan is unlimited with 20 GB. */
const paidLimits = { contacts: null, contactTags: null, companyTags: null, salesStages: null, products: null, storageBytes: 20 * gib };

export const planDefinitions: Record<Plan, PlanDefinition> = {
  free: {
    id: 'free',
    rank: 0,
    monthlyPrice: 0,
    purchasable: false,
    limits: { ...freePlanLimits, seats: 1 },
    features: { memberInvitations: false, performanceTargets: false, workflows: false },
    extraSeats: false,
  },
  basic: {
    id: 'basic',
    rank: 1,
    monthlyPrice: 290,
    purchasable: true,
    limits: { ...paidLimits, seats: 1 },
    features: { memberInvitations: false, performanceTargets: false, workflows: false },
    extraSeats: false,
  },
  pro: {
    id: 'pro',
    rank: 2,
    monthlyPrice: 590,
    purchasable: true,
    limits: { ...paidLimits, seats: 1 },
    features: { memberInvitations: false, performanceTargets: true, workflows: true },
    extraSeats: false,
  },
  subscribe_team: {
    id: 'subscribe_team',
    rank: 3,
    monthlyPrice: 1490,
    purchasable: true,
    limits: { ...paidLimits, seats: 5 },
    features: { memberInvitations: true, performanceTargets: true, workflows: true },
    extraSeats: true,
  },
  enterprise: {
    id: 'enterprise',
    rank: 4,
    monthlyPrice: null,
    purchasable: false,
    limits: { ...paidLimits, seats: null },
    features: { memberInvitations: true, performanceTargets: true, workflows: true },
    extraSeats: true,
  },
};

/** The additional options of the subscription flow: seats beyond the plan's and storage in 10 GB blocks. */
export const planOptions = {
  extraSeat: { monthlyPrice: 250, max: 200 },
  extraStorage: { blockBytes: 10 * gib, monthlyPrice: 100, max: 100 },
} as const;

/** docs/product.md#limits "default plan id subscribe_team": the plan preselected on /subscription. */
export const defaultSelectedPlan: Plan = teamPlan;

/** New workspaces start here (docs/decisions/0010: the Free limits only mean something if new workspaces are Free). */
export const newWorkspacePlan: Plan = 'free';

export interface PlanChoice {
  plan: Plan;
  extraSeats: number;
  extraStorageBlocks: number;
}

/** The monthly price of a plan and its options, before any coupon. */
export function monthlyAmount(choice: PlanChoice): number {
  const definition = planDefinitions[choice.plan];
  const seats = definition.extraSeats ? choice.extraSeats : 0;
  return (definition.monthlyPrice ?? 0) + seats * planOptions.extraSeat.monthlyPrice + choice.extraStorageBlocks * planOptions.extraStorage.monthlyPrice;
}

/** The limits of a plan with its options: extra seats and extra storage added. */
export function effectiveLimits(choice: PlanChoice): PlanLimits {
  const { limits, extraSeats } = planDefinitions[choice.plan];
  return {
    ...limits,
    seats: limits.seats === null ? null : limits.seats + (extraSeats ? choice.extraSeats : 0),
    storageBytes: limits.storageBytes === null ? null : limits.storageBytes + choice.extraStorageBlocks * planOptions.extraStorage.blockBytes,
  };
}

/** True when one more item fits: `current` items exist and the limit is `limit` (null = unlimited). */
export function fitsWithin(limit: LimitValue, current: number, adding = 1): boolean {
  return limit === null || current + adding <= limit;
}

export type PlanChangeKind = 'upgrade' | 'downgrade' | 'same';

/**
 * docs/product.md#states: an upgrade takes effect at once and its price applies from the next cycle, with no
 * proration and no refund; a downgrade (or fewer options) takes effect at the end of the paid period.
 */
export function planChangeKind(from: PlanChoice, to: PlanChoice): PlanChangeKind {
  const rankFrom = planDefinitions[from.plan].rank;
  const rankTo = planDefinitions[to.plan].rank;
  if (rankTo !== rankFrom) return rankTo > rankFrom ? 'upgrade' : 'downgrade';
  const seats = to.extraSeats - from.extraSeats;
  const storage = to.extraStorageBlocks - from.extraStorageBlocks;
  if (seats === 0 && storage === 0) return 'same';
  // More of anything and less of nothing is an upgrade; any reduction waits for the period end.
  return seats >= 0 && storage >= 0 ? 'upgrade' : 'downgrade';
}
