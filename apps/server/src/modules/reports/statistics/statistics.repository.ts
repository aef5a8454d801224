import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { personNameSql } from '../../../db/person-name.ts';
import type { Db } from '../../../db/client.ts';
import { allOf, queryRows } from '../../../db/paging.ts';
import { departments } from '../../access/departments/departments.table.ts';
import { members } from '../../access/members/members.table.ts';
import { users } from '../../access/users/users.table.ts';
import { companies } from '../../records/companies/companies.table.ts';
import * as metrics from '../../deals/deals/deals.metrics.ts';
import { dealCostLines, dealProductLines, deals, dealTargets, departmentTargets } from '../../deals/deals/deals.table.ts';
import { salesItems } from '../../deals/sales-items/sales-items.table.ts';
import { dealLostReasons } from '../../deals/lost-reasons/lost-reasons.table.ts';

/*
 * Statistics are read-only SQL aggregates over the deal tables (apps/server/src/modules/reports/README.md, written exception: reports
 * read other modules' tables). Every function takes the workspace and `scope`, the caller's predicate on the
 * deal (visibility AND owner scope AND the person filter), and never loops per deal in JS.
 */

export const dealOwnerColumn = deals.ownerUserId;
export const targetUserColumn = dealTargets.userId;
export const memberUserColumn = members.userId;

const sum = (value: SQL | typeof deals.amount, where: SQL) => sql<string>`coalesce(sum(${value}) filter (where ${where}), 0)::numeric(16,2)::text`;
const count = (where: SQL) => sql<number>`(count(*) filter (where ${where}))::int`;
const base = (orgId: string, scope: SQL) => and(eq(deals.orgId, orgId), isNull(deals.deletedAt), scope)!;
const month = (column: SQL | typeof deals.completedDate) => sql<string>`to_char(${column}, 'YYYY-MM')`;
const ownerName = sql<string>`coalesce(nullif(${personNameSql(users.firstName, users.lastName)}, ''), ${users.email})`;

export interface Period {
  from: string;
  to: string;
  timeZone: string;
}

export interface DashboardTotals {
  wonCount: number;
  wonAmount: string;
  lostCount: number;
  lostReasons: { id: string | null; label: string | null; count: number; amount: string }[];
  openCount: number;
  openAmount: string;
  openWeighted: string;
  expectedCount: number;
  expectedAmount: string;
  expectedWeighted: string;
  stalledCount: number;
}

const money = (value: SQL) => sql<string>`coalesce(${value}, 0)::numeric(16,2)::text`;

/**
 * The dashboard's figures in one statement, each part from its own index range (migration 0023): won and lost in
 * the period by their dates, the open deals once (index-only, the expected ones among them by FILTER, summing
 * amount_cents), and the
 * stalled ones per stage from that stage's alert — rather than every deal of the workspace tested by every figure.
 * "stalled" is metrics.isStalledDeal counted per stage: the stage's deals that entered it before its alert
 * (deals_org_open_stage_idx), summed over the stages with an alert.
 */
export async function dashboardTotals(db: Db, orgId: string, scope: SQL, p: Period): Promise<DashboardTotals> {
  const live = base(orgId, scope);
  const expected = metrics.expectedIn(p.from, p.to)!;
  const [row] = await queryRows<DashboardTotals>(db, sql`
    with won as (
      select count(*)::int as "wonCount", ${money(sql`sum(${deals.amount})`)} as "wonAmount"
      from ${deals} where ${live} and ${metrics.wonIn(p.from, p.to)}
    ), lost as (
      select count(*)::int as "lostCount" from ${deals} where ${live} and ${metrics.lostIn(p.from, p.to, p.timeZone)}
    ), lost_reasons as (
      -- The same lost deals by reason, as one JSON array, so the breakdown adds no statement to the dashboard.
      select coalesce(json_agg(json_build_object('id', per_reason.id, 'label', per_reason.label, 'count', per_reason.n, 'amount', per_reason.amount)
        order by per_reason.n desc, per_reason.label nulls last), '[]'::json) as "lostReasons"
      from (
        select r.id, r.label, count(*)::int as n, ${money(sql`sum(${deals.amount})`)} as amount
        from ${deals} left join ${dealLostReasons} r on r.id = ${deals.lostReasonId} and r.org_id = ${orgId}
        where ${live} and ${metrics.lostIn(p.from, p.to, p.timeZone)}
        group by r.id, r.label
      ) per_reason
    ), open as (
      select count(*)::int as "openCount", ${money(metrics.amountSum())} as "openAmount", ${money(metrics.weightedSum())} as "openWeighted",
        ${count(expected)} as "expectedCount", ${money(metrics.amountSum(expected))} as "expectedAmount", ${money(metrics.weightedSum(expected))} as "expectedWeighted"
      from ${deals} where ${live} and ${metrics.isOpen}
    ), stalled as (
      select coalesce(sum(per_stage.n), 0)::int as "stalledCount"
      from sales_stages s cross join lateral (
        select count(*) as n from ${deals}
        where ${live} and ${metrics.isOpen} and ${deals.stage} = s.id and ${deals.stageChangedAt} <= now() - s.alert_notice * interval '1 day'
      ) per_stage
      where s.org_id = ${orgId} and s.alert_notice is not null
    )
    select * from won, lost, lost_reasons, open, stalled`);
  return row!;
}

