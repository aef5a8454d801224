import {
  achievementPercent,
  centsToMoney,
  funnelConversion,
  lostStageId,
  moneyToCents,
  monthsOf,
  percent,
  rankWithTies,
  sameRangeLastYear,
  stageChoices,
  winRate,
  wonStageId,
  yearToDate,
  type DashboardStatistics,
  type Forecast,
  type Funnel,
  type Performance,
  type ProductRanking,
  type SalesRanking,
  type StatisticsFeature,
  type StatisticsPeople,
  type StatisticsQuery,
  type ProductRankingQuery,
  type TargetSource,
} from '@lodestar/contract';
import { and, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { assertCan, ownerPredicate, type Actor } from '../../access/privileges/access-core.ts';
import { visibility } from '../../deals/deals/deals.access.ts';
import * as salesStagesService from '../../deals/sales-stages/sales-stages.service.ts';
import * as statisticsRepository from './statistics.repository.ts';

/**
 * Statistics screens (docs/product.md#statistics-and-dashboard). Each answer counts the live deals the caller may
 * view (deal visibility) whose owner is in the caller's scope for the screen's feature, optionally one person or
 * a department subtree — exactly what the deal list's drill-down (`scope` + `owner`) lists.
 */

interface Scope {
  /** On deals. */
  deals: SQL;
  /** On a user id column (targets, members): the same owners. */
  users: (column: AnyPgColumn) => Promise<SQL>;
  owners: string[] | null;
}

export async function scopeOf(db: Db, actor: Actor, feature: StatisticsFeature, query: Pick<StatisticsQuery, 'uid' | 'departmentId'>): Promise<Scope> {
  assertCan(actor, feature, 'view');
  // A person or department of another workspace (or none) is not found, as any record of it would be.
  if (query.uid && !(await statisticsRepository.isMember(db, actor.orgId, query.uid))) throw new AppError('NOT_FOUND');
  if (query.departmentId && (await statisticsRepository.listDepartments(db, actor.orgId, [query.departmentId])).length === 0) throw new AppError('NOT_FOUND');
  const owners = query.uid
    ? [query.uid]
    : query.departmentId
      ? await statisticsRepository.departmentTreeUserIds(db, actor.orgId, query.departmentId)
      : null;
  const narrow = (column: AnyPgColumn) => (owners ? inArray(column, owners.length ? owners : ['00000000-0000-0000-0000-000000000000']) : undefined);
  const [seen, owned] = await Promise.all([visibility(db, actor), ownerPredicate(db, actor, feature, statisticsRepository.dealOwnerColumn)]);
  return {
    deals: and(seen, owned, narrow(statisticsRepository.dealOwnerColumn))!,
    users: async (column) => and(await ownerPredicate(db, actor, feature, column), narrow(column))!,
    owners,
  };
}

const add = (...amounts: string[]) => centsToMoney(amounts.reduce((total, amount) => total + moneyToCents(amount), 0n));
const sumOf = <T>(rows: T[], pick: (row: T) => string) => add('0', ...rows.map(pick));

/**
 * The monthly targets of [from, to]: the members' sum, or with a department chosen its stored target for each
 * month that has one (the members' sum for the others), and which of the two the answer shows.
 */
async function monthlyTargets(db: Db, actor: Actor, targetScope: SQL, departmentId: string | undefined, range: { from: string; to: string }) {
  const [members, stored] = await Promise.all([
    statisticsRepository.targetsByMonth(db, actor.orgId, targetScope, range.from, range.to),
    departmentId ? statisticsRepository.departmentTargetsByMonth(db, actor.orgId, departmentId, range.from, range.to) : [],
  ]);
  const targetOf = new Map(members.map((row) => [row.month, row.target]));
  for (const row of stored) targetOf.set(row.month, row.target);
  const months = monthsOf(range);
  const storedCount = months.filter((month) => stored.some((row) => row.month === month)).length;
  const source: TargetSource | null = !departmentId ? null : storedCount === 0 ? 'members' : storedCount === months.length ? 'department' : 'mixed';
  return { targetOf, total: add('0', ...months.map((month) => targetOf.get(month) ?? '0')), source };
}

async function funnel(db: Db, actor: Actor, scope: SQL, query: StatisticsQuery): Promise<Funnel> {
  const type = await salesStagesService.resolveType(db, actor.orgId, query.stageTypeId);
  const rows = await statisticsRepository.funnelByStage(db, actor.orgId, scope, query, type.uuid);
  const byStage = new Map(rows.map((row) => [row.stage, row]));
  const figure = (id: number) => ({ count: byStage.get(id)?.count ?? 0, amount: byStage.get(id)?.amount ?? '0.00' });
  const open = stageChoices(type.stages).filter((stage) => stage.id !== wonStageId && stage.id !== lostStageId);
  const won = figure(wonStageId);
  const lost = figure(lostStageId);
  const conversion = funnelConversion(open.map((stage) => figure(stage.id)), won.count);
  return {
    stageTypeId: type.uuid,
    stages: open.map((stage, i) => ({ stage, ...figure(stage.id), ...conversion[i]!, averageDays: byStage.get(stage.id)?.averageDays ?? null })),
    won,
    lost,
    winRate: winRate(won.count, lost.count),
  };
}

/** GET /api/statistics/dashboard. */
export async function dashboard(db: Db, actor: Actor, query: StatisticsQuery): Promise<DashboardStatistics> {
  const scope = await scopeOf(db, actor, 'performanceReport', query);
  const [totals, targets, funnelAnswer] = await Promise.all([
    statisticsRepository.dashboardTotals(db, actor.orgId, scope.deals, query),
    monthlyTargets(db, actor, await scope.users(statisticsRepository.targetUserColumn), query.departmentId, query),
    funnel(db, actor, scope.deals, query),
  ]);
  const target = targets.total;
  return {
    owners: scope.owners,
    won: { count: totals.wonCount, amount: totals.wonAmount },
    target,
    achievement: achievementPercent(totals.wonAmount, target),
    lostCount: totals.lostCount,
    lostReasons: totals.lostReasons,
    winRate: winRate(totals.wonCount, totals.lostCount),
    pipeline: { count: totals.openCount, amount: totals.openAmount, weighted: totals.openWeighted },
    expected: { count: totals.expectedCount, amount: totals.expectedAmount, weighted: totals.expectedWeighted },
    stalledCount: totals.stalledCount,
    funnel: funnelAnswer,
  };
}

/** GET /api/statistics/performance: won per month against the targets (a department's own where stored), year to date, same period last year. */
export async function performance(db: Db, actor: Actor, query: StatisticsQuery): Promise<Performance> {
  const scope = await scopeOf(db, actor, 'performanceReport', query);
  const ytd = yearToDate(query);
  const lastYear = sameRangeLastYear(query);
  const targetScope = await scope.users(statisticsRepository.targetUserColumn);
  const [won, targets, ytdTargets, periods] = await Promise.all([
    statisticsRepository.wonByMonth(db, actor.orgId, scope.deals, query.from, query.to),
    monthlyTargets(db, actor, targetScope, query.departmentId, query),
    monthlyTargets(db, actor, targetScope, query.departmentId, ytd),
    statisticsRepository.wonInPeriods(db, actor.orgId, scope.deals, ytd, lastYear),
  ]);
  const wonOf = new Map(won.map((row) => [row.month, row]));
  const { targetOf } = targets;
  const months = monthsOf(query).map((month) => {
    const row = wonOf.get(month);
    const target = targetOf.get(month) ?? '0.00';
    const amount = row?.won ?? '0.00';
    return { month, won: amount, count: row?.count ?? 0, target, achievement: achievementPercent(amount, target) };
  });
  const total = { won: sumOf(months, (m) => m.won), count: months.reduce((n, m) => n + m.count, 0), target: sumOf(months, (m) => m.target) };
  const ytdTarget = ytdTargets.total;
  return {
    owners: scope.owners,
    targetSource: targets.source,
    months,
    total: { ...total, achievement: achievementPercent(total.won, total.target) },
    yearToDate: { ...ytd, won: periods.aWon, count: periods.aCount, target: ytdTarget, achievement: achievementPercent(periods.aWon, ytdTarget) },
    lastYear: {
      ...lastYear,
      won: periods.bWon,
      count: periods.bCount,
      growth: Number(periods.bWon) > 0 ? percent(Number(total.won) - Number(periods.bWon), Number(periods.bWon)) : null,
    },
  };
}

/** GET /api/statistics/pointOpportunity: weighted pipeline by expected close month beside the won amount. */
export async function forecast(db: Db, actor: Actor, query: StatisticsQuery): Promise<Forecast> {
  const scope = await scopeOf(db, actor, 'performanceReport', query);
  const [rows, keyDeals, expectedDeals, types] = await Promise.all([
    statisticsRepository.forecastByMonth(db, actor.orgId, scope.deals, query),
    statisticsRepository.forecastDeals(db, actor.orgId, scope.deals, 'key', query, 10),
    statisticsRepository.forecastDeals(db, actor.orgId, scope.deals, 'expected', query, 20),
    salesStagesService.listStageTypes(db, actor.orgId),
  ]);
  const stageNames = new Map(types.flatMap((type) => type.stages.map((stage) => [stage.id, stage.label] as const)));
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  const months = monthsOf(query).map((month) => {
    const row = byMonth.get(month);
    return { month, count: row?.count ?? 0, pipeline: row?.pipeline ?? '0.00', weighted: row?.weighted ?? '0.00', won: row?.won ?? '0.00', wonCount: row?.wonCount ?? 0 };
  });
  const toDeal = (row: (typeof keyDeals)[number]) => ({
    id: row.id,
    name: row.name,
    amount: row.amount,
    closingRate: row.closingRate,
    weighted: row.weighted,
    estimatedEndDate: row.estimatedEndDate,
    stage: row.stage,
    stageName: stageNames.get(row.stage) ?? '',
    owner: row.ownerId ? { id: row.ownerId, name: row.ownerName ?? '' } : null,
    company: row.companyId ? { id: row.companyId, name: row.companyName ?? '' } : null,
  });
  const count = months.reduce((n, m) => n + m.count, 0);
  return {
    owners: scope.owners,
    months,
    total: {
      count,
      pipeline: sumOf(months, (m) => m.pipeline),
      weighted: sumOf(months, (m) => m.weighted),
      won: sumOf(months, (m) => m.won),
      wonCount: months.reduce((n, m) => n + m.wonCount, 0),
    },
    keyDeals: keyDeals.map(toDeal),
    expectedDeals: expectedDeals.map(toDeal),
    expectedCount: count,
  };
}

/** GET /api/statistics/productRanking (feature productSalesRanking). */
export async function productRanking(db: Db, actor: Actor, query: ProductRankingQuery): Promise<ProductRanking> {
  const scope = await scopeOf(db, actor, 'productSalesRanking', query);
  const rows = await statisticsRepository.productRanking(db, actor.orgId, scope.deals, query);
  const items = rows.map((row) => ({
    productId: row.product_id,
    name: row.name,
    color: row.color,
    quantity: Number(row.quantity),
    revenue: row.revenue,
    cost: row.cost,
    margin: row.margin,
    dealCount: Number(row.deal_count),
  }));
  return { owners: scope.owners, includeOpen: query.includeOpen, items: rankWithTies(items, (item) => item.revenue) };
}

/** GET /api/statistics/performanceRanking: owners by won amount, then number of won deals. */
export async function salesRanking(db: Db, actor: Actor, query: StatisticsQuery): Promise<SalesRanking> {
  const scope = await scopeOf(db, actor, 'performanceReport', query);
  const rows = await statisticsRepository.salesRanking(db, actor.orgId, scope.deals, query);
  const items = rows.map((row) => ({
    user: { id: row.userId!, name: row.name },
    wonAmount: row.wonAmount,
    wonCount: row.wonCount,
    lostCount: row.lostCount,
    winRate: winRate(row.wonCount, row.lostCount),
    averageDeal: row.wonCount > 0 ? centsToMoney(moneyToCents(row.wonAmount) / BigInt(row.wonCount)) : '0.00',
  }));
  return { owners: scope.owners, items: rankWithTies(items, (item) => `${item.wonAmount}|${item.wonCount}`) };
}

/** GET /api/statistics/people: the members in the caller's scope and the departments they belong to. */
export async function people(db: Db, actor: Actor, feature: StatisticsFeature): Promise<StatisticsPeople> {
  const scope = await scopeOf(db, actor, feature, {});
  const users = await statisticsRepository.scopedMembers(db, actor.orgId, await scope.users(statisticsRepository.memberUserColumn));
  const everyone = actor.isTopAdministrator || actor.features[feature].scope === 'all';
  const departmentIds = [...new Set(users.map((user) => user.departmentId).filter((id): id is string => id !== null))];
  const departments = await statisticsRepository.listDepartments(db, actor.orgId, everyone ? undefined : departmentIds);
  return { users: users.map((user) => ({ id: user.id, name: user.name })), departments };
}
