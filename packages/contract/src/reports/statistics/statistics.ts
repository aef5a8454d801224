import { z } from 'zod';
import { dateOnlySchema, timeZoneSchema, uuidSchema } from '../../platform/common.ts';
import { stageSchema } from '../../deals/sales-stages.ts';
import type { DealListQueryInput } from '../../deals/deals.ts';
import { targetSources } from '../../deals/department-targets.ts';
import { rangeDays, type DateRange } from './statistics.periods.ts';

/**
 * Statistics (docs/product.md#statistics-and-dashboard). One definition per metric, applied in SQL by
 * modules/deals/deals/deals.metrics.ts for both the figure and its drill-down (the deal list filters below):
 * - won: stage 1000 with its completed date in the period;
 * - open (pipeline): any stage but won and lost; expected: open with the expected close date in the period;
 * - weighted: amount × closing rate ÷ 100;
 * - margin: Σ quoted price × num − Σ cost single price × num;
 * - lost in the period: stage −9999, moved there on a day of the period (in the caller's time zone);
 * - closing in the period (product ranking with open deals): won in the period, or open and expected in it.
 * The deals counted are the live ones the caller may view whose owner is within the caller's scope for the
 * screen's privilege feature (performanceReport, productSalesRanking), optionally one person or department.
 */

export const statisticsFeatures = ['performanceReport', 'productSalesRanking'] as const;
export type StatisticsFeature = (typeof statisticsFeatures)[number];

/** The longest period a statistic covers (three years and a day). */
export const maxStatisticsDays = 1097;


const statisticsQueryFields = z.object({
  orgId: uuidSchema,
  from: dateOnlySchema,
  to: dateOnlySchema,
  /** One person (their deals), or a department with the departments under it. */
  uid: uuidSchema.optional(),
  departmentId: uuidSchema.optional(),
  /** For "today", stalled days and the day a deal was lost. */
  timeZone: timeZoneSchema.default('UTC'),
  stageTypeId: uuidSchema.optional(),
});
/** The period must run forwards and last at most maxStatisticsDays. */
const withPeriodRules = <T extends typeof statisticsQueryFields>(schema: T) =>
  schema
    .refine((q) => q.from <= q.to, { path: ['to'], message: 'invalidValue' })
    .refine((q) => q.from > q.to || rangeDays(q) <= maxStatisticsDays, { path: ['to'], message: 'invalidValue' });

export const statisticsQuerySchema = withPeriodRules(statisticsQueryFields);
export type StatisticsQuery = z.infer<typeof statisticsQuerySchema>;
export type StatisticsQueryInput = z.input<typeof statisticsQuerySchema>;

/** The product ranking also takes includeOpen: false (default) = won deals only; true = and the open deals expected in the period. */
export const productRankingQuerySchema = withPeriodRules(
  statisticsQueryFields.extend({ includeOpen: z.enum(['true', 'false']).default('false').transform((v) => v === 'true') }),
);
export type ProductRankingQuery = z.infer<typeof productRankingQuerySchema>;

const money = z.string();
const pct = z.number().nullable();
const countAmount = z.object({ count: z.number().int(), amount: money });
const userRef = z.object({ id: z.string(), name: z.string() });

/** Every answer says whose deals it counts: null = everyone in the caller's scope, else these owners. */
const owners = z.array(z.string()).nullable();

export const funnelStageSchema = z.object({
  stage: stageSchema,
  count: z.number().int(),
  amount: money,
  /** Deals now here or further (won included). */
  reached: z.number().int(),
  /** reached(next) ÷ reached(this), %. */
  conversion: pct,
  /** Mean whole days since the deals moved into this stage. */
  averageDays: z.number().nullable(),
});
/** Deals started in the period, by their current stage. */
export const funnelSchema = z.object({
  stageTypeId: z.string(),
  stages: z.array(funnelStageSchema),
  won: countAmount,
  lost: countAmount,
  winRate: pct,
});
export type Funnel = z.infer<typeof funnelSchema>;

export const dashboardStatisticsSchema = z.object({
  owners,
  won: countAmount,
  target: money,
  achievement: pct,
  lostCount: z.number().int(),
  /**
   * The deals lost in the period by lost reason, most first (issue 30): id and label of the workspace's reason,
   * both null for deals lost without one (or whose reason was deleted since).
   */
  lostReasons: z.array(countAmount.extend({ id: z.string().nullable(), label: z.string().nullable() })),
  winRate: pct,
  pipeline: countAmount.extend({ weighted: money }),
  expected: countAmount.extend({ weighted: money }),
  stalledCount: z.number().int(),
  funnel: funnelSchema,
});
export type DashboardStatistics = z.infer<typeof dashboardStatisticsSchema>;

export const performanceSchema = z.object({
  owners,
  /**
   * With a department chosen: whether the targets are the department's stored ones, the sum of its members'
   * (none stored) or both (some months stored); null without a department.
   */
  targetSource: z.enum(targetSources).nullable(),
  months: z.array(z.object({ month: z.string(), won: money, count: z.number().int(), target: money, achievement: pct })),
  total: z.object({ won: money, count: z.number().int(), target: money, achievement: pct }),
  yearToDate: z.object({ from: z.string(), to: z.string(), won: money, count: z.number().int(), target: money, achievement: pct }),
  lastYear: z.object({ from: z.string(), to: z.string(), won: money, count: z.number().int(), growth: pct }),
});
export type Performance = z.infer<typeof performanceSchema>;

