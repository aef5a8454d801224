import {
  companySaveBodySchema,
  similarNameThreshold,
  type Company,
  type CompanyDuplicate,
  type CompanyList,
  type CompanyRow,
  type CompanyView,
  type RecordListQuery,
  type SearchResult,
} from '@lodestar/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import * as records from '../../../db/records.ts';
import { snapshotRows, writeRows, type RowSnapshot } from '../../../db/record-snapshots.ts';
import { AppError, parseOrFail } from '../../../platform/errors.ts';
import * as contactsService from '../contacts/contacts.service.ts';
import * as customFieldsService from '../custom-fields/custom-fields.service.ts';
import * as notesService from '../notes/notes.service.ts';
import { assertCan, can, ownerPredicate, type Actor } from '../../access/privileges/access-core.ts';
import { assertOwner, recordActions } from '../record-actions.ts';
import * as tagsService from '../tags/tags.service.ts';
import * as timelineService from '../../access/timeline/timeline.service.ts';
import { saveBodyFrom } from '../history/history.service.ts';
import * as companiesRepository from './companies.repository.ts';
import { companies } from './companies.table.ts';

const r = companiesRepository.companyRecords;

export function visibility(db: Db, actor: Actor): Promise<SQL> {
  return ownerPredicate(db, actor, 'company', companies.ownerUserId);
}

