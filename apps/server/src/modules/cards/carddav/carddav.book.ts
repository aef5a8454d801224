import type { Db } from '../../../db/client.ts';
import { addressBookCards, addressBookVersions, type AddressBookScope, type AddressCardRow } from '../../records/contacts/contacts.address-book.ts';
import { buildVCard } from '../cards/cards.vcard.ts';
import * as carddavRepository from './carddav.repository.ts';
import type { BookOwner } from './carddav.service.ts';

/**
 * The read-only address book of one app password: the contacts its member sees in the contact list (of one tag when
 * the app password names one), each a vCard written by the business card's writer (cards.vcard.ts).
 */

/** The card writer's version: part of every ETag (see contacts.address-book.repository.ts etagSql). */
const cardFormat = '1';

const scopeOf = (owner: BookOwner): AddressBookScope => ({ actor: owner.actor, tagId: owner.tagId, format: cardFormat });

const tokenPrefix = 'urn:x-lodestar:carddav:sync:';

export interface BookVersion {
  ctag: string;
  cards: Record<string, string>;
}

export function bookVersion(db: Db, owner: BookOwner): Promise<BookVersion> {
  return addressBookVersions(db, scopeOf(owner));
}

/** The sync token of this version of the book: its stored state (RFC 6578 §3.2). */
export async function syncTokenOf(db: Db, owner: BookOwner, version: BookVersion): Promise<string> {
  const { orgId } = owner.actor;
  const id =
    (await carddavRepository.findSyncStateId(db, orgId, owner.appPasswordId, version.ctag)) ??
    (await carddavRepository.saveSyncState(db, orgId, owner.appPasswordId, version.ctag, version.cards));
  return `${tokenPrefix}${id}`;
}

export interface SyncChanges {
  token: string;
  /** Cards new or changed since the token: id → ETag. */
  changed: [string, string][];
  /** Cards gone since the token, for whatever reason: deleted, trashed, no longer visible, out of the tag. */
  removed: string[];
}

/** sync-collection: undefined for a token this book did not hand out or no longer keeps (DAV:valid-sync-token). */
export async function changesSince(db: Db, owner: BookOwner, token: string): Promise<SyncChanges | undefined> {
  let before: Record<string, string> = {};
  if (token !== '') {
    const id = token.startsWith(tokenPrefix) ? Number(token.slice(tokenPrefix.length)) : NaN;
    if (!Number.isSafeInteger(id) || id <= 0) return undefined;
    const state = await carddavRepository.findSyncState(db, owner.actor.orgId, owner.appPasswordId, id);
    if (!state) return undefined;
    before = state;
  }
  const now = await bookVersion(db, owner);
  const changed = Object.entries(now.cards).filter(([id, etag]) => before[id] !== etag);
  const removed = Object.keys(before).filter((id) => !(id in now.cards));
  return { token: await syncTokenOf(db, owner, now), changed, removed };
}

export interface RenderedCard {
  id: string;
  etag: string;
  vcard: string;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The book's cards among these ids (all when undefined), written; ids that are not cards of the book are left out. */
export async function renderCards(db: Db, owner: BookOwner, ids: string[] | undefined): Promise<RenderedCard[]> {
  const rows = await addressBookCards(db, scopeOf(owner), ids?.filter((id) => uuidPattern.test(id)));
  return rows.map((row) => ({ id: row.id, etag: row.etag, vcard: vcardOf(row) }));
}

function vcardOf(row: AddressCardRow): string {
  return buildVCard({
    uid: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    nickname: row.nickName,
    birthday: row.birthday,
    company: row.companyName,
    title: row.position,
    phones: row.phones,
    emails: row.emails.map((email) => email.value),
    addresses: row.addresses.map((address) => ({ value: address.value, type: address.type === 'company' ? 'work' : 'home' })),
    urls: [],
    photoUrl: null,
    note: null,
  });
}
