import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { assertCan, can, ownerPredicate, type Actor } from '../../access/privileges/access-core.ts';
import * as dealsRepository from './deals.repository.ts';
import { deals } from './deals.table.ts';

/** Who sees and edits a deal (docs/product.md#permissions, privilege feature `opportunity`). */

export function ownerScope(db: Db, actor: Actor): Promise<SQL> {
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

export async function loadDeal(db: Db, actor: Actor, id: string) {
  assertCan(actor, 'opportunity', 'view');
  const found = await dealsRepository.findDeal(db, actor.orgId, id, await visibility(db, actor), await ownerScope(db, actor));
  if (!found) throw new AppError('NOT_FOUND');
  return found;
}
export type Found = Awaited<ReturnType<typeof loadDeal>>;

/** Collaborators edit the deals they collaborate on; others need the edit privilege and the owner in scope. */
export function canEdit(actor: Actor, found: Found): boolean {
  return found.deal.collaboratorUserIds.includes(actor.userId) || (found.inScope && can(actor, 'opportunity', 'edit'));
}

export async function loadEditable(db: Db, actor: Actor, id: string): Promise<Found> {
  const found = await loadDeal(db, actor, id);
  if (!canEdit(actor, found)) throw new AppError('FORBIDDEN');
  return found;
}

/** Notes and timeline of a deal follow it (notes.service). */
export async function assertAccessible(db: Db, actor: Actor, id: string, method: 'view' | 'edit'): Promise<void> {
  if (method === 'view') await loadDeal(db, actor, id);
  else await loadEditable(db, actor, id);
}