/** GET /api/page/company/listV2 (25 rows a page on the web). */
export async function listCompanies(db: Db, actor: Actor, query: RecordListQuery): Promise<CompanyList> {
  assertCan(actor, 'company', 'view');
  const page = await companiesRepository.listCompanies(db, actor.orgId, {
    visibility: await visibility(db, actor),
    filters: query.advanceFilter ?? {},
    sortBy: query.sortBy,
    descending: query.decending,
    cursor: query.cursor,
    limit: query.limit,
    withTotal: !query.cursor,
  });
  const items: CompanyRow[] = page.rows.map((row) => ({
    id: row.id,
    company: row.name,
    taxId: row.tax,
    address: row.address,
    owner: row.ownerUserId ? { userId: row.ownerUserId, name: row.ownerName ?? '' } : null,
    phones: row.phones,
    tags: row.tags,
    dynamicFields: row.dynamicFields,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
  return {
    items,
    nextCursor: page.nextCursor,
    total: page.totals?.total ?? -1,
    totalIsEstimate: page.totals?.totalIsEstimate ?? true,
  };
}

/** For exports (modules/imports): a page's companies' stored fields the list row leaves out, by id. */
export async function exportExtras(db: Db, orgId: string, ids: string[]) {
  return new Map((await companiesRepository.exportExtras(db, orgId, ids)).map((row) => [row.id, row]));
}

export async function loadCompany(db: Db, actor: Actor, id: string) {
  assertCan(actor, 'company', 'view');
  const found = await companiesRepository.findCompany(db, actor.orgId, id, await visibility(db, actor));
  if (!found) throw new AppError('NOT_FOUND');
  return found;
}

export async function assertAccessible(db: Db, actor: Actor, id: string, method: 'view' | 'edit'): Promise<void> {
  await loadCompany(db, actor, id);
  assertCan(actor, 'company', method);
}

async function toCompany(db: Db, actor: Actor, found: Awaited<ReturnType<typeof loadCompany>>): Promise<Company> {
  const c = found.company;
  const contactCount = await contactsService.countOfCompany(db, actor.orgId, c.id);
  return {
    id: c.id,
    name: c.name,
    otherNames: c.otherNames,
    tax: c.tax,
    url: c.url,
    email: c.email,
    phones: c.phones,
    address: c.address,
    socials: c.socials,
    tags: found.tags,
    note: c.note,
    owner: c.ownerUserId ? { userId: c.ownerUserId, name: found.ownerName ?? '' } : null,
    dynamicFields: c.dynamicFields,
    contactCount,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

export async function getCompany(db: Db, actor: Actor, id: string): Promise<Company> {
  return toCompany(db, actor, await loadCompany(db, actor, id));
}

export async function viewCompany(db: Db, actor: Actor, id: string): Promise<CompanyView> {
  const found = await loadCompany(db, actor, id);
  const [company, contacts, fields, notes, timeline] = await Promise.all([
    toCompany(db, actor, found),
    contactsService.contactsOfCompany(db, actor.orgId, id),
    customFieldsService.listFields(db, actor.orgId, 'company'),
    notesService.notesOf(db, actor.orgId, 'company', id),
    timelineService.listTimeline(db, actor.orgId, 'company', id),
  ]);
  return { company, contacts, fields, notes, timeline };
}

/** GET /api/company-check-duplicate: same tax ID (validationTaxIsExist) and similar names (validationSameName). */
export async function checkDuplicate(
  db: Db,
  actor: Actor,
  query: { tax?: string | undefined; name?: string | undefined; excludeId?: string | undefined },
): Promise<CompanyDuplicate> {
  const [byTax, byName] = await Promise.all([
    query.tax ? companiesRepository.findByTax(db, actor.orgId, query.tax, query.excludeId) : [],
    query.name ? companiesRepository.findSimilarNames(db, actor.orgId, query.name, similarNameThreshold, query.excludeId) : [],
  ]);
  const matches = [...byTax, ...byName.filter((n) => !byTax.some((t) => t.id === n.id))];
  return { taxExists: byTax.length > 0, matches };
}

const trackedKeys = ['name', 'otherNames', 'tax', 'url', 'email', 'phones', 'address', 'socials', 'tagIds', 'note', 'ownerUserId', 'dynamicFields'];

function isTaxConflict(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? (error as { code?: string; constraint?: string });
  return cause?.code === '23505' && (cause.constraint === undefined || cause.constraint === 'companies_org_tax_idx');
}

/** POST /api/company: create, or edit with id. Tax ID unique among live companies (409 TAX_ID_EXISTS). */
export async function saveCompany(db: Db, actor: Actor, rawBody: unknown): Promise<{ id: string }> {
  const input = parseOrFail(companySaveBodySchema, rawBody);
  const existing = input.id ? (await loadCompany(db, actor, input.id)).company : undefined;
  assertCan(actor, 'company', existing ? 'edit' : 'create');
  const ownerUserId = input.ownerUserId ?? existing?.ownerUserId ?? actor.userId;
  if (ownerUserId !== (existing?.ownerUserId ?? actor.userId)) {
    if (existing) assertCan(actor, 'company', 'transfer');
    await assertOwner(db, actor.orgId, ownerUserId);
  }
  const tax = input.tax?.trim() || null;
  if (tax && (await companiesRepository.findByTax(db, actor.orgId, tax, existing?.id)).length > 0) throw new AppError('TAX_ID_EXISTS');
  await tagsService.assertApplicable(db, actor.orgId, 'company', input.tagIds);
  const dynamicFields = await customFieldsService.cleanValues(db, actor.orgId, 'company', input.dynamicFields);
  const values = {
    name: input.name,
    otherNames: input.otherNames,
    tax,
    url: input.url || null,
    email: input.email || null,
    phones: input.phones,
    address: input.address || null,
    socials: input.socials,
    tagIds: [...new Set(input.tagIds)],
    note: input.note || null,
    ownerUserId,
    dynamicFields,
  };
  try {
    if (!existing) {
      const row = await companiesRepository.insertCompany(db, actor.orgId, { ...values, createdByUserId: actor.userId });
      await timelineService.record(db, actor.orgId, actor.userId, 'company', [row.id], 'create');
      return { id: row.id };
    }
    await companiesRepository.updateCompany(db, actor.orgId, existing.id, values);
  } catch (error) {
    // Two saves racing for one tax ID: the unique index decides.
    if (isTaxConflict(error)) throw new AppError('TAX_ID_EXISTS');
    throw error;
  }
  const changes = timelineService.diff(existing as unknown as Record<string, unknown>, values, trackedKeys);
  if (Object.keys(changes).length > 0) await timelineService.record(db, actor.orgId, actor.userId, 'company', [existing.id], 'update', changes);
  return { id: existing.id };
}

const saveFields = Object.keys(companySaveBodySchema.shape).filter((f) => f !== 'id');

/**
 * Changes some fields of a company as an ordinary form save (its rules, privileges, timeline and events): the form's
 * body from the stored company with `values` in place. "Restore this value" and the registry's enrichment use it.
 */
export async function patchCompany(db: Db, actor: Actor, id: string, values: Record<string, unknown>): Promise<void> {
  const { company } = await loadCompany(db, actor, id);
  await saveCompany(db, actor, { ...saveBodyFrom(saveFields, company, values), id });
}

/** The fields a company's save takes (what its history may restore). */
export const companySaveFields: readonly string[] = saveFields;

const actions = recordActions({
  entityType: 'company',
  feature: 'company',
  tagKind: 'company',
  records: r,
  visibility: (db, actor) => visibility(db, actor),
});

export const deleteCompanies = actions.remove;
export const transferCompanies = actions.transfer;
/** Registered with tags (wiring.ts). */
export const taggedRecords = actions.tagged;

/** associate/create/contactAndCompanyMulti: the company must be visible, the contacts editable. */
export async function associateContacts(db: Db, actor: Actor, companyId: string, contactIds: string[]): Promise<number> {
  await loadCompany(db, actor, companyId);
  return contactsService.linkToCompany(db, actor, contactIds, companyId);
}

export async function search(db: Db, actor: Actor, keyword: string, limit: number): Promise<SearchResult[]> {
  if (!can(actor, 'company', 'view')) return [];
  const rows = await companiesRepository.searchCompanies(db, actor.orgId, await visibility(db, actor), keyword, limit);
  return rows.map((c) => ({
    type: 'company' as const,
    id: c.id,
    firstName: null,
    lastName: null,
    company: c.name,
    name: c.name,
    customer: null,
    amount: null,
    addresses: c.address ? [c.address] : [],
    emails: c.email ? [c.email] : [],
    phones: c.phones.map((p) => p.value),
    tax: c.tax,
  }));
}

/** What the trash needs to list, restore and purge companies (registered in wiring.ts). */
export const trashSource = {
  feature: 'company' as const,
  records: r,
  name: sql<string>`${companies.name}`,
  visibility,
};

/** Imports link a contact to a company by name: the oldest live one with that name, else a new one. */
export async function findOrCreateByName(
  db: Db,
  orgId: string,
  name: string,
  ownerUserId: string | null,
  onCreated?: (id: string) => void,
  tax?: string | null,
): Promise<string> {
  // A 統編 names a company more surely than its name (a contact import's company tax ID column).
  const [byTax] = tax ? await companiesRepository.findByTaxesOrNames(db, orgId, [tax], []) : [];
  if (byTax) return byTax.id;
  const found = await companiesRepository.findLiveByName(db, orgId, name);
  if (found) return found;
  const created = await companiesRepository.insertCompany(db, orgId, { name, tax: tax ?? null, ownerUserId, createdByUserId: ownerUserId });
  await timelineService.record(db, orgId, ownerUserId, 'company', [created.id], 'create');
  // An import notes what it created, so its undo can remove the company again when nothing else uses it.
  onCreated?.(created.id);
  return created.id;
}

// ---- for imports (modules/imports): rows written in the import's chunk transaction, validated by the importer ----

export type CompanyRecord = companiesRepository.CompanyRowDb;
export type CompanyValues = companiesRepository.CompanyInsert;
/** Live companies with any of these tax IDs or (lower-cased) names, oldest first: an import chunk's duplicates. */
export const findByTaxesOrNames = companiesRepository.findByTaxesOrNames;
export const findCompanyRow = companiesRepository.findCompanyRow;
export const insertCompanyRow = companiesRepository.insertCompany;
export const updateCompanyRow = companiesRepository.updateCompany;

/** Undo of an import: the companies go for good, with their timeline. */
export async function purgeCompanies(db: Db, orgId: string, ids: string[]): Promise<void> {
  await records.removeForGood(db, r, orgId, ids);
  await timelineService.forget(db, orgId, 'company', ids);
}

/** For a merge (records/merges): the live, visible ones among ids — all of them or a 404. */
export async function assertMergeable(db: Db, actor: Actor, ids: string[]): Promise<void> {
  const found = await records.findVisibleIds(db, r, actor.orgId, ids, await visibility(db, actor));
  if (found.length !== ids.length) throw new AppError('NOT_FOUND');
}

/** Whole rows as they are (records/merges keeps them to undo a merge). */
export function snapshots(db: Db, orgId: string, ids: string[]): Promise<RowSnapshot[]> {
  return snapshotRows(db, companies, orgId, ids);
}

/** Writes whole rows back or over (a merge's survivor and merged-away rows, an undo's originals); answers how many existed. */
export function writeSnapshots(db: Db, orgId: string, rows: RowSnapshot[]): Promise<number> {
  return writeRows(db, companies, orgId, rows);
}