/** Deals started in the period of one stage type, per current stage: count, amount, mean days in the stage. */
export async function funnelByStage(db: Db, orgId: string, scope: SQL, p: Period, stageTypeId: string) {
  return db
    .select({
      stage: deals.stage,
      count: sql<number>`count(*)::int`,
      amount: sql<string>`coalesce(sum(${deals.amount}), 0)::numeric(16,2)::text`,
      // Whole days per deal in float8 (date_part; extract would do numeric arithmetic on every row), averaged exactly as integers.
      averageDays: sql<number | null>`round(avg(floor(date_part('epoch', now() - ${deals.stageChangedAt}) / 86400)::int), 1)::float8`,
    })
    .from(deals)
    .where(and(base(orgId, scope), eq(deals.stageTypeId, stageTypeId), metrics.startedIn(p.from, p.to)))
    .groupBy(deals.stage);
}

const toKey = (date: string) => Number(date.slice(0, 4)) * 100 + Number(date.slice(5, 7));
const monthText = (table: typeof dealTargets | typeof departmentTargets) => sql<string>`${table.year}::text || '-' || lpad(${table.month}::text, 2, '0')`;

/** A department's stored monthly targets in [from, to] (months without one are absent). */
export async function departmentTargetsByMonth(db: Db, orgId: string, departmentId: string, from: string, to: string) {
  const key = sql`${departmentTargets.year} * 100 + ${departmentTargets.month}`;
  return db
    .select({ month: monthText(departmentTargets), target: sql<string>`${departmentTargets.target}::numeric(16,2)::text` })
    .from(departmentTargets)
    .where(and(eq(departmentTargets.orgId, orgId), eq(departmentTargets.departmentId, departmentId), sql`${key} between ${toKey(from)} and ${toKey(to)}`));
}

/** Σ monthly targets of the users matching `userScope`, per year and month of [from, to]. */
export async function targetsByMonth(db: Db, orgId: string, userScope: SQL, from: string, to: string) {
  const key = sql`${dealTargets.year} * 100 + ${dealTargets.month}`;
  return db
    .select({
      month: monthText(dealTargets),
      target: sql<string>`sum(${dealTargets.target})::numeric(16,2)::text`,
    })
    .from(dealTargets)
    .where(and(eq(dealTargets.orgId, orgId), userScope, sql`${key} between ${toKey(from)} and ${toKey(to)}`))
    .groupBy(dealTargets.year, dealTargets.month);
}

/** Won count and amount per completed month of the period. */
export async function wonByMonth(db: Db, orgId: string, scope: SQL, from: string, to: string) {
  return db
    .select({ month: month(deals.completedDate), count: sql<number>`count(*)::int`, won: sql<string>`sum(${deals.amount})::numeric(16,2)::text` })
    .from(deals)
    .where(and(base(orgId, scope), metrics.wonIn(from, to)))
    .groupBy(sql`1`);
}

