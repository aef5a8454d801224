import { savedFiltersMax, type AdvanceFilter, type SavedFilter, type SavedFilterBody } from '@lodestar/contract';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { AppError, fieldError } from '../../../platform/errors.ts';
import { assertCan, type Actor } from '../../access/privileges/access-core.ts';
import * as contactsService from '../contacts/contacts.service.ts';
import * as savedFiltersRepository from './saved-filters.repository.ts';

/** Saved contact filters (docs/product.md#contacts): shared by the workspace; anyone who sees contacts uses them. */

function toFilter(row: savedFiltersRepository.SavedFilterRow): SavedFilter {
  return { id: row.id, name: row.name, filter: row.filter, createdByUserId: row.createdByUserId, createdAt: row.createdAt.toISOString() };
}

export async function list(db: Db, actor: Actor): Promise<{ items: SavedFilter[] }> {
  assertCan(actor, 'contact', 'view');
  return { items: (await savedFiltersRepository.listFilters(db, actor.orgId)).map(toFilter) };
}

export async function create(db: Db, actor: Actor, body: SavedFilterBody): Promise<SavedFilter> {
  assertCan(actor, 'contact', 'view');
  if ((await savedFiltersRepository.countFilters(db, actor.orgId)) >= savedFiltersMax) throw fieldError('name', 'invalidValue');
  return toFilter(await savedFiltersRepository.insertFilter(db, actor.orgId, { name: body.name, filter: body.filter, createdByUserId: actor.userId }));
}

/** Its creator or a system administrator removes it; a segment message already fixed keeps its audience. */
export async function remove(db: Db, actor: Actor, id: string): Promise<null> {
  assertCan(actor, 'contact', 'view');
  const row = await savedFiltersRepository.findFilter(db, actor.orgId, id);
  if (!row) throw new AppError('NOT_FOUND');
  if (row.createdByUserId !== actor.userId && !actor.isSystemAdministrator) throw new AppError('FORBIDDEN');
  await savedFiltersRepository.deleteFilter(db, actor.orgId, id);
  return null;
}

/** A saved filter of the workspace, or undefined (another workspace's id included). */
export async function findFilter(db: Db, orgId: string, id: string): Promise<{ id: string; name: string; filter: AdvanceFilter } | undefined> {
  return savedFiltersRepository.findFilter(db, orgId, id);
}

/**
 * The saved filter as a condition on `contacts` — the one the contact list applies for the same filter
 * (contactsService.filterCondition), so a segment's count and its send select what the list shows.
 */
export function conditionOf(filter: AdvanceFilter): SQL | undefined {
  return contactsService.filterCondition(filter);
}
