import {
  associateTypes,
  stageChoices,
  closingRateFor,
  completedDateFor,
  daysBetween,
  dealListColumns,
  dealStatus,
  dealStatuses,
  dealPermissions,
  dealTotals,
  defaultDealFieldSetting,
  fullName,
  isStalled,
  pageSizes,
  type Deal,
  type DealBoard,
  type DealCreateBody,
  type DealFieldSetting,
  type DealFunnel,
  type DealList,
  type DealListQuery,
  type DealRow,
  type DealsFilter,
  type DealStageBody,
  type DealTargetBody,
  type DealUpdateBody,
  type DealView,
  type SalesStageType,
  type SearchResult,
  type Stage,
} from '@lodestar/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { encodeCursor } from '../../../db/paging.ts';
import * as records from '../../../db/records.ts';
import { AppError, fieldError } from '../../../platform/errors.ts';
import * as companiesService from '../../records/companies/companies.service.ts';
import * as contactsService from '../../records/contacts/contacts.service.ts';
import * as customFieldsService from '../../records/custom-fields/custom-fields.service.ts';
import * as notesService from '../../records/notes/notes.service.ts';
import * as organizationsService from '../../access/organizations/organizations.service.ts';
import { assertCan, assertSystemAdministrator, can, ownerPredicate, type Actor } from '../../access/privileges/access-core.ts';
import * as salesItemsService from '../sales-items/sales-items.service.ts';
import * as salesStagesService from '../sales-stages/sales-stages.service.ts';
import * as timelineService from '../../access/timeline/timeline.service.ts';
import * as dealsRepository from './deals.repository.ts';
import { deals } from './deals.table.ts';

const r = dealsRepository.dealRecords;

// ---- visibility ----

function ownerScope(db: Db, actor: Actor): Promise<SQL> {
  return ownerPredicate(db, actor, 'opportunity', deals.ownerUserId);
}

/**
 * The deals the actor sees: those whose owner is within the actor's opportunity scope, plus public
 * ones and those they collaborate on. Nothing without the opportunity view privilege.
 */
export async function visibility(db: Db, actor: Actor): Promise<SQL> {
  if (!can(actor, 'opportunity', 'view')) return sql`false`;
  const scope = await ownerScope(db, actor);
  return sql`(${scope} or ${deals.permission} = 'public' or ${deals.collaboratorUserIds} @> array[${actor.userId}]::uuid[])`;
}

async function loadDeal(db: Db, actor: Actor, id: string) {
  assertCan(actor, 'opportunity', 'view');
  const found = await dealsRepository.findDeal(db, actor.orgId, id, await visibility(db, actor), await ownerScope(db, actor));
  if (!found) throw new AppError('NOT_FOUND');
  return found;
}
type Found = Awaited<ReturnType<typeof loadDeal>>;

/** Collaborators edit the deals they collaborate on; others need the edit privilege and the owner in scope. */
function canEdit(actor: Actor, found: Found): boolean {
  return found.deal.collaboratorUserIds.includes(actor.userId) || (found.inScope && can(actor, 'opportunity', 'edit'));
}

async function loadEditable(db: Db, actor: Actor, id: string): Promise<Found> {
  const found = await loadDeal(db, actor, id);
  if (!canEdit(actor, found)) throw new AppError('FORBIDDEN');
  return found;
}

/** Notes and timeline of a deal follow it (notes.service). */
export async function assertAccessible(db: Db, actor: Actor, id: string, method: 'view' | 'edit'): Promise<void> {
  if (method === 'view') await loadDeal(db, actor, id);
  else await loadEditable(db, actor, id);
}

// ---- stages ----

type StageIndex = Map<string, Map<number, Stage>>;

async function stageIndex(db: Db, orgId: string): Promise<{ types: SalesStageType[]; index: StageIndex }> {
  const types = await salesStagesService.listStageTypes(db, orgId);
  return { types, index: new Map(types.map((t) => [t.uuid, new Map(stageChoices(t.stages).map((s) => [s.id, s]))])) };
}

function stalledOf(stageChangedAt: Date, stage: Stage | undefined, now: Date) {
  const stalledDays = daysBetween(stageChangedAt, now);
  return { stalledDays, isStalled: isStalled(stalledDays, stage) };
}