/** Won count and amount in two periods at once (year to date and last year). */
export async function wonInPeriods(db: Db, orgId: string, scope: SQL, a: { from: string; to: string }, b: { from: string; to: string }) {
  // Won is the WHERE; the FILTERs name only dates, so the index alone answers (index-only scan).
  const inA = metrics.completedIn(a.from, a.to)!;
  const inB = metrics.completedIn(b.from, b.to)!;
  // Both periods lie within [earliest from, latest to]: one range of deals_org_won_on_idx.
  const span = metrics.completedIn(a.from < b.from ? a.from : b.from, a.to > b.to ? a.to : b.to);
  const [row] = await db
    .select({ aCount: count(inA), aWon: sum(deals.amount, inA), bCount: count(inB), bWon: sum(deals.amount, inB) })
    .from(deals)
    .where(and(base(orgId, scope), metrics.isWon, span));
  return row!;
}

export interface ForecastMonthRow {
  month: string;
  count: number;
  pipeline: string;
  weighted: string;
  wonCount: number;
  won: string;
}

/**
 * Per month: open deals by expected close month (count, amount, weighted) and won deals by completed month. Two
 * index ranges (deals_org_open_expected_idx, deals_org_won_on_idx) summed per day, then the days per month.
 */
export async function forecastByMonth(db: Db, orgId: string, scope: SQL, p: Period): Promise<ForecastMonthRow[]> {
  const live = base(orgId, scope);
  return queryRows<ForecastMonthRow>(db, sql`
    select to_char(day::timestamp, 'YYYY-MM') as month, sum(open_count)::int as count, ${money(sql`sum(pipeline)`)} as pipeline,
      ${money(sql`sum(weighted)`)} as weighted, sum(won_count)::int as "wonCount", ${money(sql`sum(won)`)} as won
    from (
      select ${deals.estimatedEndDate} as day, count(*) as open_count, ${metrics.amountSum()} as pipeline,
        ${metrics.weightedSum()} as weighted, 0 as won_count, 0 as won
      from ${deals} where ${live} and ${metrics.isOpen} and ${metrics.expectedIn(p.from, p.to)!} group by 1
      union all
      select ${deals.completedDate}, 0, 0, 0, count(*), sum(${deals.amount})
      from ${deals} where ${live} and ${metrics.wonIn(p.from, p.to)} group by 1
    ) days
    group by 1`);
}

const forecastColumns = {
  id: deals.id,
  name: deals.name,
  amount: deals.amount,
  closingRate: deals.closingRate,
  weighted: sql<string>`${metrics.weightedAmount}::numeric(16,2)::text`,
  estimatedEndDate: deals.estimatedEndDate,
  stage: deals.stage,
  ownerId: deals.ownerUserId,
  ownerName,
  companyId: deals.companyId,
  companyName: companies.name,
};

/** Open deals, largest amount then highest closing rate first (key deals), or expected in the period, soonest first. */
export async function forecastDeals(db: Db, orgId: string, scope: SQL, kind: 'key' | 'expected', p: Period, limit: number) {
  return db
    .select(forecastColumns)
    .from(deals)
    .leftJoin(users, eq(users.id, deals.ownerUserId))
    .leftJoin(companies, eq(companies.id, deals.companyId))
    .where(allOf(base(orgId, scope), metrics.isOpen, kind === 'expected' ? metrics.expectedIn(p.from, p.to) : undefined))
    .orderBy(
      ...(kind === 'key'
        ? [desc(deals.amount), desc(deals.closingRate), asc(deals.estimatedEndDate)]
        : [asc(deals.estimatedEndDate), desc(deals.amount)]),
      asc(deals.id),
    )
    .limit(limit);
}

/**
 * Product lines of the deals won in the period (with includeOpen, also of the open deals expected in it), per product (a deleted product's lines grouped by their copied
 * name): quantity, revenue Σ quoted × num, and each deal's costs shared among its lines by revenue (evenly
 * when the deal's revenue is 0). Best revenue first, at most 100.
 */
