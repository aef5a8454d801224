/**
 * Statistics scenarios on the deals bench's workspace (50 000 deals): the statistics dashboard (with the funnel),
 * performance, forecast vs sales and both rankings (the product ranking also with open deals) for this year, as API
 * latency ÷ the same SQL called directly. Targets (issue 15): p95 of one client ≤ 50 ms on PostgreSQL, ≤ 150 ms on
 * PGlite; API ≤ 3× the direct SQL; the SQL statements of one call are printed in each row's name.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { presetRange, sameRangeLastYear, yearToDate } from '@lodestar/contract';
import type { Db } from '../apps/server/src/db/client.ts';
import * as statisticsRepository from '../apps/server/src/modules/reports/statistics/statistics.repository.ts';
import * as salesStagesService from '../apps/server/src/modules/deals/sales-stages/sales-stages.service.ts';
import { countStatements } from '../apps/server/src/test/factories.ts';
import { apiCaller, measureScenarios, type BenchContext, type CrmRow, type Scenario } from './crm.ts';

export async function statisticsScenarios(app: FastifyInstance, db: Db, ctx: BenchContext, kind: 'pglite' | 'postgres'): Promise<CrmRow[]> {
  const { orgId } = ctx;
  const { get, q } = apiCaller(app, ctx);
  const all = sql`true`; // the bench user's administrator privilege: scope all
  const range = presetRange('thisYear', new Date().toISOString().slice(0, 10));
  const period = { ...range, timeZone: 'UTC' };
  const query = `from=${range.from}&to=${range.to}`;
  const [type] = await salesStagesService.listStageTypes(db, orgId);

  const scenarios: Omit<Scenario, 'target' | 'targetAt' | 'maxRatio'>[] = [
    {
      name: 'statistics dashboard with the funnel, this year',
      api: () => get(q(`/statistics/dashboard?${query}`)),
      direct: async () => {
        await Promise.all([
          statisticsRepository.dashboardTotals(db, orgId, all, period),
          statisticsRepository.targetsByMonth(db, orgId, all, range.from, range.to),
          statisticsRepository.funnelByStage(db, orgId, all, period, type!.uuid),
        ]);
      },
    },
    {
      name: 'statistics performance, this year',
      api: () => get(q(`/statistics/performance?${query}`)),
      direct: async () => {
        await Promise.all([
          statisticsRepository.wonByMonth(db, orgId, all, range.from, range.to),
          statisticsRepository.targetsByMonth(db, orgId, all, range.from, range.to),
          statisticsRepository.wonInPeriods(db, orgId, all, yearToDate(range), sameRangeLastYear(range)),
        ]);
      },
    },
    {
      name: 'statistics forecast vs sales, this year',
      api: () => get(q(`/statistics/pointOpportunity?${query}`)),
      direct: async () => {
        await Promise.all([
          statisticsRepository.forecastByMonth(db, orgId, all, period),
          statisticsRepository.forecastDeals(db, orgId, all, 'key', period, 10),
          statisticsRepository.forecastDeals(db, orgId, all, 'expected', period, 20),
        ]);
      },
    },
    {
      name: 'statistics product ranking, this year',
      api: () => get(q(`/statistics/productRanking?${query}`)),
      direct: () => statisticsRepository.productRanking(db, orgId, all, { ...period, includeOpen: false }),
    },
    {
      name: 'statistics product ranking with open deals, this year',
      api: () => get(q(`/statistics/productRanking?${query}&includeOpen=true`)),
      direct: () => statisticsRepository.productRanking(db, orgId, all, { ...period, includeOpen: true }),
    },
    {
      name: 'statistics sales ranking, this year',
      api: () => get(q(`/statistics/performanceRanking?${query}`)),
      direct: () => statisticsRepository.salesRanking(db, orgId, all, period),
    },
  ];
  return measureScenarios(ctx, await withTargets(db, scenarios, kind));
}

/** One client's p95 ≤ 50 ms (PostgreSQL) or 150 ms (PGlite), API ≤ 3× SQL, and the statements of a warm call in the name. */
export async function withTargets(db: Db, scenarios: Omit<Scenario, 'target' | 'targetAt' | 'maxRatio'>[], kind: 'pglite' | 'postgres'): Promise<Scenario[]> {
  const out: Scenario[] = [];
  for (const s of scenarios) {
    await s.api(0);
    const statements = await countStatements(db, () => s.api(0));
    out.push({ ...s, name: `${s.name} (${statements} SQL statements)`, target: kind === 'pglite' ? 150 : 50, targetAt: 1, maxRatio: 3 });
  }
  return out;
}
