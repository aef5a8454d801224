import { randomUUID } from 'node:crypto';
import { contactTextFields } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { planOf } from '../../billing/plan-limits.ts';
import { dealImports } from '../../deals/deals/deals.service.ts';
import * as companiesService from '../../records/companies/companies.service.ts';
import * as contactsService from '../../records/contacts/contacts.service.ts';
import * as tagsService from '../../records/tags/tags.service.ts';
import { checkContactRow, type CheckedContact } from './contact-rows.ts';
import { createdByNameCollector, keyValues, oldestHolders, previousOf, undoWith, type ImportContext, type RowSpec } from './row-spec.ts';

/**
 * Contacts: duplicates by email or phone (digits), companies and tags resolved by name (created when
 * missing), the free plan's contact limit; an update adds the row's phones, emails, tags … to the contact's.
 */
const digits = (phone: string) => phone.replace(/[^0-9]/g, '');

const union = <T>(a: T[], b: T[], key: (x: T) => string) => {
  const seen = new Set(a.map(key));
  return [...a, ...b.filter((x) => !seen.has(key(x)))];
};

/** The values an update writes (only what the row holds). */
function updateOf(existing: contactsService.ContactRecord, c: CheckedContact, companyId: string | null, tagIds: string[]) {
  const b = c.body;
  const next: Partial<contactsService.ContactValues> = {
    firstName: b.firstName,
    lastName: b.lastName,
    phones: union(existing.phones, b.phones, (p) => digits(p.value)),
    emails: union(existing.emails, b.emails, (e) => e.value),
    socials: union(existing.socials, b.socials, (s) => `${s.type}:${s.account}`),
    addresses: union(existing.addresses, b.addresses, (a) => a.value),
    tagIds: [...new Set([...existing.tagIds, ...tagIds])],
    dynamicFields: { ...existing.dynamicFields, ...b.dynamicFields },
  };
  for (const key of contactTextFields) if (b[key]) next[key] = b[key];
  if (b.sex) next.sex = b.sex;
  if (b.birthday) next.birthday = b.birthday;
  if (b.note) next.note = b.note;
  if (b.isImportant) next.isImportant = true;
  if (companyId) next.companyId = companyId;
  return next;
}

/** A per-chunk name → id cache over an async resolver. */
export function cachedByName(resolve: (name: string) => Promise<string>) {
  const cache = new Map<string, string>();
  return async (name: string) => {
    const key = name.toLowerCase();
    if (!cache.has(key)) cache.set(key, await resolve(name));
    return cache.get(key)!;
  };
}

/** A row's company as one cache key: its 統編 (8 digits or none) and its name. */
const companyKey = (c: CheckedContact) => `${c.companyTaxId ?? ''}|${c.companyName}`;
const splitCompanyKey = (key: string): [string | null, string] => {
  const bar = key.indexOf('|');
  return [key.slice(0, bar) || null, key.slice(bar + 1)];
};

async function writer(tx: Db, ctx: ImportContext, rows: CheckedContact[]) {
  // Members by name and e-mail, read only when a row names an owner.
  const owners = rows.some((r) => r.ownerName) ? (await dealImports.importLookups(tx, ctx.orgId)).ownerIdByName : new Map<string, string>();
  const createdByName = createdByNameCollector();
  const tagIdsOf = await tagsService.tagNameResolver(tx, ctx.orgId, 'customer', createdByName.tag('customer'));
  // Keyed by 統編 and name: the same name with another 統編 is another company.
  const companyIdOf = cachedByName((key) => {
    const [tax, name] = splitCompanyKey(key);
    return companiesService.findOrCreateByName(tx, ctx.orgId, name, ctx.userId, createdByName.company, tax);
  });
  const { limits } = await planOf(tx, ctx.orgId);
  const cap = limits.contacts;
  // A chunk's new contacts go in one multi-row insert (ids made here, so duplicates later in the chunk can point at them).
  let pending: (contactsService.ContactValues & { id: string })[] = [];
  return {
    room: cap === null ? Infinity : cap - (await contactsService.countLive(tx, ctx.orgId, cap)),
    createdByName: createdByName.list,
    async flush() {
      const values = pending;
      pending = [];
      await contactsService.insertContactRows(tx, ctx.orgId, values);
    },
    async create(c: CheckedContact) {
      const b = c.body;
      const ownerUserId = c.ownerName ? owners.get(c.ownerName.toLowerCase()) : ctx.userId;
      if (ownerUserId === undefined) return { problem: { column: -1, field: 'owner', reason: 'notFound' as const } };
      const id = randomUUID();
      pending.push({
        id,
        firstName: b.firstName,
        lastName: b.lastName,
        ...contactsService.textValues(b),
        sex: b.sex ?? null,
        birthday: b.birthday ?? null,
        companyId: c.companyName ? await companyIdOf(companyKey(c)) : null,
        phones: b.phones,
        emails: b.emails,
        socials: b.socials,
        addresses: b.addresses,
        tagIds: await tagIdsOf(c.tagNames),
        note: b.note || null,
        ownerUserId,
        isImportant: b.isImportant,
        dynamicFields: b.dynamicFields,
        dataSource: 'import',
        dataObtainedOn: contactsService.today(),
        createdByUserId: ctx.userId,
      });
      return { id };
    },
    async update(id: string, c: CheckedContact) {
      const ownerUserId = c.ownerName ? owners.get(c.ownerName.toLowerCase()) : undefined;
      if (c.ownerName && !ownerUserId) return { problem: { column: -1, field: 'owner', reason: 'notFound' as const } };
      const current = (await contactsService.findContactRow(tx, ctx.orgId, id))!;
      const next = updateOf(current, c, c.companyName ? await companyIdOf(companyKey(c)) : null, await tagIdsOf(c.tagNames));
      if (ownerUserId) next.ownerUserId = ownerUserId;
      await contactsService.updateContactRow(tx, ctx.orgId, id, next);
      return { previous: previousOf(current, next) };
    },
  };
}

export const contactSpec: RowSpec<CheckedContact> = {
  kind: 'contact',
  table: 'contacts',
  feature: 'contact',
  entity: 'contact',
  check: checkContactRow,
  duplicateKeys: (c) => [...c.body.emails.map((e) => `email:${e.value}`), ...c.body.phones.map((p) => `phone:${digits(p.value)}`).filter((k) => k !== 'phone:')],
  async findExisting(tx, orgId, keys) {
    const rows = await contactsService.findByPhonesOrEmails(tx, orgId, keyValues(keys, 'phone'), keyValues(keys, 'email'));
    return oldestHolders(rows, (row) => [...row.emails.map((e) => `email:${e.value}`), ...row.phones.map((p) => `phone:${digits(p.value)}`)]);
  },
  writer,
  undo: undoWith(contactsService.purgeContacts, contactsService.updateContactRow, ['lastContactAt']),
};
