import {
  contactSaveBodySchema,
  contactTextFields,
  fullName,
  splitName,
  type Contact,
  type ContactList,
  type ContactRow,
  type ContactTextField,
  type ContactView,
  type RecordListQuery,
  type SearchResult,
  type SocialAccount,
} from '@lodestar/contract';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import * as records from '../../../db/records.ts';
import { snapshotRows, writeRows, type RowSnapshot } from '../../../db/record-snapshots.ts';
import { AppError, fieldError, parseOrFail } from '../../../platform/errors.ts';
import { fileUrl, saveImage, type Upload } from '../../access/files/files.ts';
import * as customFieldsService from '../custom-fields/custom-fields.service.ts';
import * as notesService from '../notes/notes.service.ts';
import { assertCan, can, ownerPredicate, type Actor } from '../../access/privileges/access-core.ts';
import { assertOwner, recordActions } from '../record-actions.ts';
import * as tagsService from '../tags/tags.service.ts';
import * as timelineService from '../../access/timeline/timeline.service.ts';
import * as contactsRepository from './contacts.repository.ts';
import { contacts } from './contacts.table.ts';
import { assertRoom } from '../../billing/plan-limits.ts';

const r = contactsRepository.contactRecords;

/** The contacts the actor may see (privileges: contact view + scope on the owner). */
export function visibility(db: Db, actor: Actor): Promise<SQL> {
  return ownerPredicate(db, actor, 'contact', contacts.ownerUserId);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** The calendar date a path obtained a person's data (UTC: the server's day; the form may correct it). */
export const today = () => new Date().toISOString().slice(0, 10);

/** The field list's plain text fields of a body or row, blank as null. */
export const textValues = (from: { [K in ContactTextField]?: string | null | undefined }) =>
  Object.fromEntries(contactTextFields.map((key) => [key, from[key] || null])) as Record<ContactTextField, string | null>;

