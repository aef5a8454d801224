import {
  checkDynamicFields,
  type CustomField,
  type CustomFieldEntity,
  type CustomFieldSaveBody,
  type DynamicFieldValues,
} from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError, fieldError } from '../../../platform/errors.ts';
import { assertSystemAdministrator, type Actor } from '../../access/privileges/access-core.ts';
import * as customFieldsRepository from './custom-fields.repository.ts';

function toField(row: customFieldsRepository.CustomFieldRow): CustomField {
  return {
    id: row.id,
    entity: row.entity,
    title: row.title,
    inputType: row.inputType,
    required: row.required,
    options: row.options,
    sort: row.sort,
    isShow: row.isShow,
  };
}

export async function listFields(db: Db, orgId: string, entity: CustomFieldEntity): Promise<CustomField[]> {
  return (await customFieldsRepository.listFields(db, orgId, entity)).map(toField);
}

/** The values to store, or a 400 naming dynamicFields.<id> (required, date, option rules). */
export async function cleanValues(db: Db, orgId: string, entity: CustomFieldEntity, values: DynamicFieldValues): Promise<DynamicFieldValues> {
  const definitions = await customFieldsRepository.listFields(db, orgId, entity);
  const checked = checkDynamicFields(definitions, values);
  if (checked.problem) throw fieldError(checked.problem.field, checked.problem.reason, checked.problem.label);
  return checked.values;
}

// Definitions are workspace settings (settings/columnContact, columnCompany): system administrators only.

export async function createField(db: Db, actor: Actor, entity: CustomFieldEntity, input: CustomFieldSaveBody): Promise<CustomField> {
  assertSystemAdministrator(actor);
  const sort = await customFieldsRepository.nextSort(db, actor.orgId, entity);
  return toField(await customFieldsRepository.insertField(db, actor.orgId, entity, { ...input, sort }));
}

export async function updateField(
  db: Db,
  actor: Actor,
  entity: CustomFieldEntity,
  id: string,
  input: CustomFieldSaveBody,
): Promise<CustomField> {
  assertSystemAdministrator(actor);
  const row = await customFieldsRepository.updateField(db, actor.orgId, entity, id, input);
  if (!row) throw new AppError('NOT_FOUND');
  return toField(row);
}

export async function deleteField(db: Db, actor: Actor, entity: CustomFieldEntity, id: string): Promise<void> {
  assertSystemAdministrator(actor);
  if (!(await customFieldsRepository.deleteField(db, actor.orgId, entity, id))) throw new AppError('NOT_FOUND');
}

/** The whole order at once; ids of other workspaces or entities are a 404 with nothing changed. */
export async function sortFields(db: Db, actor: Actor, entity: CustomFieldEntity, ids: string[]): Promise<CustomField[]> {
  assertSystemAdministrator(actor);
  const existing = new Set((await customFieldsRepository.listFields(db, actor.orgId, entity)).map((f) => f.id));
  if (!ids.every((id) => existing.has(id))) throw new AppError('NOT_FOUND');
  await db.transaction(async (tx) => {
    for (const [sort, id] of ids.entries()) await customFieldsRepository.updateField(tx as unknown as Db, actor.orgId, entity, id, { sort });
  });
  return listFields(db, actor.orgId, entity);
}

/** Imports add a file's column as a new single-line text field, placed last. */
export async function addTextField(db: Db, orgId: string, entity: CustomFieldEntity, title: string): Promise<CustomField> {
  const sort = await customFieldsRepository.nextSort(db, orgId, entity);
  return toField(await customFieldsRepository.insertField(db, orgId, entity, { title: title.slice(0, 50), inputType: 'text', sort }));
}
