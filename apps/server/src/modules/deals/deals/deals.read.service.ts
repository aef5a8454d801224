import {
  dealPermissions,
  dealStatuses,
  pageSizes,
  stageChoices,
  type Deal,
  type DealBoard,
  type DealFunnel,
  type DealList,
  type DealListQuery,
  type DealRow,
  type DealsFilter,
  type DealView,
} from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { encodeCursor } from '../../../db/paging.ts';
import { fieldError } from '../../../platform/errors.ts';
import * as customFieldsService from '../../records/custom-fields/custom-fields.service.ts';
import * as notesService from '../../records/notes/notes.service.ts';
import { and, type SQL } from 'drizzle-orm';
import { assertCan, ownerPredicate, type Actor } from '../../access/privileges/access-core.ts';
import * as timelineService from '../../access/timeline/timeline.service.ts';
import * as salesStagesService from '../sales-stages/sales-stages.service.ts';
import { loadDeal, visibility } from './deals.access.ts';
import { stageIndex, toDeal, toRow } from './deals.answers.ts';
import * as dealsRepository from './deals.repository.ts';
import { deals } from './deals.table.ts';

/** Reading deals: the list, the picker, the board and its columns, one deal, the filters, recent deals and the funnel. */

type PageOptions = Omit<Parameters<typeof dealsRepository.listDeals>[2], 'visibility'>;

/** One keyset page of visible deals as rows (list, picker, board column, recent). */
async function rowsPage(db: Db, actor: Actor, options: PageOptions, scope?: SQL): Promise<DealList> {
  assertCan(actor, 'opportunity', 'view');
  const seen = await visibility(db, actor);
  const [page, { index }] = await Promise.all([
    dealsRepository.listDeals(db, actor.orgId, { ...options, visibility: scope ? and(seen, scope)! : seen }),
    stageIndex(db, actor.orgId),
  ]);
  const now = new Date();
  return {
    items: page.rows.map((row) => toRow(row, index, now)),
    nextCursor: page.nextCursor,
    total: page.totals?.total ?? -1,
    totalIsEstimate: page.totals?.totalIsEstimate ?? true,
  };
}

/**
 * GET /api/page/deal/list: keywords, sort by time, 20 a page, keyset cursor. `scope` (a statistic's
 * drill-down) keeps only owners within the caller's scope for that feature, as the statistic counts them.
 */
export async function listDeals(db: Db, actor: Actor, query: DealListQuery): Promise<DealList> {
  const scope = query.scope ? await ownerPredicate(db, actor, query.scope, deals.ownerUserId) : undefined;
  return rowsPage(db, actor, { filters: query, sortBy: query.sortBy, descending: query.decending, cursor: query.cursor, limit: query.limit, withTotal: !query.cursor }, scope);
}

/** GET /api/list-without-pagenation: the deal picker, bounded (20 by default). */
export async function pickDeals(db: Db, actor: Actor, keywords: string | undefined, limit: number): Promise<{ items: DealRow[] }> {
  const page = await rowsPage(db, actor, { filters: { keywords }, sortBy: 'createdAt', descending: true, cursor: undefined, limit, withTotal: false });
  return { items: page.items };
}

/** GET /api/deal/board: every column of the type with its first cards (one statement) and a cursor each. */
export async function board(db: Db, actor: Actor, query: { stageTypeId?: string | undefined; limit: number; keywords?: string | undefined }): Promise<DealBoard> {
  assertCan(actor, 'opportunity', 'view');
  const { types, index } = await stageIndex(db, actor.orgId);
  const type = query.stageTypeId ? types.find((t) => t.uuid === query.stageTypeId) : types.find((t) => t.isDefault);
  if (!type) throw fieldError('stageTypeId', 'invalidValue');
  const choices = stageChoices(type.stages);
  const seen = await visibility(db, actor);
  const [rows, totals] = await Promise.all([
    dealsRepository.boardFirstPages(db, actor.orgId, {
      visibility: seen,
      stageTypeId: type.uuid,
      stages: choices.map((s) => s.id),
      limit: query.limit,
      keywords: query.keywords,
    }),
    dealsRepository.boardTotals(db, actor.orgId, { visibility: seen, stageTypeId: type.uuid, keywords: query.keywords }),
  ]);
  const now = new Date();
  const columns = choices.map((stage) => {
    const cards = rows.filter((row) => row.stage === stage.id);
    const page = cards.slice(0, query.limit);
    const last = page.at(-1);
    const sums = totals.find((row) => row.stage === stage.id);
    return {
      stage,
      count: sums?.count ?? 0,
      total: sums?.total ?? '0.00',
      weightedTotal: sums?.weightedTotal ?? '0.00',
      items: page.map((row) => toRow(row, index, now)),
      nextCursor: cards.length > query.limit && last ? encodeCursor(last.sortKey, last.id) : null,
    };
  });
  return { stageTypeId: type.uuid, columns };
}