export const forecastDealSchema = z.object({
  id: z.string(),
  name: z.string(),
  amount: money,
  closingRate: z.number().int(),
  weighted: money,
  estimatedEndDate: z.string(),
  stage: z.number().int(),
  stageName: z.string(),
  owner: userRef.nullable(),
  company: userRef.nullable(),
});
export type ForecastDeal = z.infer<typeof forecastDealSchema>;
export const forecastSchema = z.object({
  owners,
  months: z.array(z.object({ month: z.string(), count: z.number().int(), pipeline: money, weighted: money, won: money, wonCount: z.number().int() })),
  total: z.object({ count: z.number().int(), pipeline: money, weighted: money, won: money, wonCount: z.number().int() }),
  /** The largest open deals, then the highest closing rate (10). */
  keyDeals: z.array(forecastDealSchema),
  /** Open deals expected to close in the period, soonest first (20), and how many there are. */
  expectedDeals: z.array(forecastDealSchema),
  expectedCount: z.number().int(),
});
export type Forecast = z.infer<typeof forecastSchema>;

export const productRankingSchema = z.object({
  owners,
  /** Whether open deals expected to close in the period are counted beside the won ones. */
  includeOpen: z.boolean(),
  items: z.array(
    z.object({
      rank: z.number().int(),
      /** null: a line whose product was deleted (grouped by its copied name). */
      productId: z.string().nullable(),
      name: z.string(),
      color: z.string().nullable(),
      quantity: z.number().int(),
      revenue: money,
      /** The deals' costs shared among their product lines in proportion to each line's revenue. */
      cost: money,
      margin: money,
      dealCount: z.number().int(),
    }),
  ),
});
export type ProductRanking = z.infer<typeof productRankingSchema>;

export const salesRankingSchema = z.object({
  owners,
  items: z.array(
    z.object({
      rank: z.number().int(),
      user: userRef,
      wonAmount: money,
      wonCount: z.number().int(),
      lostCount: z.number().int(),
      winRate: pct,
      averageDeal: money,
    }),
  ),
});
export type SalesRanking = z.infer<typeof salesRankingSchema>;

/**
 * Quoted vs won (issue 36), per deal owner: the quotes sent in the period (by the day of their last send, in the
 * query's time zone; a superseded version is replaced by its successor and not counted), and of those the accepted,
 * declined and expired (sent, unanswered, validity over) ones; amount quoted = Σ totals sent, amount won = Σ totals
 * accepted, conversion = accepted ÷ sent.
 */
const quoteFigures = z.object({
  sent: z.number().int(),
  accepted: z.number().int(),
  declined: z.number().int(),
  expired: z.number().int(),
  quotedAmount: money,
  wonAmount: money,
  conversion: pct,
});
export type QuoteFigures = z.infer<typeof quoteFigures>;
export const quoteStatisticsSchema = z.object({
  owners,
  items: z.array(quoteFigures.extend({ user: userRef })),
  total: quoteFigures,
});
export type QuoteStatistics = z.infer<typeof quoteStatisticsSchema>;

export const statisticsPeopleQuerySchema = z.object({ orgId: uuidSchema, feature: z.enum(statisticsFeatures) });
/** Whom the caller may pick in a statistics filter: the members and departments within their scope. */
export const statisticsPeopleSchema = z.object({
  users: z.array(userRef),
  departments: z.array(z.object({ id: z.string(), name: z.string(), parentId: z.string().nullable() })),
});
export type StatisticsPeople = z.infer<typeof statisticsPeopleSchema>;

// ---- drill-down: the deal list query that lists exactly the deals a figure counts ----

export type DealDrill = Partial<Record<keyof DealListQueryInput, string>>;

export function drillBase(feature: StatisticsFeature, ownerIds: string[] | null): DealDrill {
  return ownerIds ? { scope: feature, owner: ownerIds.join(',') } : { scope: feature };
}
export const drillWon = (range: DateRange): DealDrill => ({ status: 'closed', completedFrom: range.from, completedTo: range.to });
export const drillExpected = (range: DateRange): DealDrill => ({ status: 'developing', estimatedFrom: range.from, estimatedTo: range.to });
export const drillOpen = (): DealDrill => ({ status: 'developing' });
export const drillStalled = (): DealDrill => ({ status: 'developing', stalled: 'true' });
export const drillFunnelStage = (stageTypeId: string, stage: number, range: DateRange): DealDrill => ({
  stageTypeId,
  stage: String(stage),
  startFrom: range.from,
  startTo: range.to,
});
/** Won in the period or, with includeOpen, open and expected to close in it (status left open: won or open). */
export const drillClosing = (range: DateRange, includeOpen: boolean): DealDrill =>
  includeOpen ? { closingFrom: range.from, closingTo: range.to } : drillWon(range);
export const drillProduct = (productId: string, range: DateRange, includeOpen = false): DealDrill => ({ ...drillClosing(range, includeOpen), productId });
/** Lost on a day of the period in the caller's time zone (the dashboard's and the sales ranking's lost count). */
export const drillLost = (range: DateRange, timeZone: string): DealDrill => ({ status: 'failed', lostFrom: range.from, lostTo: range.to, timeZone });
