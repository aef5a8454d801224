import type { RecordListQuery } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { assertCan, type Actor } from '../../access/privileges/access-core.ts';
import * as usersService from '../../access/users/users.service.ts';
import * as tagsService from '../tags/tags.service.ts';
import * as contactsRepository from './contacts.repository.ts';
import type { ContactExportPart } from './contacts.repository.ts';
import { visibility } from './contacts.service.ts';

export type { ContactExportPart };

/**
 * The pages an export reads (imports context): the list's privilege, scope and filters, in created order. Each row
 * is an array of the asked parts' values; tag ids come back as the tags' paths ("Industry > Retail", in the contact's
 * order, tags that no longer exist left out) and the owner's id as "Name <e-mail>" ('' for none). The scope and the tags are read once
 * per export, an owner's name once per owner.
 */
export async function exportPageReader(
  db: Db,
  actor: Actor,
  options: { filters: RecordListQuery['advanceFilter']; ids: string[] | undefined; parts: ContactExportPart[] },
): Promise<(cursor: string | undefined, limit: number) => Promise<{ rows: unknown[][]; nextCursor: string | null }>> {
  assertCan(actor, 'contact', 'view');
  const [seen, tags] = await Promise.all([visibility(db, actor), tagsService.tagPaths(db, actor.orgId, 'customer')]);
  const tagAt = options.parts.indexOf('tagIds');
  const ownerAt = options.parts.indexOf('ownerUserId');
  const owners = new Map<string, string>();
  return async (cursor, limit) => {
    const page = await contactsRepository.exportContacts(db, actor.orgId, { visibility: seen, filters: options.filters ?? {}, ids: options.ids, parts: options.parts, cursor, limit });
    if (ownerAt >= 0) await usersService.ownerCells(db, page.rows.map((row) => row[ownerAt] as string | null), owners);
    for (const row of page.rows) {
      if (tagAt >= 0) row[tagAt] = tagNames(row[tagAt] as string[], tags);
      if (ownerAt >= 0) row[ownerAt] = row[ownerAt] === null ? '' : (owners.get(row[ownerAt] as string) ?? '');
    }
    return page;
  };
}

function tagNames(ids: string[], tags: Map<string, string>): string[] {
  const names: string[] = [];
  for (const id of ids) {
    const path = tags.get(id);
    if (path) names.push(path);
  }
  return names;
}
