import {
  defaultStages,
  defaultStageTypeName,
  resolveLocale,
  stageChoices,
  type SalesStageType,
  type Stage,
  type StageCreateBody,
  type StageUpdateBody,
} from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError, fieldError } from '../../../platform/errors.ts';
import { assertSystemAdministrator, type Actor } from '../../access/privileges/access-core.ts';
import * as salesStagesRepository from './sales-stages.repository.ts';
import { stageInUse, stageTypeInUse } from './stage-usage.ts';
import { assertRoom } from '../../billing/plan-limits.ts';

/** Workspaces created before stages were seeded get an empty default type on first use. */
const defaultTypeName = defaultStageTypeName['en-US'];

export function toStage(row: salesStagesRepository.StageRow): Stage {
  return {
    id: row.id,
    stageTypeId: row.stageTypeId,
    label: row.title,
    sort: row.sort,
    closingRate: row.closingRate,
    alertNotice: row.alertNotice,
    category: row.category,
  };
}

/**
 * A new workspace's default stage type with the default stages, titled in the creator's language
 * (called inside the workspace-creation transaction, so a workspace never exists without them).
 */
export async function seedDefaultStages(db: Db, orgId: string, language: string | null): Promise<void> {
  const locale = resolveLocale(language);
  await salesStagesRepository.insertSeededDefaultType(
    db,
    orgId,
    defaultStageTypeName[locale],
    defaultStages.map((stage) => ({ title: stage.title[locale], closingRate: stage.closingRate, alertNotice: stage.alertNotice })),
  );
}

/** Every type of the workspace with its stages; the default type is created on first use. */
export async function listStageTypes(db: Db, orgId: string): Promise<SalesStageType[]> {
  let types = await salesStagesRepository.listTypes(db, orgId);
  if (!types.some((t) => t.isDefault)) {
    await salesStagesRepository.insertDefaultType(db, orgId, defaultTypeName);
    types = await salesStagesRepository.listTypes(db, orgId);
  }
  const stages = await salesStagesRepository.listStages(db, orgId);
  return types
    .sort((a, b) => Number(b.isDefault) - Number(a.isDefault))
    .map((t) => ({
      uuid: t.id,
      stageTypeName: t.name,
      isDefault: t.isDefault,
      stages: stages.filter((s) => s.stageTypeId === t.id).map(toStage),
    }));
}

/** The type asked for (400 naming `field` when it is not the workspace's), or the default one. */
export async function resolveType(db: Db, orgId: string, stageTypeId: string | undefined, field = 'stageTypeId'): Promise<SalesStageType> {
  const types = await listStageTypes(db, orgId);
  const type = stageTypeId ? types.find((t) => t.uuid === stageTypeId) : types.find((t) => t.isDefault);
  if (!type) throw fieldError(field, 'invalidValue');
  return type;
}

/** The choices of a deal of this type: its stages, won (1000) and lost (-9999). */
export function choicesOf(type: SalesStageType): Stage[] {
  return stageChoices(type.stages);
}

// ---- settings (system administrators) ----

async function assertRoomForStage(db: Db, orgId: string): Promise<void> {
  await assertRoom(db, orgId, 'salesStages', () => salesStagesRepository.countStages(db, orgId));
}

export async function createStageType(db: Db, actor: Actor, name: string): Promise<SalesStageType> {
  assertSystemAdministrator(actor);
  await listStageTypes(db, actor.orgId);
  const row = await salesStagesRepository.insertType(db, actor.orgId, name);
  return { uuid: row.id, stageTypeName: row.name, isDefault: row.isDefault, stages: [] };
}

export async function renameStageType(db: Db, actor: Actor, id: string, name: string): Promise<SalesStageType> {
  assertSystemAdministrator(actor);
  const row = await salesStagesRepository.updateType(db, actor.orgId, id, name);
  if (!row) throw new AppError('NOT_FOUND');
  return resolveType(db, actor.orgId, id, 'id');
}

export async function deleteStageType(db: Db, actor: Actor, id: string): Promise<void> {
  assertSystemAdministrator(actor);
  const type = (await listStageTypes(db, actor.orgId)).find((t) => t.uuid === id);
  if (!type) throw new AppError('NOT_FOUND');
  if (type.isDefault) throw fieldError('id', 'invalidValue');
  if (await stageTypeInUse(db, actor.orgId, id)) throw new AppError('STAGE_IN_USE');
  await salesStagesRepository.deleteType(db, actor.orgId, id);
}

/** Create dialog: title and alertNotice (free plan: 6 stages). */
export async function createStage(db: Db, actor: Actor, input: StageCreateBody): Promise<Stage> {
  assertSystemAdministrator(actor);
  const type = await resolveType(db, actor.orgId, input.stageTypeId);
  await assertRoomForStage(db, actor.orgId);
  const row = await salesStagesRepository.insertStage(db, actor.orgId, {
    stageTypeId: type.uuid,
    title: input.title,
    alertNotice: input.alertNotice,
    closingRate: input.closingRate,
    category: input.category,
  });
  return toStage(row);
}

export async function updateStage(db: Db, actor: Actor, id: number, input: StageUpdateBody): Promise<Stage> {
  assertSystemAdministrator(actor);
  const row = await salesStagesRepository.updateStage(db, actor.orgId, id, {
    title: input.title,
    alertNotice: input.alertNotice,
    closingRate: input.closingRate,
    category: input.category,
  });
  if (!row) throw new AppError('NOT_FOUND');
  return toStage(row);
}

export async function deleteStage(db: Db, actor: Actor, id: number): Promise<void> {
  assertSystemAdministrator(actor);
  if (!(await salesStagesRepository.findStage(db, actor.orgId, id))) throw new AppError('NOT_FOUND');
  if (await stageInUse(db, actor.orgId, id)) throw new AppError('STAGE_IN_USE');
  await salesStagesRepository.deleteStage(db, actor.orgId, id);
}

/** Drag-sort save: the whole ordered list of the type's stage ids, exactly those. */
export async function sortStages(db: Db, actor: Actor, stageTypeId: string, ids: number[]): Promise<SalesStageType> {
  assertSystemAdministrator(actor);
  const type = await resolveType(db, actor.orgId, stageTypeId);
  const current = new Set(type.stages.map((s) => s.id));
  if (ids.length !== current.size || new Set(ids).size !== ids.length || !ids.every((id) => current.has(id))) {
    throw fieldError('ids', 'invalidValue');
  }
  await salesStagesRepository.setSorts(db, actor.orgId, type.uuid, ids);
  return resolveType(db, actor.orgId, type.uuid);
}