function toRow(
  orgId: string,
  row: Awaited<ReturnType<typeof contactsRepository.listContacts>>['rows'][number],
): ContactRow {
  return {
    id: row.id,
    name: fullName(row.firstName, row.lastName),
    firstName: row.firstName,
    lastName: row.lastName,
    ...textValues(row),
    phones: row.phones,
    emails: row.emails,
    companyId: row.companyId,
    companyName: row.companyName,
    ownerUserId: row.ownerUserId,
    ownerName: row.ownerName,
    tags: row.tags,
    isImportant: row.isImportant,
    lastContactAt: iso(row.lastContactAt),
    avatarUrl: fileUrl(orgId, row.avatarFileId),
    dynamicFields: row.dynamicFields,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /api/page/customer/listV2: keyset pages; the total only with the first page. */
export async function listContacts(db: Db, actor: Actor, query: RecordListQuery): Promise<ContactList> {
  assertCan(actor, 'contact', 'view');
  const seen = await visibility(db, actor);
  const filters = query.advanceFilter ?? {};
  const [page, groups] = await Promise.all([
    contactsRepository.listContacts(db, actor.orgId, {
      visibility: seen,
      filters,
      sortBy: query.sortBy,
      descending: query.decending,
      cursor: query.cursor,
      limit: query.limit,
      withTotal: !query.cursor,
    }),
    query.needGroup ? contactsRepository.countByTag(db, actor.orgId, seen, filters) : undefined,
  ]);
  return {
    items: page.rows.map((row) => toRow(actor.orgId, row)),
    nextCursor: page.nextCursor,
    total: page.totals?.total ?? -1,
    totalIsEstimate: page.totals?.totalIsEstimate ?? true,
    ...(groups ? { groups: Object.fromEntries(groups.map((g) => [g.tag ?? 'none', Number(g.n)])) } : {}),
  };
}

export async function loadContact(db: Db, actor: Actor, id: string) {
  assertCan(actor, 'contact', 'view');
  const found = await contactsRepository.findContact(db, actor.orgId, id, await visibility(db, actor));
  if (!found) throw new AppError('NOT_FOUND');
  return found;
}

/** 404 unless the contact is live and visible; 403 when the method is not granted. */
export async function assertAccessible(db: Db, actor: Actor, id: string, method: 'view' | 'edit'): Promise<void> {
  await loadContact(db, actor, id);
  assertCan(actor, 'contact', method);
}

function toContact(orgId: string, found: NonNullable<Awaited<ReturnType<typeof contactsRepository.findContact>>>): Contact {
  const c = found.contact;
  return {
    id: c.id,
    firstName: c.firstName,
    lastName: c.lastName,
    name: fullName(c.firstName, c.lastName),
    ...textValues(c),
    sex: c.sex,
    birthday: c.birthday,
    company: c.companyId && found.companyName ? { id: c.companyId, name: found.companyName, label: found.companyName } : null,
    phones: c.phones,
    emails: c.emails,
    socials: c.socials,
    addresses: c.addresses,
    tags: found.tags,
    note: c.note,
    owner: c.ownerUserId ? { userId: c.ownerUserId, name: found.ownerName ?? '' } : null,
    isImportant: c.isImportant,
    noMarketing: c.noMarketing,
    dataSource: c.dataSource,
    dataObtainedOn: c.dataObtainedOn,
    dataPurpose: c.dataPurpose,
    consentNote: c.consentNote,
    restricted: c.restrictedAt !== null,
    lastContactAt: iso(c.lastContactAt),
    avatarUrl: fileUrl(orgId, c.avatarFileId),
    dynamicFields: c.dynamicFields,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

export async function getContact(db: Db, actor: Actor, id: string): Promise<Contact> {
  return toContact(actor.orgId, await loadContact(db, actor, id));
}

/** The detail page in a fixed number of statements: contact, tags, fields, notes, timeline. */
export async function viewContact(db: Db, actor: Actor, id: string): Promise<ContactView> {
  // All at once (the contact decides visibility; the rest is only returned when it is found).
  const [found, fields, notes, timeline] = await Promise.all([
    loadContact(db, actor, id),
    customFieldsService.listFields(db, actor.orgId, 'contact'),
    notesService.notesOf(db, actor.orgId, 'contact', id),
    timelineService.listTimeline(db, actor.orgId, 'contact', id),
  ]);
  return { contact: toContact(actor.orgId, found), fields, notes, timeline };
}

export { assertOwner };

const trackedKeys = [
  'firstName', 'lastName', ...contactTextFields, 'sex', 'birthday', 'companyId', 'phones', 'emails', 'socials',
  'addresses', 'tagIds', 'note', 'ownerUserId', 'isImportant', 'noMarketing', 'dataSource', 'dataObtainedOn', 'dataPurpose', 'consentNote', 'lastContactAt', 'dynamicFields', 'avatarFileId',
];

/** POST /api/customer: create, or edit when the body has an id. */
export async function saveContact(
  db: Db,
  actor: Actor,
  rawBody: unknown,
  options: { upload?: Upload | undefined; dataDir: string },
): Promise<{ id: string }> {
  const input = parseOrFail(contactSaveBodySchema, rawBody);
  const existing = input.id ? (await loadContact(db, actor, input.id)).contact : undefined;
  assertCan(actor, 'contact', existing ? 'edit' : 'create');

  const ownerUserId = input.ownerUserId ?? existing?.ownerUserId ?? actor.userId;
  if (ownerUserId !== (existing?.ownerUserId ?? actor.userId)) {
    if (existing) assertCan(actor, 'contact', 'transfer');
    await assertOwner(db, actor.orgId, ownerUserId);
  }
  // A contact may link to any live company of its workspace.
  if (input.companyId && (await contactsRepository.findLiveCompanyName(db, actor.orgId, input.companyId)) === undefined) {
    throw fieldError('companyId', 'invalidValue');
  }
  await tagsService.assertApplicable(db, actor.orgId, 'customer', input.tagIds);
  const dynamicFields = await customFieldsService.cleanValues(db, actor.orgId, 'contact', input.dynamicFields);
  if (!existing) await assertRoomForContact(db, actor.orgId);

  let avatarFileId = input.removeAvatar ? null : (existing?.avatarFileId ?? null);
  if (options.upload) avatarFileId = await saveImage(db, options.dataDir, actor.orgId, options.upload);

  const values = {
    firstName: input.firstName,
    lastName: input.lastName,
    ...textValues(input),
    sex: input.sex ?? null,
    birthday: input.birthday ?? null,
    companyId: input.companyId ?? null,
    phones: input.phones,
    emails: input.emails,
    socials: input.socials,
    addresses: input.addresses,
    tagIds: [...new Set(input.tagIds)],
    note: input.note || null,
    ownerUserId,
    isImportant: input.isImportant,
    noMarketing: input.noMarketing ?? existing?.noMarketing ?? false,
    // Left out: unchanged; a new contact from the form or the API was entered by hand, today.
    dataSource: input.dataSource === undefined ? (existing ? existing.dataSource : 'manual') : input.dataSource,
    dataObtainedOn: input.dataObtainedOn === undefined ? (existing ? existing.dataObtainedOn : today()) : input.dataObtainedOn,
    dataPurpose: input.dataPurpose === undefined ? (existing?.dataPurpose ?? null) : input.dataPurpose,
    consentNote: input.consentNote === undefined ? (existing?.consentNote ?? null) : input.consentNote || null,
    lastContactAt: input.lastContactAt === undefined ? (existing?.lastContactAt ?? null) : input.lastContactAt ? new Date(input.lastContactAt) : null,
    dynamicFields,
    avatarFileId,
  };
  if (!existing) {
    const row = await contactsRepository.insertContact(db, actor.orgId, { ...values, createdByUserId: actor.userId });
    await timelineService.record(db, actor.orgId, actor.userId, 'contact', [row.id], 'create');
    return { id: row.id };
  }
  const changes = timelineService.diff(existing as unknown as Record<string, unknown>, values, trackedKeys);
  await contactsRepository.updateContact(db, actor.orgId, existing.id, values);
  if (Object.keys(changes).length > 0) await timelineService.record(db, actor.orgId, actor.userId, 'contact', [existing.id], 'update', changes);
  return { id: existing.id };
}

/**
 * A stop keyword on LINE (docs/product.md#segment-messages): the contact wants no more marketing. Recorded on its
 * timeline with no user (the customer asked); answers false when it was already set or the contact is gone.
 */
/** A live contact's name, first phone and first e-mail (the booking page's prefill from a signed link), or undefined. */
export async function bookingDetails(db: Db, orgId: string, id: string): Promise<{ name: string; phone: string; email: string } | undefined> {
  const row = await contactsRepository.findContactRow(db, orgId, id);
  return row && { name: fullName(row.firstName, row.lastName), phone: row.phones[0]?.value ?? '', email: row.emails[0]?.value ?? '' };
}

/**
 * A booking's customer: the workspace contact with this phone (digits) or email, else a new contact owned by
 * `ownerUserId` with a 'create' timeline event. On a free workspace at its contact limit nothing is created
 * (null): the booking itself must not fail for it.
 */
export async function findOrCreateForBooking(
  db: Db,
  orgId: string,
  input: { name: string; phone: string; email: string; ownerUserId: string | null; actorUserId: string | null; source: 'bookingPage' | 'businessCard' },
): Promise<{ id: string; name: string } | null> {
  const found = await contactsRepository.findByPhoneOrEmail(db, orgId, input.phone.replace(/[^0-9]/g, ''), input.email);
  if (found) return { id: found.id, name: fullName(found.firstName, found.lastName) };
  return createIfRoom(db, orgId, input.actorUserId, {
    ...splitName(input.name),
    // An empty phone or e-mail (a business card visitor may leave one out) is not stored.
    phones: input.phone ? [{ value: input.phone, type: 'mobile' }] : [],
    emails: input.email ? [{ value: input.email }] : [],
    ownerUserId: input.ownerUserId,
    // The person gave these on our page to book, or to exchange cards with a member (a sales lead).
    dataSource: input.source,
    dataObtainedOn: today(),
    dataPurpose: input.source === 'bookingPage' ? 'booking' : 'sales',
  });
}

/**
 * A contact made for someone outside the form (a booking visitor, a LINE friend), with a 'create' timeline event;
 * null on a free workspace at its contact limit, so the booking or the message is not lost for it.
 */
async function createIfRoom(db: Db, orgId: string, actorUserId: string | null, values: Omit<contactsRepository.ContactInsert, 'createdByUserId'>): Promise<{ id: string; name: string } | null> {
  try {
    await assertRoomForContact(db, orgId);
  } catch {
    return null;
  }
  const row = await contactsRepository.insertContact(db, orgId, { ...values, createdByUserId: actorUserId });
  await timelineService.record(db, orgId, actorUserId, 'contact', [row.id], 'create');
  return { id: row.id, name: fullName(row.firstName, row.lastName) };
}

/** The plan's contact limit (Free: 100 live contacts; docs/product.md#limits). */
async function assertRoomForContact(db: Db, orgId: string): Promise<void> {
  await assertRoom(db, orgId, 'contacts', (cap) => records.countLive(db, r, orgId, cap));
}

const actions = recordActions({
  entityType: 'contact',
  feature: 'contact',
  tagKind: 'customer',
  records: r,
  visibility: (db, actor) => visibility(db, actor),
});

/** DELETE /api/customer/{id} and deleteMuti: to the trash. */
export const deleteContacts = actions.remove;
export const transferContacts = actions.transfer;
/** Registered with tags (wiring.ts). */
export const taggedRecords = actions.tagged;

/** GET /api/customerRecently/week. */
export async function recentWeek(db: Db, actor: Actor): Promise<{ count: number; items: ContactRow[] }> {
  assertCan(actor, 'contact', 'view');
  const since = new Date(Date.now() - 7 * 24 * 3600_000);
  const recent = await contactsRepository.recentlyCreated(db, actor.orgId, await visibility(db, actor), since, 20);
  return { count: recent.count, items: recent.rows.map((row) => toRow(actor.orgId, { ...row, sortKey: null })) };
}

/** Contacts linked to a company (its detail page), without a privilege check of their own. */
export async function contactsOfCompany(db: Db, orgId: string, companyId: string) {
  const rows = await contactsRepository.contactsOfCompany(db, orgId, companyId, 50);
  return rows.map((c) => ({ id: c.id, name: fullName(c.firstName, c.lastName), position: c.position }));
}

export async function countOfCompany(db: Db, orgId: string, companyId: string): Promise<number> {
  return contactsRepository.countOfCompany(db, orgId, companyId);
}

/** Link contacts to a company (associate/create/contactAndCompanyMulti). */
export async function linkToCompany(db: Db, actor: Actor, ids: string[], companyId: string): Promise<number> {
  return actions.setColumn(db, actor, ids, 'companyId', companyId);
}

/** Global search: nothing when the actor cannot view contacts. */
export async function search(db: Db, actor: Actor, keyword: string, limit: number): Promise<SearchResult[]> {
  if (!can(actor, 'contact', 'view')) return [];
  const rows = await contactsRepository.searchContacts(db, actor.orgId, await visibility(db, actor), keyword, limit);
  return rows.map((c) => ({
    type: 'contact' as const,
    id: c.id,
    firstName: c.firstName,
    lastName: c.lastName,
    company: c.companyName,
    name: fullName(c.firstName, c.lastName),
    customer: null,
    amount: null,
    addresses: c.addresses.map((a) => a.value),
    emails: c.emails.map((e) => e.value),
    phones: c.phones.map((p) => p.value),
    tax: null,
  }));
}

/** What the trash needs to list, restore and purge contacts (registered in wiring.ts). */
export const trashSource = {
  feature: 'contact' as const,
  records: r,
  name: contactsRepository.contactDisplayName,
  visibility,
};

// ---- for imports (modules/imports): rows written in the import's chunk transaction, validated by the importer ----

export type ContactRecord = contactsRepository.ContactRowDb;
export type ContactValues = contactsRepository.ContactInsert;

/** Live contacts with any of these emails or phone digits (duplicates of an import chunk's rows). */
export const findByPhonesOrEmails = contactsRepository.findByPhonesOrEmails;
/** Live contacts by lower-cased full name (imported deals name their client). */
export const findByNames = contactsRepository.findByNames;
export const findContactRow = contactsRepository.findContactRow;
/** The contact list's filters as a condition on `contacts` (saved filters as LINE segment audiences use it). */
export const filterCondition = contactsRepository.filterCondition;
export const insertContactRow = contactsRepository.insertContact;
export const insertContactRows = contactsRepository.insertContacts;
export const updateContactRow = contactsRepository.updateContact;

/** Live contacts counted up to cap (the plan's contact limit). */
export function countLive(db: Db, orgId: string, cap: number): Promise<number> {
  return records.countLive(db, r, orgId, cap);
}

/** Undo of an import: the contacts go for good, with their timeline. */
export async function purgeContacts(db: Db, orgId: string, ids: string[]): Promise<void> {
  await records.removeForGood(db, r, orgId, ids);
  await timelineService.forget(db, orgId, 'contact', ids);
}

// ---- for channels (modules/channels): LINE friends become contacts ----

/**
 * A contact made from a messaging friend (display name, picture, one social account), with a 'create' timeline
 * event. Null on a free workspace at its contact limit: the friend still appears in the conversations.
 */
export async function createFromSocial(
  db: Db,
  orgId: string,
  input: { name: string; social: SocialAccount; avatarFileId: string | null; ownerUserId: string | null; actorUserId: string | null },
): Promise<{ id: string; name: string } | null> {
  const { firstName, lastName } = splitName(input.name);
  return createIfRoom(db, orgId, input.actorUserId, {
    firstName: firstName || input.name.slice(0, 50),
    lastName,
    socials: [input.social],
    avatarFileId: input.avatarFileId,
    ownerUserId: input.ownerUserId,
    // A friend of the official account: its profile, for answering its messages.
    dataSource: 'line',
    dataObtainedOn: today(),
    dataPurpose: 'service',
  });
}

/** For a merge (records/merges): the live, visible ones among ids — all of them or a 404. */
export async function assertMergeable(db: Db, actor: Actor, ids: string[]): Promise<void> {
  const found = await records.findVisibleIds(db, r, actor.orgId, ids, await visibility(db, actor));
  if (found.length !== ids.length) throw new AppError('NOT_FOUND');
}

/** Whole rows as they are (records/merges keeps them to undo a merge). */
export function snapshots(db: Db, orgId: string, ids: string[]): Promise<RowSnapshot[]> {
  return snapshotRows(db, contacts, orgId, ids);
}

/** Writes whole rows back or over (a merge's survivor and merged-away rows, an undo's originals); answers how many existed. */
export function writeSnapshots(db: Db, orgId: string, rows: RowSnapshot[]): Promise<number> {
  return writeRows(db, contacts, orgId, rows);
}
