import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../access/privileges/access-core.ts';
import * as addressBookRepository from './contacts.address-book.repository.ts';
import { visibility } from './contacts.service.ts';

export type { AddressCardRow } from './contacts.address-book.repository.ts';

/**
 * For the CardDAV address book (cards/carddav): the contacts the member sees in the contact list — the same
 * privilege and scope predicate (contacts.service.ts visibility) — optionally only those holding one tag.
 */
export interface AddressBookScope {
  actor: Actor;
  tagId: string | null;
  /** The card writer's format version (see etagSql). */
  format: string;
}

export async function addressBookVersions(db: Db, scope: AddressBookScope): Promise<{ cards: Record<string, string>; ctag: string }> {
  const seen = await visibility(db, scope.actor);
  return addressBookRepository.cardVersions(db, scope.actor.orgId, { visibility: seen, tagId: scope.tagId, format: scope.format });
}

/** The book's cards among `ids` (all when undefined); an id outside the book is left out. */
export async function addressBookCards(db: Db, scope: AddressBookScope, ids: string[] | undefined) {
  const seen = await visibility(db, scope.actor);
  return addressBookRepository.cardRows(db, scope.actor.orgId, { visibility: seen, tagId: scope.tagId, format: scope.format, ids });
}
