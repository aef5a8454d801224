/**
 * Activity report scenarios (issue: activity reports): the week and quarter team reports of the big workspace's
 * 100 members over 200 000 activity points spread across a year and six activity items — API ÷ the same
 * statements called directly, and the SQL statement count (it must not grow with people or items).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatPeriod, periodOf, periodRange } from '@lodestar/contract';
import type { Db } from '../apps/server/src/db/client.ts';
import * as activityReportsRepository from '../apps/server/src/modules/reports/activity-reports/activity-reports.repository.ts';
import { apiCaller, measureScenarios, type BenchContext, type CrmRow } from './crm.ts';
import { withTargets } from './statistics.ts';

export const activitySeed = { points: 200_000, items: 6, days: 365 };

/** Six items and 200 000 points (one per completed occurrence and item) over the last year, members round-robin. */
export async function seedActivityPoints(db: Db, orgId: string): Promise<void> {
  await db.execute(sql`
    insert into activity_items (org_id, name, point, target_num)
    select ${orgId}, (array['電話','郵件','訊息','拜訪','會議','提案'])[g], g, 2 from generate_series(1, ${activitySeed.items}) g`);
  await db.execute(sql`
    with people as (select user_id, row_number() over (order by user_id) - 1 as n, count(*) over () as total from members where org_id = ${orgId}),
         items as (select id, name, point, row_number() over (order by point) - 1 as n from activity_items where org_id = ${orgId})
    insert into activity_points (org_id, user_id, schedule_id, occurrence_date, activity_item_id, item_name, point, earned_on)
    select ${orgId}, p.user_id, gen_random_uuid(), d, i.id, i.name, i.point, d
    from generate_series(1, ${activitySeed.points}) g,
         lateral (select (current_date - (g % ${activitySeed.days}))::date as d) day,
         people p, items i
    where p.n = g % p.total and i.n = (g / 7) % ${activitySeed.items}`);
}

export async function activityScenarios(app: FastifyInstance, db: Db, ctx: BenchContext, kind: 'pglite' | 'postgres'): Promise<CrmRow[]> {
  const { orgId } = ctx;
  const { get, q } = apiCaller(app, ctx);
  const all = sql`true`; // the bench user's administrator privilege: scope all
  const today = new Date().toISOString().slice(0, 10);
  const [week, quarter] = [periodOf('week', today), periodOf('quarter', today)];
  const [weekRange, quarterRange] = [periodRange(week), periodRange(quarter)];
  const people = await activityReportsRepository.reportMembers(db, orgId, all, {});
  const ids = people.map((p) => p.userId);
  const direct = (from: string, to: string) => async () => {
    await Promise.all([activityReportsRepository.reportMembers(db, orgId, all, {}), activityReportsRepository.findSetting(db, orgId), activityReportsRepository.setupCounts(db, orgId)]);
    await activityReportsRepository.pointsByUser(db, orgId, ids, from, to);
  };
  const weekPath = q(`/activity/report?type=week&reportDate=${formatPeriod(week)}`);
  const quarterPath = q(`/activity/report?type=quarter&reportDate=${formatPeriod(quarter)}`);
  // Issue 14 names PostgreSQL's 50 ms; PGlite gets the statistics' 150 ms (withTargets).
  const scenarios = [
    { name: `activity team report, week (${people.length} people, ${activitySeed.points} points)`, api: () => get(weekPath), direct: direct(weekRange.from, weekRange.to) },
    { name: 'activity team report, quarter', api: () => get(quarterPath), direct: direct(quarterRange.from, quarterRange.to) },
  ];
  return measureScenarios(ctx, await withTargets(db, scenarios, kind));
}
