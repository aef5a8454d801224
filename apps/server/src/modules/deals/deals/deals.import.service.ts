import { completedDateFor, lostStageId, stageChoices, wonStageId } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import * as records from '../../../db/records.ts';
import * as timelineService from '../../access/timeline/timeline.service.ts';
import * as salesStagesService from '../sales-stages/sales-stages.service.ts';
import { today } from './deals.answers.ts';
import { dealWon } from './deals.listeners.ts';
import * as dealsRepository from './deals.repository.ts';

/**
 * For imports (modules/imports): rows written in the import's chunk transaction, validated by the importer
 * with the create API's schema. Stages and owners are matched by name here, where they live.
 */
export type DealRecord = dealsRepository.DealRowDb;
export type DealValues = dealsRepository.DealInsert;

/** Words a file may use for the two fixed stages (their labels are translated on the web). */
const closedWords: Record<string, number> = {
  won: wonStageId, 成交: wonStageId, 贏單: wonStageId, 赢单: wonStageId, 已成交: wonStageId,
  lost: lostStageId, 失敗: lostStageId, 失败: lostStageId, 輸單: lostStageId, 输单: lostStageId,
};

/** The default stage type with its stages by lower-cased name, and activated members by name or email. */
export async function importLookups(db: Db, orgId: string) {
  const type = await salesStagesService.resolveType(db, orgId, undefined);
  const stages = new Map(stageChoices(type.stages).map((s) => [s.label.toLowerCase(), s]));
  return {
    stageTypeId: type.uuid,
    firstStage: type.stages[0]!,
    stageByName: (name: string) => {
      const id = closedWords[name.toLowerCase()];
      return id !== undefined ? stageChoices(type.stages).find((s) => s.id === id) : stages.get(name.toLowerCase());
    },
    ownerIdByName: await dealsRepository.activatedMemberIdsByName(db, orgId),
  };
}

export const findByNames = dealsRepository.findByNames;
/** Exports (modules/imports): a page of deals' product and cost lines. */
export const linesOfDeals = dealsRepository.linesOfDeals;
export const findDealRow = dealsRepository.findDealRow;
export const updateDealRow = dealsRepository.updateDeal;

/** A new deal; a won one tells the won listeners (the follow-up automation), as the create API does. */
export async function insertImportedDeal(tx: Db, orgId: string, actorUserId: string | null, values: Omit<DealValues, 'completedDate'>): Promise<string> {
  const row = await dealsRepository.insertDeal(tx, orgId, { ...values, completedDate: completedDateFor(values.stage, null, today()) });
  if (actorUserId && row.stage === wonStageId && row.completedDate) {
    await dealWon(tx, { orgId, dealId: row.id, name: row.name, ownerUserId: row.ownerUserId, clientId: row.clientId, companyId: row.companyId, completedDate: row.completedDate, actorUserId });
  }
  return row.id;
}

/** Undo of an import: the deals go for good (their lines by cascade), with their timeline. */
export async function purgeDeals(db: Db, orgId: string, ids: string[]): Promise<void> {
  await records.removeForGood(db, dealsRepository.dealRecords, orgId, ids);
  await timelineService.forget(db, orgId, 'deal', ids);
}
