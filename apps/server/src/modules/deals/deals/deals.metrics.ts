import { lostStageId, wonStageId } from '@lodestar/contract';
import { and, eq, gte, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import { dealProductLines, deals } from './deals.table.ts';

/**
 * The one SQL definition of each deal metric (packages/contract/src/reports/statistics/statistics.ts), used by
 * the statistics' aggregates (modules/reports/statistics) and by the deal list's drill-down filters, so a
 * figure and the list behind it count the same rows. Read-only predicates over the deals table.
 */

export const isWon: SQL = eq(deals.stage, wonStageId);
export const isLost: SQL = eq(deals.stage, lostStageId);
export const isOpen: SQL = notInArray(deals.stage, [wonStageId, lostStageId]);

/** amount × closing rate ÷ 100, exact (numeric). */
export const weightedAmount: SQL<string> = sql<string>`(${deals.amount} * ${deals.closingRate} / 100)`;
/**
 * amount_cents: amount × 100 as bigint, a generated column of migration 0023 outside drizzle's schema (the ORM
 * never reads or writes it). Sums over many deals add it instead of the numeric amount — the same exact figure,
 * as bigint sums cost a quarter of numeric ones.
 */
const amountCents = sql`${deals}.amount_cents`;
const filtered = (value: SQL, where?: SQL) => (where ? sql`sum(${value}) filter (where ${where})` : sql`sum(${value})`);
/** Σ amount of the rows matching `where` (numeric, exact; null when none). */
export const amountSum = (where?: SQL): SQL<string> => sql<string>`(${filtered(amountCents, where)} / 100)`;
/** Σ weightedAmount of the rows matching `where`: Σ (cents × rate) ÷ 10 000, exact (null when none). */
export const weightedSum = (where?: SQL): SQL<string> => sql<string>`(${filtered(sql`${amountCents} * ${deals.closingRate}`, where)} / 10000)`;

function dateIn(column: typeof deals.completedDate | typeof deals.estimatedEndDate | typeof deals.startDate, from?: string, to?: string): SQL | undefined {
  return and(from ? gte(column, from) : undefined, to ? lte(column, to) : undefined);
}
/** Won with the completed (actual close) date in [from, to]. */
export const wonIn = (from?: string, to?: string): SQL => and(isWon, dateIn(deals.completedDate, from, to))!;
export const completedIn = (from?: string, to?: string) => dateIn(deals.completedDate, from, to);
export const expectedIn = (from?: string, to?: string) => dateIn(deals.estimatedEndDate, from, to);
export const startedIn = (from?: string, to?: string) => dateIn(deals.startDate, from, to);

/**
 * Lost on a day of [from, to] in timeZone (the day the deal moved to the lost stage). The local-date test decides;
 * the UTC range a day wider on each side (no zone is a day from UTC) is what lets deals_org_lost_on_idx find the
 * candidates — a conversion on every row alone would read every lost deal of the workspace.
 */
export function lostIn(from: string, to: string, timeZone: string): SQL {
  return sql`(${isLost} and ${deals.stageChangedAt} >= (${from}::date - 1)::timestamp at time zone 'UTC' and ${deals.stageChangedAt} < (${to}::date + 2)::timestamp at time zone 'UTC'
    and (${deals.stageChangedAt} at time zone ${timeZone})::date between ${from}::date and ${to}::date)`;
}

/** Won in [from, to], or open and expected to close in it (the product ranking with open deals). */
export const closingIn = (from?: string, to?: string): SQL => sql`(${wonIn(from, to)} or (${isOpen} and ${expectedIn(from, to) ?? sql`true`}))`;

export function hasProduct(productId: string): SQL {
  return sql`exists (select 1 from ${dealProductLines} where ${dealProductLines.orgId} = ${deals.orgId} and ${dealProductLines.dealId} = ${deals.id} and ${dealProductLines.productId} = ${productId})`;
}

/**
 * Open and at least alertNotice whole days in its stage (contract isStalled). The stage table is named in SQL
 * rather than imported: it belongs to the sales-stages module.
 */
export const isStalledDeal: SQL = sql`(${isOpen} and exists (
  select 1 from sales_stages s
  where s.org_id = ${deals.orgId} and s.id = ${deals.stage} and s.alert_notice is not null
    and ${deals.stageChangedAt} <= now() - s.alert_notice * interval '1 day'))`;

/** The drill-down filters of GET /api/page/deal/list. */
export interface DrillFilters {
  completedFrom?: string | undefined;
  completedTo?: string | undefined;
  estimatedFrom?: string | undefined;
  estimatedTo?: string | undefined;
  startFrom?: string | undefined;
  startTo?: string | undefined;
  productId?: string | undefined;
  stalled?: boolean | undefined;
  lostFrom?: string | undefined;
  lostTo?: string | undefined;
  timeZone?: string | undefined;
  closingFrom?: string | undefined;
  closingTo?: string | undefined;
}

export function drillConditions(f: DrillFilters): (SQL | undefined)[] {
  return [
    completedIn(f.completedFrom, f.completedTo),
    expectedIn(f.estimatedFrom, f.estimatedTo),
    startedIn(f.startFrom, f.startTo),
    f.productId ? hasProduct(f.productId) : undefined,
    f.stalled ? isStalledDeal : undefined,
    f.lostFrom || f.lostTo ? lostIn(f.lostFrom ?? '0001-01-01', f.lostTo ?? '9999-12-31', f.timeZone ?? 'UTC') : undefined,
    f.closingFrom || f.closingTo ? closingIn(f.closingFrom, f.closingTo) : undefined,
  ];
}
