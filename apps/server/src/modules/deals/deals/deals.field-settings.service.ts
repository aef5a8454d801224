import { dealListColumns, defaultDealFieldSetting, type DealFieldSetting } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { fieldError } from '../../../platform/errors.ts';
import { assertCan, assertSystemAdministrator, type Actor } from '../../access/privileges/access-core.ts';
import * as dealsRepository from './deals.repository.ts';

/** The deal list's built-in columns: their order and which are shown (settings/columnDeal, system administrators). */

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