/** GET /api/deal/board/column: the next cards of one column. */
export async function boardColumn(
  db: Db,
  actor: Actor,
  query: { stageTypeId: string; stage: number; cursor?: string | undefined; limit: number; keywords?: string | undefined },
): Promise<{ items: DealRow[]; nextCursor: string | null }> {
  const page = await rowsPage(db, actor, {
    filters: { stageTypeId: query.stageTypeId, stage: query.stage, keywords: query.keywords },
    sortBy: 'stageChangedAt',
    descending: true,
    cursor: query.cursor,
    limit: query.limit,
    withTotal: false,
  });
  return { items: page.items, nextCursor: page.nextCursor };
}

export async function getDeal(db: Db, actor: Actor, id: string): Promise<Deal> {
  const [found, { index }] = await Promise.all([loadDeal(db, actor, id), stageIndex(db, actor.orgId)]);
  return toDeal(db, actor, found, index);
}

/** GET /api/page/deal/view/{id}. */
export async function viewDeal(db: Db, actor: Actor, id: string): Promise<DealView> {
  const [found, { types, index }] = await Promise.all([loadDeal(db, actor, id), stageIndex(db, actor.orgId)]);
  const type = types.find((t) => t.uuid === found.deal.stageTypeId);
  const [deal, fields, notes, timeline] = await Promise.all([
    toDeal(db, actor, found, index),
    customFieldsService.listFields(db, actor.orgId, 'deal'),
    notesService.notesOf(db, actor.orgId, 'deal', id),
    timelineService.listTimeline(db, actor.orgId, 'deal', id),
  ]);
  return { deal, stages: type ? stageChoices(type.stages) : [], fields, notes, timeline };
}

/** GET /api/deals-filter. */
export async function dealsFilter(db: Db, actor: Actor): Promise<DealsFilter> {
  assertCan(actor, 'opportunity', 'view');
  const types = await salesStagesService.listStageTypes(db, actor.orgId);
  return {
    stageTypes: types.map((t) => ({ uuid: t.uuid, stageTypeName: t.stageTypeName, isDefault: t.isDefault, stages: stageChoices(t.stages) })),
    statuses: [...dealStatuses],
    permissions: [...dealPermissions],
  };
}

/** GET /api/dealRecently/week: created in the last 7 days, newest 20 and the (bounded) count. */
export async function recentWeek(db: Db, actor: Actor): Promise<{ count: number; items: DealRow[] }> {
  const since = new Date(Date.now() - 7 * 86_400_000);
  const page = await rowsPage(db, actor, { filters: { createdSince: since }, sortBy: 'createdAt', descending: true, cursor: undefined, limit: pageSizes.dealList, withTotal: true });
  return { count: page.total, items: page.items };
}

/** GET /api/statistics/dealFunnel: count and amount per stage choice of the visible deals. */
export async function funnel(db: Db, actor: Actor, stageTypeId: string | undefined): Promise<DealFunnel> {
  assertCan(actor, 'opportunity', 'view');
  const type = await salesStagesService.resolveType(db, actor.orgId, stageTypeId);
  const rows = await dealsRepository.funnel(db, actor.orgId, await visibility(db, actor), type.uuid);
  const byStage = new Map(rows.map((row) => [row.stage, row]));
  return {
    stageTypeId: type.uuid,
    stages: stageChoices(type.stages).map((stage) => ({
      stage,
      count: byStage.get(stage.id)?.count ?? 0,
      amount: byStage.get(stage.id)?.amount ?? '0.00',
    })),
  };
}
