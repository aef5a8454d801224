/**
 * Statistics scenarios on the deals bench's workspace (50 000 deals): the statistics dashboard (with the funnel),
 * performance, forecast vs sales and both rankings (the product ranking also with open deals) for this year, as API
 * latency ÷ the same SQL called directly.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { presetRange, sameRangeLastYear, yearToDate } from '@lodestar/contract';
import type { Db } from '../apps/server/src/db/client.ts';
import * as statisticsRepository from '../apps/server/src/modules/reports/statistics/statistics.repository.ts';
import * as salesStagesService from '../apps/server/src/modules/deals/sales-stages/sales-stages.service.ts';
import { apiCaller, measureScenarios, type BenchContext, type CrmRow } from './crm.ts';

export async function statisticsScenarios(app: FastifyInstance, db: Db, ctx: BenchContext): Promise<CrmRow[]> {
  const { orgId } = ctx;
  const { get, q } = apiCaller(app, ctx);
  const all = sql`true`; // the bench user's administrator privilege: scope all
  const range = presetRange('thisYear', new Date().toISOString().slice(0, 10));
  const period = { ...range, timeZone: 'UTC' };
  const query = `from=${range.from}&to=${range.to}`;
  const [type] = await salesStagesService.listStageTypes(db, orgId);

  return measureScenarios(ctx, [
    {
      name: 'statistics dashboard with the funnel, this year',
      target: 50,
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
      target: 50,
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
      target: 50,
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
      target: 50,
      api: () => get(q(`/statistics/productRanking?${query}`)),
      direct: () => statisticsRepository.productRanking(db, orgId, all, { ...period, includeOpen: false }),
    },
    {
      name: 'statistics product ranking with open deals, this year',
      target: 50,
      api: () => get(q(`/statistics/productRanking?${query}&includeOpen=true`)),
      direct: () => statisticsRepository.productRanking(db, orgId, all, { ...period, includeOpen: true }),
    },
    {
      name: 'statistics sales ranking, this year',
      target: 50,
      api: () => get(q(`/statistics/performanceRanking?${query}`)),
      direct: () => statisticsRepository.salesRanking(db, orgId, all, period),
    },
  ]);
}
