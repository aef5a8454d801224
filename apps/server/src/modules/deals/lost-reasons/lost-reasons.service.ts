import { defaultLostReasons, maxLostReasons, resolveLocale, type LostReason, type LostReasonSaveBody } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError, fieldError } from '../../../platform/errors.ts';
import { assertSystemAdministrator, type Actor } from '../../access/privileges/access-core.ts';
import * as lostReasonsRepository from './lost-reasons.repository.ts';

function toLostReason(row: lostReasonsRepository.LostReasonRow): LostReason {
  return { id: row.id, label: row.label, sort: row.sort };
}

/** A new workspace's reasons in its creator's language (inside the workspace-creation transaction). */
export async function seedDefaultLostReasons(db: Db, orgId: string, language: string | null): Promise<void> {
  await lostReasonsRepository.insertReasons(db, orgId, defaultLostReasons[resolveLocale(language)]);
}

export async function listLostReasons(db: Db, orgId: string): Promise<LostReason[]> {
  return (await lostReasonsRepository.listReasons(db, orgId)).map(toLostReason);
}

export async function findLostReason(db: Db, orgId: string, id: string): Promise<LostReason | null> {
  const row = await lostReasonsRepository.findReason(db, orgId, id);
  return row ? toLostReason(row) : null;
}

/** The reason by id when it is this workspace's; 400 naming `field` otherwise (a deal's lostReasonId). */
export async function requireLostReason(db: Db, orgId: string, id: string, field = 'lostReasonId'): Promise<LostReason> {
  const row = await lostReasonsRepository.findReason(db, orgId, id);
  if (!row) throw fieldError(field, 'invalidValue');
  return toLostReason(row);
}

export async function createLostReason(db: Db, actor: Actor, input: LostReasonSaveBody): Promise<LostReason> {
  assertSystemAdministrator(actor);
  if ((await lostReasonsRepository.countReasons(db, actor.orgId)) >= maxLostReasons) throw fieldError('label', 'invalidValue');
  const [row] = await lostReasonsRepository.insertReasons(db, actor.orgId, [input.label]);
  if (!row) throw new AppError('LOST_REASON_EXISTS');
  return toLostReason(row);
}

export async function renameLostReason(db: Db, actor: Actor, id: string, input: LostReasonSaveBody): Promise<LostReason> {
  assertSystemAdministrator(actor);
  const row = await lostReasonsRepository.renameReason(db, actor.orgId, id, input.label);
  if (row === 'exists') throw new AppError('LOST_REASON_EXISTS');
  if (!row) throw new AppError('NOT_FOUND');
  return toLostReason(row);
}

/** The deals that gave this reason keep being lost, now without reason (their note stays). */
export async function deleteLostReason(db: Db, actor: Actor, id: string): Promise<void> {
  assertSystemAdministrator(actor);
  if (!(await lostReasonsRepository.deleteReason(db, actor.orgId, id))) throw new AppError('NOT_FOUND');
}