function toRow(row: dealsRepository.DealListRow, index: StageIndex, now: Date): DealRow {
  return {
    id: row.id,
    title: row.name,
    amount: row.amount,
    stage: row.stage,
    stageTypeId: row.stageTypeId,
    status: dealStatus(row.stage),
    closingRate: row.closingRate,
    company: row.companyId && row.companyName !== null ? { id: row.companyId, name: row.companyName } : null,
    contact: row.clientId && row.clientFirstName !== null ? { id: row.clientId, name: fullName(row.clientFirstName, row.clientLastName) } : null,
    startDate: row.startDate,
    estimateDate: row.estimatedEndDate,
    completedDate: row.completedDate,
    owner: row.ownerUserId ? { userId: row.ownerUserId, name: row.ownerName ?? '' } : null,
    ...stalledOf(row.stageChangedAt, index.get(row.stageTypeId)?.get(row.stage), now),
    dynamicFields: row.dynamicFields,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

// ---- reading ----

type PageOptions = Omit<Parameters<typeof dealsRepository.listDeals>[2], 'visibility'>;

/** One keyset page of visible deals as rows (list, picker, board column, recent). */
async function rowsPage(db: Db, actor: Actor, options: PageOptions): Promise<DealList> {
  assertCan(actor, 'opportunity', 'view');
  const [page, { index }] = await Promise.all([
    dealsRepository.listDeals(db, actor.orgId, { ...options, visibility: await visibility(db, actor) }),
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

/** GET /api/page/deal/list: keywords, sort by time, 20 a page, keyset cursor. */
export function listDeals(db: Db, actor: Actor, query: DealListQuery): Promise<DealList> {
  return rowsPage(db, actor, { filters: query, sortBy: query.sortBy, descending: query.decending, cursor: query.cursor, limit: query.limit, withTotal: !query.cursor });
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
  const rows = await dealsRepository.boardFirstPages(db, actor.orgId, {
    visibility: await visibility(db, actor),
    stageTypeId: type.uuid,
    stages: choices.map((s) => s.id),
    limit: query.limit,
    keywords: query.keywords,
  });
  const now = new Date();
  const columns = choices.map((stage) => {
    const cards = rows.filter((row) => row.stage === stage.id);
    const page = cards.slice(0, query.limit);
    const last = page.at(-1);
    return {
      stage,
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

async function toDeal(db: Db, actor: Actor, found: Found, index: StageIndex): Promise<Deal> {
  const d = found.deal;
  const [products, costs, names, productItems] = await Promise.all([
    dealsRepository.listProductLines(db, actor.orgId, d.id),
    dealsRepository.listCostLines(db, actor.orgId, d.id),
    dealsRepository.memberNames(db, actor.orgId, [
      ...d.collaboratorUserIds,
      ...[d.creatorUserId, d.ownerUserId, d.transferUserId].filter((u): u is string => u !== null),
    ]),
    salesItemsService.listProducts(db, actor.orgId),
  ]);
  const colors = new Map(productItems.map((p) => [p.id, p.color]));
  const ref = (userId: string | null) => (userId ? { userId, name: names.get(userId) ?? '' } : null);
  const productLines = products.map((p) => ({
    id: p.id,
    productId: p.productId,
    name: p.name,
    singlePrice: p.singlePrice,
    quotedPrice: p.quotedPrice,
    num: p.num,
    color: p.productId ? (colors.get(p.productId) ?? null) : null,
  }));
  const costLines = costs.map((c) => ({ id: c.id, costId: c.costId, name: c.name, singlePrice: c.singlePrice, num: c.num }));
  return {
    id: d.id,
    name: d.name,
    permission: d.permission,
    amount: d.amount,
    startDate: d.startDate,
    estimatedEndDate: d.estimatedEndDate,
    completedDate: d.completedDate,
    stage: d.stage,
    stageTypeId: d.stageTypeId,
    status: dealStatus(d.stage),
    company: d.companyId && found.companyName !== null ? { id: d.companyId, name: found.companyName } : null,
    client: d.clientId && found.clientFirstName !== null ? { id: d.clientId, name: fullName(found.clientFirstName, found.clientLastName) } : null,
    products: productLines,
    costs: costLines,
    ...dealTotals(productLines, costLines),
    dynamicFields: d.dynamicFields,
    closingRate: d.closingRate,
    collaborators: d.collaboratorUserIds.map((u) => ref(u)!),
    creator: ref(d.creatorUserId),
    owner: ref(d.ownerUserId),
    transferTarget: ref(d.transferUserId),
    stageChangedAt: d.stageChangedAt.toISOString(),
    ...stalledOf(d.stageChangedAt, index.get(d.stageTypeId)?.get(d.stage), new Date()),
    canEdit: canEdit(actor, found),
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
  };
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

// ---- writing ----

/** Owner, collaborators, company, client, products and costs must belong to the workspace: 400 naming the field. */
async function checkReferences(
  db: Db,
  orgId: string,
  input: Pick<DealUpdateBody, 'ownerUserId' | 'collaboratorUserIds' | 'companyId' | 'clientId' | 'products' | 'costs'>,
): Promise<void> {
  const users = [...(input.ownerUserId ? [input.ownerUserId] : []), ...(input.collaboratorUserIds ?? [])];
  const activated = new Set(await dealsRepository.activatedMembers(db, orgId, users));
  if (input.ownerUserId && !activated.has(input.ownerUserId)) throw fieldError('ownerUserId', 'invalidValue');
  if (input.collaboratorUserIds?.some((u) => !activated.has(u))) throw fieldError('collaboratorUserIds', 'invalidValue');
  const parties = await dealsRepository.liveParties(db, orgId, input.companyId ?? null, input.clientId ?? null);
  if (input.companyId && !parties.company) throw fieldError('companyId', 'invalidValue');
  if (input.clientId && !parties.client) throw fieldError('clientId', 'invalidValue');
  await checkItems(db, orgId, 'product', 'products', (input.products ?? []).map((p) => p.productId));
  await checkItems(db, orgId, 'cost', 'costs', (input.costs ?? []).map((c) => c.costId));
}

async function checkItems(db: Db, orgId: string, kind: 'product' | 'cost', field: string, ids: (string | null | undefined)[]): Promise<void> {
  const wanted = ids.filter((id): id is string => Boolean(id));
  const found = new Set((await salesItemsService.findItems(db, orgId, kind, wanted)).map((i) => i.id));
  const bad = ids.findIndex((id) => id && !found.has(id));
  if (bad >= 0) throw fieldError(`${field}.${bad}.${kind}Id`, 'invalidValue');
}

function stageOf(type: SalesStageType, stage: number | undefined): Stage {
  const choices = stageChoices(type.stages);
  const picked = stage === undefined ? type.stages[0] : choices.find((s) => s.id === stage);
  if (!picked) throw fieldError('stage', stage === undefined ? 'required' : 'invalidValue');
  return picked;
}

const productLinesOf = (input: DealUpdateBody['products']) =>
  input?.map((p) => ({ productId: p.productId ?? null, name: p.name, singlePrice: p.singlePrice, quotedPrice: p.quotedPrice, num: p.num }));
const costLinesOf = (input: DealUpdateBody['costs']) =>
  input?.map((c) => ({ costId: c.costId ?? null, name: c.name, singlePrice: c.singlePrice, num: c.num }));

/** POST /api/deal (full and simple variants). */
export async function createDeal(db: Db, actor: Actor, input: DealCreateBody): Promise<{ dealId: string }> {
  assertCan(actor, 'opportunity', 'create');
  const type = await salesStagesService.resolveType(db, actor.orgId, input.stageTypeId);
  const stage = stageOf(type, input.stage);
  await checkReferences(db, actor.orgId, input);
  const dynamicFields = await customFieldsService.cleanValues(db, actor.orgId, 'deal', input.dynamicFields);
  return db.transaction(async (tx) => {
    const row = await dealsRepository.insertDeal(tx, actor.orgId, {
      name: input.name,
      permission: input.permission,
      amount: input.amount,
      startDate: input.startDate,
      estimatedEndDate: input.estimatedEndDate,
      completedDate: completedDateFor(stage.id, input.completedDate, today()),
      stage: stage.id,
      stageTypeId: type.uuid,
      closingRate: input.closingRate ?? closingRateFor(stage),
      companyId: input.companyId ?? null,
      clientId: input.clientId ?? null,
      dynamicFields,
      collaboratorUserIds: [...new Set(input.collaboratorUserIds)],
      creatorUserId: actor.userId,
      ownerUserId: input.ownerUserId ?? actor.userId,
    });
    await dealsRepository.replaceLines(tx, actor.orgId, row.id, productLinesOf(input.products), costLinesOf(input.costs));
    await timelineService.record(tx, actor.orgId, actor.userId, 'deal', [row.id], 'create');
    return { dealId: row.id };
  });
}

const trackedKeys = [
  'name', 'permission', 'amount', 'startDate', 'estimatedEndDate', 'completedDate', 'stage', 'stageTypeId', 'closingRate',
  'companyId', 'clientId', 'dynamicFields', 'collaboratorUserIds', 'ownerUserId',
];

/** PUT /api/deal/{id}: only the keys sent change. A new stage moves stage_changed_at and the closing rate. */
export async function updateDeal(db: Db, actor: Actor, id: string, input: DealUpdateBody): Promise<{ dealId: string }> {
  const found = await loadEditable(db, actor, id);
  const existing = found.deal;
  if (input.ownerUserId !== undefined && input.ownerUserId !== existing.ownerUserId) assertCan(actor, 'opportunity', 'transfer');
  const typeChanged = input.stageTypeId !== undefined && input.stageTypeId !== existing.stageTypeId;
  const type = await salesStagesService.resolveType(db, actor.orgId, input.stageTypeId ?? existing.stageTypeId);
  const stage = stageOf(type, input.stage ?? (typeChanged ? undefined : existing.stage));
  const stageChanged = stage.id !== existing.stage;
  await checkReferences(db, actor.orgId, { ...input, ownerUserId: input.ownerUserId === existing.ownerUserId ? undefined : input.ownerUserId });
  const dynamicFields =
    input.dynamicFields === undefined ? undefined : await customFieldsService.cleanValues(db, actor.orgId, 'deal', input.dynamicFields);
  const values = {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.permission !== undefined && { permission: input.permission }),
    ...(input.amount !== undefined && { amount: input.amount }),
    ...(input.startDate !== undefined && { startDate: input.startDate }),
    ...(input.estimatedEndDate !== undefined && { estimatedEndDate: input.estimatedEndDate }),
    completedDate: completedDateFor(stage.id, input.completedDate === undefined ? existing.completedDate : input.completedDate, today()),
    stage: stage.id,
    stageTypeId: type.uuid,
    closingRate: input.closingRate ?? (stageChanged ? closingRateFor(stage) : existing.closingRate),
    ...(input.companyId !== undefined && { companyId: input.companyId }),
    ...(input.clientId !== undefined && { clientId: input.clientId }),
    ...(dynamicFields !== undefined && { dynamicFields }),
    ...(input.collaboratorUserIds !== undefined && { collaboratorUserIds: [...new Set(input.collaboratorUserIds)] }),
    ...(input.ownerUserId !== undefined && { ownerUserId: input.ownerUserId }),
  };
  const changes = timelineService.diff(existing as unknown as Record<string, unknown>, values, trackedKeys);
  await db.transaction(async (tx) => {
    await dealsRepository.updateDeal(tx, actor.orgId, id, { ...values, ...(stageChanged && { stageChangedAt: sql`now()` as unknown as Date }) });
    await dealsRepository.replaceLines(tx, actor.orgId, id, productLinesOf(input.products), costLinesOf(input.costs));
    const lineChanges = { ...(input.products && { products: [null, input.products.length] }), ...(input.costs && { costs: [null, input.costs.length] }) };
    const all = { ...changes, ...lineChanges } as timelineService.Changes;
    if (Object.keys(all).length > 0) await timelineService.record(tx, actor.orgId, actor.userId, 'deal', [id], stageChanged ? 'stage' : 'update', all);
  });
  return { dealId: id };
}

/**
 * PUT /api/deal/{id}/stage (board drag, close won or lost). The row is locked for the transaction, so
 * concurrent moves apply one after another and each timeline event starts where the previous one ended.
 */
export async function moveDealToStage(db: Db, actor: Actor, id: string, input: DealStageBody): Promise<Deal> {
  await loadEditable(db, actor, id);
  const types = await salesStagesService.listStageTypes(db, actor.orgId);
  await db.transaction(async (tx) => {
    const locked = await dealsRepository.lockDeal(tx, actor.orgId, id);
    if (!locked) throw new AppError('NOT_FOUND');
    const type = types.find((t) => t.uuid === locked.stageTypeId);
    if (!type) throw fieldError('stage', 'invalidValue');
    const stage = stageOf(type, input.stage);
    const completedDate = completedDateFor(stage.id, input.completedDate ?? locked.completedDate, today());
    if (stage.id === locked.stage && completedDate === locked.completedDate) return;
    const closingRate = stage.id === locked.stage ? locked.closingRate : closingRateFor(stage);
    await dealsRepository.updateDeal(tx, actor.orgId, id, {
      stage: stage.id,
      closingRate,
      completedDate,
      ...(stage.id !== locked.stage && { stageChangedAt: sql`now()` as unknown as Date }),
    });
    const changes = timelineService.diff(locked as unknown as Record<string, unknown>, { stage: stage.id, closingRate, completedDate }, ['stage', 'closingRate', 'completedDate']);
    await timelineService.record(tx, actor.orgId, actor.userId, 'deal', [id], 'stage', changes);
  });
  return getDeal(db, actor, id);
}

/** POST /api/deal-duplicate/{id}: a copy owned and created by the caller, lines included, in the same stage. */
export async function duplicateDeal(db: Db, actor: Actor, id: string): Promise<{ dealId: string }> {
  const found = await loadDeal(db, actor, id);
  assertCan(actor, 'opportunity', 'create');
  const d = found.deal;
  const [products, costs] = await Promise.all([dealsRepository.listProductLines(db, actor.orgId, id), dealsRepository.listCostLines(db, actor.orgId, id)]);
  return db.transaction(async (tx) => {
    const row = await dealsRepository.insertDeal(tx, actor.orgId, {
      name: d.name,
      permission: d.permission,
      amount: d.amount,
      startDate: d.startDate,
      estimatedEndDate: d.estimatedEndDate,
      completedDate: d.completedDate,
      stage: d.stage,
      stageTypeId: d.stageTypeId,
      closingRate: d.closingRate,
      companyId: d.companyId,
      clientId: d.clientId,
      dynamicFields: d.dynamicFields,
      collaboratorUserIds: d.collaboratorUserIds,
      creatorUserId: actor.userId,
      ownerUserId: actor.userId,
    });
    await dealsRepository.replaceLines(tx, actor.orgId, row.id, productLinesOf(products), costLinesOf(costs));
    await timelineService.record(tx, actor.orgId, actor.userId, 'deal', [row.id], 'duplicate', { duplicateOf: [null, id] });
    return { dealId: row.id };
  });
}

/** POST /api/dealTransfer: the owner becomes transferUserId (an activated member); needs the transfer privilege. */
export async function transferDeal(db: Db, actor: Actor, id: string, transferUserId: string): Promise<void> {
  const found = await loadDeal(db, actor, id);
  assertCan(actor, 'opportunity', 'transfer');
  if (!found.inScope) throw new AppError('FORBIDDEN');
  if ((await dealsRepository.activatedMembers(db, actor.orgId, [transferUserId])).length === 0) throw fieldError('transferUserId', 'invalidValue');
  await db.transaction(async (tx) => {
    await dealsRepository.updateDeal(tx, actor.orgId, id, { ownerUserId: transferUserId, transferUserId });
    await timelineService.record(tx, actor.orgId, actor.userId, 'deal', [id], 'transfer', { ownerUserId: [found.deal.ownerUserId, transferUserId] });
  });
}

/** DELETE /api/deal/{id}: to the trash (delete privilege, owner in scope); purged after 30 days like contacts. */
export async function deleteDeal(db: Db, actor: Actor, id: string): Promise<void> {
  const found = await loadDeal(db, actor, id);
  assertCan(actor, 'opportunity', 'delete');
  if (!found.inScope) throw new AppError('FORBIDDEN');
  await records.softDelete(db, r, actor.orgId, [id]);
  await timelineService.record(db, actor.orgId, actor.userId, 'deal', [id], 'delete');
}

/** What the trash needs to list, restore and purge deals (their lines go with them by cascade). */
export const trashSource = {
  type: 'deal' as const,
  feature: 'opportunity' as const,
  records: r,
  name: sql<string>`${deals.name}`,
  visibility,
};

// ---- stages in use (sales-stages settings) ----

export function hasDealsInStage(db: Db, orgId: string, stage: number): Promise<boolean> {
  return dealsRepository.exists(db, orgId, dealsRepository.inStage(stage));
}
export function hasDealsOfType(db: Db, orgId: string, stageTypeId: string): Promise<boolean> {
  return dealsRepository.exists(db, orgId, dealsRepository.ofType(stageTypeId));
}

// ---- targets ----

/** GET /api/dealTarget: twelve months of one user (yourself, or anyone for a system administrator). */
export async function listTargets(db: Db, actor: Actor, year: number, uid: string | undefined) {
  const userId = uid ?? actor.userId;
  if (userId !== actor.userId) assertSystemAdministrator(actor);
  const [targets, won] = await Promise.all([
    dealsRepository.listTargets(db, actor.orgId, userId, year),
    dealsRepository.wonByMonth(db, actor.orgId, userId, year),
  ]);
  const targetOf = new Map(targets.map((t) => [t.month, t.target]));
  const wonOf = new Map(won.map((w) => [w.month, w.amount]));
  return {
    items: Array.from({ length: 12 }, (_, i) => ({
      year,
      month: i + 1,
      target: targetOf.get(i + 1) ?? '0.00',
      uid: userId,
      achieved: wonOf.get(i + 1) ?? '0.00',
    })),
  };
}

/** POST /api/dealTarget: system administrators of a paid workspace (targets need an upgrade). */
export async function saveTarget(db: Db, actor: Actor, input: DealTargetBody) {
  assertSystemAdministrator(actor);
  const org = await organizationsService.findOrganization(db, actor.orgId);
  if (org?.plan === 'free') throw new AppError('PLAN_LIMIT_REACHED');
  if ((await dealsRepository.activatedMembers(db, actor.orgId, [input.uid])).length === 0) throw fieldError('uid', 'invalidValue');
  await dealsRepository.upsertTarget(db, actor.orgId, { userId: input.uid, year: input.year, month: input.month, target: input.target });
  const month = (await listTargets(db, actor, input.year, input.uid)).items[input.month - 1]!;
  return month;
}

// ---- list column settings ----

export async function fieldSetting(db: Db, actor: Actor): Promise<DealFieldSetting> {
  assertCan(actor, 'opportunity', 'view');
  const row = await dealsRepository.findFieldSetting(db, actor.orgId);
  if (!row) return defaultDealFieldSetting;
  // Columns added to the product later show up at the end, hidden.
  const known = new Set(row.columns.map((c) => c.key));
  return { columns: [...row.columns, ...dealListColumns.filter((k) => !known.has(k)).map((key) => ({ key, isShow: false }))] };
}

export async function saveFieldSetting(db: Db, actor: Actor, input: DealFieldSetting): Promise<DealFieldSetting> {
  assertSystemAdministrator(actor);
  if (new Set(input.columns.map((c) => c.key)).size !== input.columns.length) throw fieldError('columns', 'invalidValue');
  await dealsRepository.saveFieldSetting(db, actor.orgId, input.columns);
  return fieldSetting(db, actor);
}

// ---- search ----

function toSearchResult(row: dealsRepository.DealListRow): SearchResult {
  return {
    type: 'deal',
    id: row.id,
    firstName: null,
    lastName: null,
    company: row.companyName,
    name: row.name,
    customer: row.clientFirstName !== null ? fullName(row.clientFirstName, row.clientLastName) : null,
    amount: row.amount,
    addresses: [],
    emails: [],
    phones: [],
    tax: null,
  };
}

/** Global search: deals by name, within the actor's visibility. */
export async function search(db: Db, actor: Actor, keyword: string, limit: number, ignore: string[] = []): Promise<SearchResult[]> {
  if (!can(actor, 'opportunity', 'view')) return [];
  const rows = await dealsRepository.searchDeals(db, actor.orgId, await visibility(db, actor), keyword, limit, ignore);
  return rows.map(toSearchResult);
}

/** GET /api/associate/filter: companies, clients and deals by keyword for the pickers, minus `ignore`. */
export async function associateFilter(
  db: Db,
  actor: Actor,
  query: { types: (typeof associateTypes)[number][]; searchTxt: string; ignore?: string[] | undefined; limit: number },
) {
  const ignore = new Set(query.ignore ?? []);
  const widen = query.limit + ignore.size;
  const [companies, clients, found] = await Promise.all([
    query.types.includes('company') ? companiesService.search(db, actor, query.searchTxt, widen) : [],
    query.types.includes('client') ? contactsService.search(db, actor, query.searchTxt, widen) : [],
    query.types.includes('deal') ? search(db, actor, query.searchTxt, query.limit, [...ignore]) : [],
  ]);
  const keep = (rows: SearchResult[]) => rows.filter((row) => !ignore.has(row.id)).slice(0, query.limit);
  return {
    items: [
      ...keep(companies).map((c) => ({ type: 'company' as const, id: c.id, name: c.name, extra: c.tax })),
      ...keep(clients).map((c) => ({ type: 'client' as const, id: c.id, name: c.name, extra: c.company })),
      ...keep(found).map((d) => ({ type: 'deal' as const, id: d.id, name: d.name, extra: d.customer })),
    ],
  };
}