export async function productRanking(db: Db, orgId: string, scope: SQL, p: Period & { includeOpen: boolean }) {
  const counted = p.includeOpen ? metrics.closingIn(p.from, p.to) : metrics.wonIn(p.from, p.to);
  return queryRows<ProductRankingRow>(db, sql`
    with won as (
      select ${deals.id} as id from ${deals} where ${base(orgId, scope)} and ${counted}
    ), lines as (
      select l.deal_id, l.product_id, l.name, l.num, l.quoted_price * l.num as revenue
      from ${dealProductLines} l join won on won.id = l.deal_id
      where l.org_id = ${orgId}
    ), per_deal as (
      select deal_id, sum(revenue) as revenue, count(*) as lines from lines group by deal_id
    ), costs as (
      select c.deal_id, sum(c.single_price * c.num) as cost
      from ${dealCostLines} c join won on won.id = c.deal_id
      where c.org_id = ${orgId} group by c.deal_id
    ), ranked as (
      select l.product_id, min(l.name) as name, sum(l.num)::int as quantity,
        sum(l.revenue) as revenue,
        sum(coalesce(c.cost, 0) * case when d.revenue > 0 then l.revenue / d.revenue else 1.0 / d.lines end) as cost,
        count(distinct l.deal_id)::int as deal_count
      from lines l join per_deal d on d.deal_id = l.deal_id left join costs c on c.deal_id = l.deal_id
      group by l.product_id, case when l.product_id is null then l.name end
    )
    select r.product_id, coalesce(p.name, r.name) as name, p.color, r.quantity,
      round(r.revenue, 2)::text as revenue, round(r.cost, 2)::text as cost,
      (round(r.revenue, 2) - round(r.cost, 2))::text as margin, r.deal_count
    from ranked r left join ${salesItems} p on p.id = r.product_id and p.org_id = ${orgId}
    order by r.revenue desc, r.quantity desc, name asc
    limit 100
  `);
}
export interface ProductRankingRow {
  product_id: string | null;
  name: string;
  color: string | null;
  quantity: number;
  revenue: string;
  cost: string;
  margin: string;
  deal_count: number;
}

export interface SalesRankingRow {
  userId: string;
  name: string;
  wonCount: number;
  wonAmount: string;
  lostCount: number;
}

/**
 * Per owner: won count and amount, lost count in the period; best won amount first (as a number). The won and the
 * lost deals come from their own index ranges and are summed per owner before the names are joined.
 */
export async function salesRanking(db: Db, orgId: string, scope: SQL, p: Period): Promise<SalesRankingRow[]> {
  const live = base(orgId, scope);
  return queryRows<SalesRankingRow>(db, sql`
    with per_owner as (
      select owner_user_id, sum(won_count)::int as won_count, sum(won) as won, sum(lost_count)::int as lost_count
      from (
        select ${deals.ownerUserId} as owner_user_id, count(*) as won_count, sum(${deals.amount}) as won, 0 as lost_count
        from ${deals} where ${live} and ${metrics.wonIn(p.from, p.to)} group by 1
        union all
        select ${deals.ownerUserId}, 0, 0, count(*) from ${deals} where ${live} and ${metrics.lostIn(p.from, p.to, p.timeZone)} group by 1
      ) x
      group by 1
    )
    select o.owner_user_id as "userId", ${ownerName} as name, o.won_count as "wonCount", ${money(sql`o.won`)} as "wonAmount", o.lost_count as "lostCount"
    from per_owner o join ${users} on ${users.id} = o.owner_user_id
    order by round(o.won, 2) desc, o.won_count desc, 2 asc
    limit 200`);
}

/** Users of a department and of every department under it. */
export async function departmentTreeUserIds(db: Db, orgId: string, departmentId: string): Promise<string[]> {
  const rows = await queryRows<{ user_id: string }>(db, sql`
    with recursive tree as (
      select id from ${departments} where org_id = ${orgId} and id = ${departmentId}
      union
      select child.id from ${departments} child join tree on child.parent_id = tree.id where child.org_id = ${orgId}
    )
    select distinct user_id from ${members} where org_id = ${orgId} and user_id is not null and department_id in (select id from tree)
  `);
  return rows.map((row) => row.user_id);
}

/** Activated members matching `userScope`, with their department. */
export async function scopedMembers(db: Db, orgId: string, userScope: SQL) {
  return db
    .select({ id: users.id, name: ownerName, departmentId: members.departmentId })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.orgId, orgId), eq(members.status, 'activated'), userScope))
    .orderBy(asc(ownerName));
}

export async function listDepartments(db: Db, orgId: string, ids?: string[]) {
  return db
    .select({ id: departments.id, name: departments.name, parentId: departments.parentId })
    .from(departments)
    .where(and(eq(departments.orgId, orgId), ids ? inArray(departments.id, ids.length ? ids : ['00000000-0000-0000-0000-000000000000']) : undefined))
    .orderBy(asc(departments.name));
}

export async function isMember(db: Db, orgId: string, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: members.id }).from(members).where(and(eq(members.orgId, orgId), eq(members.userId, userId))).limit(1);
  return row !== undefined;
}
