import { closingRateFor, completedDateFor, wonStageId, type DealCreateBody, type DealUpdateBody } from '@lodestar/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import * as records from '../../../db/records.ts';
import { AppError, fieldError } from '../../../platform/errors.ts';
import * as customFieldsService from '../../records/custom-fields/custom-fields.service.ts';
import { assertCan, type Actor } from '../../access/privileges/access-core.ts';
import * as timelineService from '../../access/timeline/timeline.service.ts';
import * as salesStagesService from '../sales-stages/sales-stages.service.ts';
import { loadDeal, loadEditable } from './deals.access.ts';
import { today } from './deals.answers.ts';
import { checkItems, costLinesOf, productLinesOf } from './deals.lines.ts';
import * as dealsRepository from './deals.repository.ts';
import { stageOf } from './deals.stage.service.ts';
import { dealWon } from './deals.listeners.ts';

/** Writing deals: create, edit, duplicate, transfer, delete (docs/product.md#validation, #permissions). */

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
    if (row.stage === wonStageId && row.completedDate) {
      await dealWon(tx, { orgId: actor.orgId, dealId: row.id, name: row.name, ownerUserId: row.ownerUserId, clientId: row.clientId, companyId: row.companyId, completedDate: row.completedDate, actorUserId: actor.userId });
    }
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
    if (stage.id === wonStageId && existing.stage !== wonStageId && values.completedDate) {
      await dealWon(tx, {
        orgId: actor.orgId,
        dealId: id,
        name: values.name ?? existing.name,
        ownerUserId: values.ownerUserId ?? existing.ownerUserId,
        clientId: values.clientId !== undefined ? values.clientId : existing.clientId,
        companyId: values.companyId !== undefined ? values.companyId : existing.companyId,
        completedDate: values.completedDate,
        actorUserId: actor.userId,
      });
    }
  });
  return { dealId: id };
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
  await records.softDelete(db, dealsRepository.dealRecords, actor.orgId, [id]);
  await timelineService.record(db, actor.orgId, actor.userId, 'deal', [id], 'delete');
}
