/**
 * A deal's status, stage rules, totals and list columns (docs/product.md#states, #fields).
 * Zod-free (apps/web/README.md "First load"): the web's start pages use these, and a module that also defines schemas
 * would bring zod into their first load. deals.ts re-exports them and keeps the schemas.
 */
import { centsToMoney, moneyToCents, sumLines } from '../platform/money.rules.ts';
import type { ColumnSetting } from '../records/column-settings.rules.ts';
import { lostStageId, wonStageId, type Stage } from './sales-stages.rules.ts';

/** docs/product.md#states: developing, closed (won), failed (lost). */
export const dealStatuses = ['developing', 'closed', 'failed'] as const;
export type DealStatus = (typeof dealStatuses)[number];

export function dealStatus(stageId: number): DealStatus {
  if (stageId === wonStageId) return 'closed';
  if (stageId === lostStageId) return 'failed';
  return 'developing';
}

/** Picking a stage sets the closing rate to the stage's rate. */
export function closingRateFor(stage: Pick<Stage, 'closingRate'>): number {
  return stage.closingRate;
}

/** The completed date exists only for won deals: kept (or today) when stage is 1000, otherwise null. */
export function completedDateFor(stageId: number, completedDate: string | null | undefined, today: string): string | null {
  if (stageId !== wonStageId) return null;
  return completedDate || today;
}

/** Whole days between two instants (floor), never negative. */
export function daysBetween(from: Date, to: Date): number {
  return Math.max(0, Math.floor((to.getTime() - from.getTime()) / 86_400_000));
}

/** Stalled once the days in the stage reach the stage's alertNotice; won/lost and stages without a notice never stall. */
export function isStalled(daysInStage: number, stage: Pick<Stage, 'alertNotice' | 'id'> | undefined): boolean {
  if (!stage || stage.alertNotice === null || stage.id === wonStageId || stage.id === lostStageId) return false;
  return daysInStage >= stage.alertNotice;
}

/** What a deal's margin is measured from: its product lines, or its amount when it has none. */
export const marginBases = ['products', 'amount'] as const;
export type MarginBasis = (typeof marginBases)[number];

/**
 * The margin rule (docs/product.md "Margin"): revenue minus costs, where revenue is the product lines at quoted
 * price when the deal has at least one, and the deal's amount otherwise (a $120,000 deal with one $1,500 cost
 * line and no products has a margin of $118,500, not −$1,500). Exact, in cents.
 */
export function dealMargin(input: { amount: string; productLineCount: number; productTotal: string; costTotal: string }): {
  revenue: string;
  marginBasis: MarginBasis;
  margin: string;
} {
  const marginBasis: MarginBasis = input.productLineCount > 0 ? 'products' : 'amount';
  const revenue = marginBasis === 'products' ? input.productTotal : centsToMoney(moneyToCents(input.amount || '0'));
  return { revenue, marginBasis, margin: centsToMoney(moneyToCents(revenue) - moneyToCents(input.costTotal)) };
}

/** Products at quoted price, costs, and the margin by dealMargin's rule, exact. */
export function dealTotals(
  products: { quotedPrice: string; num: number }[],
  costs: { singlePrice: string; num: number }[],
  amount: string,
): { productTotal: string; costTotal: string; marginBasis: MarginBasis; margin: string } {
  const productTotal = sumLines(products.map((p) => ({ price: p.quotedPrice, num: p.num })));
  const costTotal = sumLines(costs.map((c) => ({ price: c.singlePrice, num: c.num })));
  const { marginBasis, margin } = dealMargin({ amount, productLineCount: products.length, productTotal, costTotal });
  return { productTotal, costTotal, marginBasis, margin };
}

/** GET/POST /api/dealFieldSetting: the deal list's built-in columns, in order, and whether each is shown (settings/columnDeal). */
export const dealListColumns = ['title', 'company', 'contact', 'startDate', 'estimateDate', 'owner', 'amount', 'stage', 'closingRate', 'completedDate'] as const;
export type DealListColumn = (typeof dealListColumns)[number];
/**
 * By default a manager sees pipeline value at a glance: name, company, contact, amount, stage, closing rate,
 * expected close and owner; start and completed dates are one switch away.
 */
const defaultDealColumnOrder: DealListColumn[] = ['title', 'company', 'contact', 'amount', 'stage', 'closingRate', 'estimateDate', 'owner', 'startDate', 'completedDate'];
export const defaultDealFieldSetting: ColumnSetting<DealListColumn> = {
  columns: defaultDealColumnOrder.map((key) => ({ key, isShow: key !== 'startDate' && key !== 'completedDate' })),
};
