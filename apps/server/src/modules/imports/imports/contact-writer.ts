import type { CustomField, DuplicateMode } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import * as timelineService from '../../access/timeline/timeline.service.ts';
import { planOf } from '../../billing/plan-limits.ts';
import * as companiesService from '../../records/companies/companies.service.ts';
import * as contactsService from '../../records/contacts/contacts.service.ts';
import * as customFieldsService from '../../records/custom-fields/custom-fields.service.ts';
import * as tagsService from '../../records/tags/tags.service.ts';
import { checkContactRow, type CheckedContact, type RowProblem } from './contact-rows.ts';

/**
 * Writing a chunk of contact rows inside the chunk's transaction: duplicates by email or phone (skip, update
 * or create), companies and tags resolved by name (created when missing), the free plan's contact limit,
 * and an import_records line per created or updated contact for undo.
 */
export interface ChunkRow {
  row: number;
  cells: string[];
}
export interface ChunkResult {
  created: number;
  updated: number;
  skipped: number;
  failures: { row: number; cells: string[]; problem: RowProblem }[];
  records: { recordId: string; action: 'created' | 'updated'; previous: Record<string, unknown> | null }[];
  /** Set when the import must stop (the plan's limit): the rows after it are not written. */
  stop: 'PLAN_LIMIT_REACHED' | null;
}

export interface ContactWriteContext {
  orgId: string;
  userId: string | null;
  mapping: string[];
  duplicates: DuplicateMode;
  definitions: CustomField[];
}

export async function loadDefinitions(db: Db, orgId: string): Promise<CustomField[]> {
  return customFieldsService.listFields(db, orgId, 'contact');
}

const union = <T>(a: T[], b: T[], key: (x: T) => string) => {
  const seen = new Set(a.map(key));
  return [...a, ...b.filter((x) => !seen.has(key(x)))];
};

/** The values an update writes (only what the row holds) beside the contact's previous values of them. */
function updateOf(existing: contactsService.ContactRecord, c: CheckedContact, companyId: string | null, tagIds: string[]) {
  const b = c.body;
  const next: Partial<contactsService.ContactValues> = {
    firstName: b.firstName,
    lastName: b.lastName,
    phones: union(existing.phones, b.phones, (p) => p.value.replace(/[^0-9]/g, '')),
    emails: union(existing.emails, b.emails, (e) => e.value),
    socials: union(existing.socials, b.socials, (s) => `${s.type}:${s.account}`),
    addresses: union(existing.addresses, b.addresses, (a) => a.value),
    tagIds: [...new Set([...existing.tagIds, ...tagIds])],
    dynamicFields: { ...existing.dynamicFields, ...b.dynamicFields },
  };
  if (b.nickName) next.nickName = b.nickName;
  if (b.position) next.position = b.position;
  if (b.sex) next.sex = b.sex;
  if (b.birthday) next.birthday = b.birthday;
  if (b.note) next.note = b.note;
  if (companyId) next.companyId = companyId;
  const previous = Object.fromEntries(Object.keys(next).map((k) => [k, existing[k as keyof typeof existing]]));
  return { next, previous };
}

export async function writeContactChunk(tx: Db, ctx: ContactWriteContext, rows: ChunkRow[]): Promise<ChunkResult> {
  const result: ChunkResult = { created: 0, updated: 0, skipped: 0, failures: [], records: [], stop: null };
  const tagIdsOf = await tagsService.tagNameResolver(tx, ctx.orgId, 'customer');
  const companies = new Map<string, string>();
  const companyIdOf = async (name: string) => {
    const key = name.toLowerCase();
    if (!companies.has(key)) companies.set(key, await companiesService.findOrCreateByName(tx, ctx.orgId, name, ctx.userId));
    return companies.get(key)!;
  };
  const { limits } = await planOf(tx, ctx.orgId);
  const cap = limits.contacts;
  let room = cap === null ? Infinity : cap - (await contactsService.countLive(tx, ctx.orgId, cap));
  const createdIds: string[] = [];
  const updatedIds: string[] = [];
  for (const { row, cells } of rows) {
    const { checked, problems } = checkContactRow(cells, ctx.mapping, ctx.definitions);
    if (!checked) {
      result.failures.push({ row, cells, problem: problems[0]! });
      continue;
    }
    const b = checked.body;
    const existing =
      ctx.duplicates === 'create' || (b.emails.length === 0 && b.phones.length === 0)
        ? undefined
        : await contactsService.findByPhoneOrEmail(tx, ctx.orgId, b.phones[0]?.value.replace(/[^0-9]/g, '') || 'none', b.emails[0]?.value ?? '');
    if (existing && ctx.duplicates === 'skip') {
      result.skipped++;
      continue;
    }
    const tagIds = await tagIdsOf(checked.tagNames);
    const companyId = checked.companyName ? await companyIdOf(checked.companyName) : null;
    if (existing) {
      const current = await contactsService.findContactRow(tx, ctx.orgId, existing.id);
      if (!current) continue;
      const { next, previous } = updateOf(current, checked, companyId, tagIds);
      await contactsService.updateContactRow(tx, ctx.orgId, current.id, next);
      result.records.push({ recordId: current.id, action: 'updated', previous });
      updatedIds.push(current.id);
      result.updated++;
      continue;
    }
    if (room <= 0) {
      result.stop = 'PLAN_LIMIT_REACHED';
      break;
    }
    room--;
    const created = await contactsService.insertContactRow(tx, ctx.orgId, {
      firstName: b.firstName,
      lastName: b.lastName,
      nickName: b.nickName || null,
      position: b.position || null,
      sex: b.sex ?? null,
      birthday: b.birthday ?? null,
      companyId,
      phones: b.phones,
      emails: b.emails,
      socials: b.socials,
      addresses: b.addresses,
      tagIds,
      note: b.note || null,
      ownerUserId: ctx.userId,
      dynamicFields: b.dynamicFields,
      createdByUserId: ctx.userId,
    });
    result.records.push({ recordId: created.id, action: 'created', previous: null });
    createdIds.push(created.id);
    result.created++;
  }
  await timelineService.record(tx, ctx.orgId, ctx.userId, 'contact', createdIds, 'create');
  await timelineService.record(tx, ctx.orgId, ctx.userId, 'contact', updatedIds, 'update');
  return result;
}

/** Undo: created contacts go for good; updated ones get their previous values back. */
export async function undoContacts(tx: Db, orgId: string, created: string[], updated: { recordId: string; previous: Record<string, unknown> }[]) {
  for (let i = 0; i < created.length; i += 1000) await contactsService.purgeContacts(tx, orgId, created.slice(i, i + 1000));
  for (const u of updated) {
    const previous = { ...u.previous };
    // jsonb gives the timestamp back as text.
    if (typeof previous.lastContactAt === 'string') previous.lastContactAt = new Date(previous.lastContactAt);
    await contactsService.updateContactRow(tx, orgId, u.recordId, previous as Partial<contactsService.ContactValues>);
  }
}
