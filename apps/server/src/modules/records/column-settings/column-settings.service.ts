import { completeColumnSetting, type ColumnSetting, type ColumnSettingEntity } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { assertCan, assertSystemAdministrator, type Actor } from '../../access/privileges/access-core.ts';
import * as columnSettingsRepository from './column-settings.repository.ts';

/** The privilege feature whose viewers may read a list's column setting. */
const featureOf = { contact: 'contact', company: 'company' } as const;

/** GET /api/customerFieldSetting, /api/companyFieldSetting: the list's built-in columns in order. */
export async function getColumnSetting(db: Db, actor: Actor, entity: ColumnSettingEntity): Promise<ColumnSetting> {
  assertCan(actor, featureOf[entity], 'view');
  return completeColumnSetting(entity, await columnSettingsRepository.findColumns(db, actor.orgId, entity));
}

/** POST: the whole ordered list (system administrators); the schema already refused unknown or repeated keys. */
export async function saveColumnSetting(db: Db, actor: Actor, entity: ColumnSettingEntity, input: ColumnSetting): Promise<ColumnSetting> {
  assertSystemAdministrator(actor);
  await columnSettingsRepository.saveColumns(db, actor.orgId, entity, input.columns);
  return getColumnSetting(db, actor, entity);
}
