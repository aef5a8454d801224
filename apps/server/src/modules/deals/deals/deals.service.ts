import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { visibility } from './deals.access.ts';
import * as dealsRepository from './deals.repository.ts';
import { deals } from './deals.table.ts';

/**
 * The deals module's service (the product's "opportunities"). Its parts live beside it, one file per
 * section: access (visibility), read (list, board, view, funnel), write (create, edit, duplicate,
 * transfer, delete), stage (move, close won or lost), lines (products and costs of a deal), targets,
 * field settings (list columns) and search. Everything other modules call is exported from here.
 */
export { assertAccessible, visibility } from './deals.access.ts';
export { board, boardColumn, dealsFilter, funnel, getDeal, listDeals, pickDeals, recentWeek, viewDeal } from './deals.read.service.ts';
export { createDeal, deleteDeal, duplicateDeal, transferDeal, updateDeal } from './deals.write.service.ts';
export { closeWonByCustomer, moveDealToStage } from './deals.stage.service.ts';
export { loadDeal, loadEditable } from './deals.access.ts';
export { onDealWon, type DealWon } from './deals.listeners.ts';
export { departmentTargetsOfYear, listDepartmentTargets, listTargets, saveDepartmentTarget, saveTarget } from './deals.targets.service.ts';
export { fieldSetting, saveFieldSetting } from './deals.field-settings.service.ts';
export { associateFilter, search } from './deals.search.service.ts';
export * as dealImports from './deals.import.service.ts';

/** What the trash needs to list, restore and purge deals (their lines go with them by cascade). */
export const trashSource = {
  type: 'deal' as const,
  feature: 'opportunity' as const,
  records: dealsRepository.dealRecords,
  name: sql<string>`${deals.name}`,
  visibility,
};

// ---- stages in use (sales-stages settings ask through their stage-usage registry, filled in wiring.ts) ----

export function hasDealsInStage(db: Db, orgId: string, stage: number): Promise<boolean> {
  return dealsRepository.exists(db, orgId, dealsRepository.inStage(stage));
}
export function hasDealsOfType(db: Db, orgId: string, stageTypeId: string): Promise<boolean> {
  return dealsRepository.exists(db, orgId, dealsRepository.ofType(stageTypeId));
}

/** Who owns a deal, for a notice sent without a signed-in caller (a quote answered on its public page). */
export async function dealOwner(db: Db, orgId: string, id: string): Promise<{ ownerUserId: string | null } | undefined> {
  const row = await dealsRepository.findDealRow(db, orgId, id);
  return row && { ownerUserId: row.ownerUserId };
}
