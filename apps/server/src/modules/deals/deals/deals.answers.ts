import {
  daysBetween,
  dealStatus,
  dealTotals,
  fullName,
  isStalled,
  stageChoices,
  type Deal,
  type DealRow,
  type SalesStageType,
  type Stage,
} from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../access/privileges/access-core.ts';
import * as salesStagesService from '../sales-stages/sales-stages.service.ts';
import * as lostReasonsService from '../lost-reasons/lost-reasons.service.ts';
import { canEdit, type Found } from './deals.access.ts';
import { lineAnswers } from './deals.lines.ts';
import * as dealsRepository from './deals.repository.ts';

/** How deals are answered: list rows and board cards, and the whole deal (docs/product.md#fields). */

export type StageIndex = Map<string, Map<number, Stage>>;

/** The workspace's stage types, and each type's stage choices by id (for stalled days). */
export async function stageIndex(db: Db, orgId: string): Promise<{ types: SalesStageType[]; index: StageIndex }> {
  const types = await salesStagesService.listStageTypes(db, orgId);
  return { types, index: new Map(types.map((t) => [t.uuid, new Map(stageChoices(t.stages).map((s) => [s.id, s]))])) };
}

/** The lost reason's label (one lookup, only for a lost deal that gave one). */
async function lostReasonOf(db: Db, orgId: string, id: string): Promise<{ id: string; label: string } | null> {
  const reason = await lostReasonsService.findLostReason(db, orgId, id);
  return reason ? { id: reason.id, label: reason.label } : null;
}

function stalledOf(stageChangedAt: Date, stage: Stage | undefined, now: Date) {
  const stalledDays = daysBetween(stageChangedAt, now);
  return { stalledDays, isStalled: isStalled(stalledDays, stage) };
}

export function toRow(row: dealsRepository.DealListRow, index: StageIndex, now: Date): DealRow {
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
    lostReasonId: row.lostReasonId,
    lostReasonNote: row.lostReasonNote,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

export async function toDeal(db: Db, actor: Actor, found: Found, index: StageIndex): Promise<Deal> {
  const d = found.deal;
  const [{ products: productLines, costs: costLines }, names] = await Promise.all([
    lineAnswers(db, actor.orgId, d.id),
    dealsRepository.memberNames(db, actor.orgId, [
      ...d.collaboratorUserIds,
      ...[d.creatorUserId, d.ownerUserId, d.transferUserId].filter((u): u is string => u !== null),
    ]),
  ]);
  const ref = (userId: string | null) => (userId ? { userId, name: names.get(userId) ?? '' } : null);
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
    ...dealTotals(productLines, costLines, d.amount),
    dynamicFields: d.dynamicFields,
    closingRate: d.closingRate,
    collaborators: d.collaboratorUserIds.map((u) => ref(u)!),
    creator: ref(d.creatorUserId),
    owner: ref(d.ownerUserId),
    transferTarget: ref(d.transferUserId),
    lostReason: d.lostReasonId ? await lostReasonOf(db, d.orgId, d.lostReasonId) : null,
    lostReasonNote: d.lostReasonNote,
    stageChangedAt: d.stageChangedAt.toISOString(),
    ...stalledOf(d.stageChangedAt, index.get(d.stageTypeId)?.get(d.stage), new Date()),
    canEdit: canEdit(actor, found),
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
  };
}
