/**
 * Deal scenarios on the seeded workspace (50 000 deals): the board (every column, its first cards) and
 * the deal list, each as API latency ÷ the same SQL called directly, plus p95 under 50 concurrent clients.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../apps/server/src/db/client.ts';
import * as dealsRepository from '../apps/server/src/modules/deals/deals/deals.repository.ts';
import * as salesStagesService from '../apps/server/src/modules/deals/sales-stages/sales-stages.service.ts';
import { stageChoices } from '@lodestar/contract';
import { apiCaller, measureScenarios, type BenchContext, type CrmRow } from './crm.ts';

export async function dealScenarios(
  app: FastifyInstance,
  db: Db,
  ctx: BenchContext,
): Promise<CrmRow[]> {
  const { orgId } = ctx;
  const { get, q } = apiCaller(app, ctx);
  const all = sql`true`; // the bench user's administrator privilege: scope all
  const [type] = await salesStagesService.listStageTypes(db, orgId);
  const stages = stageChoices(type!.stages).map((s) => s.id);
  const keywords = ['設備', '採購', 'fleet', 'migration', '顧問'];
  const listDirect = (filters: dealsRepository.DealFilters) => async () => {
    await Promise.all([
      dealsRepository.listDeals(db, orgId, { visibility: all, filters, sortBy: 'createdAt', descending: true, cursor: undefined, limit: 20, withTotal: true }),
      salesStagesService.listStageTypes(db, orgId),
    ]);
  };

  return measureScenarios(ctx, [
    {
      name: `deal board, ${stages.length} columns × first 20 cards`,
      target: 25,
      api: () => get(q('/deal/board?limit=20')),
      direct: async () => {
        await salesStagesService.listStageTypes(db, orgId);
        await dealsRepository.boardFirstPages(db, orgId, { visibility: all, stageTypeId: type!.uuid, stages, limit: 20 });
      },
    },
    {
      name: 'deal list, first page (20, newest first)',
      target: 25,
      api: () => get(q('/page/deal/list')),
      direct: listDirect({}),
    },
    {
      name: 'deal list, keywords (CJK 2 characters and Latin)',
      target: 25,
      api: (i) => get(q(`/page/deal/list?keywords=${encodeURIComponent(keywords[i % keywords.length]!)}`)),
      direct: (i) => listDirect({ keywords: keywords[i % keywords.length] })(),
    },
  ]);
}
