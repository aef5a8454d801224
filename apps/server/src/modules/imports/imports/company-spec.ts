import { companySaveBodySchema, ownerKeyOfCell, socialTypes, type CompanySaveBody, type CustomField } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { dealImports } from '../../deals/deals/deals.service.ts';
import * as companiesService from '../../records/companies/companies.service.ts';
import * as tagsService from '../../records/tags/tags.service.ts';
import {
  createdByNameCollector,
  dynamicProblem,
  keyValues,
  listValues,
  mappedCells,
  oldestHolders,
  previousOf,
  schemaProblems,
  undoWith,
  type CheckResult,
  type ImportContext,
  type RowSpec,
} from './row-spec.ts';

/**
 * Companies: a row → the body the company drawer sends (companySaveBodySchema: the same rules and messages as
 * POST /api/company); duplicates by tax ID, then by name; a tax ID another company holds fails the row
 * (the API's TAX_ID_EXISTS); tags resolved by name.
 */
export interface CheckedCompany {
  body: CompanySaveBody;
  tagNames: string[];
  /** A member's name or e-mail (the importer when absent). */
  ownerName: string | null;
}

export function checkCompanyRow(cells: string[], mapping: string[], definitions: CustomField[]): CheckResult<CheckedCompany> {
  const { columnOf, fields, dynamicFields } = mappedCells(cells, mapping, definitions);
  const phoneColumns: number[] = [];
  const phones = (['phone', 'fax'] as const).flatMap((f) =>
    listValues(fields.get(f) ?? '').map((value) => {
      phoneColumns.push(columnOf.get(f)!);
      return { value, type: f === 'fax' ? 'companyFax' : 'companyPhone' };
    }),
  );
  const raw = {
    name: fields.get('name') ?? '',
    tax: fields.get('taxId') ?? null,
    url: fields.get('website') ?? null,
    email: fields.get('email') ?? null,
    phones,
    address: fields.get('address') ?? null,
    socials: socialTypes.flatMap((type) => listValues(fields.get(type) ?? '').map((account) => ({ type, account }))),
    note: fields.get('note') ?? null,
    dynamicFields,
  };
  const columnOfPath = (path: PropertyKey[]): number => {
    const [head, index] = path;
    const byField: Record<string, string> = { name: 'name', tax: 'taxId', url: 'website', email: 'email', address: 'address', note: 'note' };
    if (head === 'socials') return columnOf.get(raw.socials[Number(index)]?.type ?? '') ?? -1;
    if (head === 'phones') return phoneColumns[Number(index)] ?? -1;
    if (head === 'dynamicFields') return columnOf.get(`custom:${String(index)}`) ?? -1;
    return columnOf.get(byField[String(head)] ?? '') ?? -1;
  };
  const parsed = companySaveBodySchema.safeParse(raw);
  const problems = parsed.success ? [] : schemaProblems(parsed.error.issues, columnOfPath);
  const dynamic = dynamicProblem(definitions, dynamicFields, columnOf);
  if (dynamic.problem) problems.push(dynamic.problem);
  if (problems.length > 0 || !parsed.success) return { problems };
  const tagNames = [...new Set(listValues(fields.get('tags') ?? ''))];
  return { checked: { body: { ...parsed.data, dynamicFields: dynamic.values }, tagNames, ownerName: fields.has('owner') ? ownerKeyOfCell(fields.get('owner')!) : null }, problems };
}

const taxKey = (c: CheckedCompany) => (c.body.tax?.trim() ? `tax:${c.body.tax.trim()}` : undefined);

async function writer(tx: Db, ctx: ImportContext, rows: CheckedCompany[]) {
  // Members by name and e-mail, read only when a row names an owner.
  const owners = rows.some((r) => r.ownerName) ? (await dealImports.importLookups(tx, ctx.orgId)).ownerIdByName : new Map<string, string>();
  const ownerOf = (c: CheckedCompany) => (c.ownerName ? owners.get(c.ownerName.toLowerCase()) : undefined);
  const createdByName = createdByNameCollector();
  const tagIdsOf = await tagsService.tagNameResolver(tx, ctx.orgId, 'company', createdByName.tag('company'));
  return {
    room: Infinity,
    createdByName: createdByName.list,
    async create(c: CheckedCompany) {
      const b = c.body;
      const ownerUserId = c.ownerName ? ownerOf(c) : ctx.userId;
      if (ownerUserId === undefined) return { problem: { column: -1, field: 'owner', reason: 'notFound' as const } };
      const row = await companiesService.insertCompanyRow(tx, ctx.orgId, {
        name: b.name,
        otherNames: b.otherNames,
        tax: b.tax?.trim() || null,
        url: b.url || null,
        email: b.email || null,
        phones: b.phones,
        address: b.address || null,
        socials: b.socials,
        tagIds: await tagIdsOf(c.tagNames),
        note: b.note || null,
        ownerUserId,
        dynamicFields: b.dynamicFields,
        createdByUserId: ctx.userId,
      });
      return { id: row.id };
    },
    async update(id: string, c: CheckedCompany) {
      const ownerUserId = ownerOf(c);
      if (c.ownerName && !ownerUserId) return { problem: { column: -1, field: 'owner', reason: 'notFound' as const } };
      const current = (await companiesService.findCompanyRow(tx, ctx.orgId, id))!;
      const b = c.body;
      const next: Partial<companiesService.CompanyValues> = {
        name: b.name,
        phones: [...current.phones, ...b.phones.filter((p) => !current.phones.some((q) => q.value === p.value))],
        socials: [...current.socials, ...b.socials.filter((s) => !current.socials.some((q) => q.account === s.account))],
        tagIds: [...new Set([...current.tagIds, ...(await tagIdsOf(c.tagNames))])],
        dynamicFields: { ...current.dynamicFields, ...b.dynamicFields },
      };
      if (b.tax?.trim()) next.tax = b.tax.trim();
      if (b.url) next.url = b.url;
      if (b.email) next.email = b.email;
      if (b.address) next.address = b.address;
      if (b.note) next.note = b.note;
      if (ownerUserId) next.ownerUserId = ownerUserId;
      await companiesService.updateCompanyRow(tx, ctx.orgId, id, next);
      return { previous: previousOf(current, next) };
    },
  };
}

export const companySpec: RowSpec<CheckedCompany> = {
  kind: 'company',
  table: 'companies',
  feature: 'company',
  entity: 'company',
  check: checkCompanyRow,
  duplicateKeys: (c) => [taxKey(c), `name:${c.body.name.toLowerCase()}`].filter((k): k is string => Boolean(k)),
  async findExisting(tx, orgId, keys) {
    const rows = await companiesService.findByTaxesOrNames(tx, orgId, keyValues(keys, 'tax'), keyValues(keys, 'name'));
    return oldestHolders(rows, (row) => [row.tax ? `tax:${row.tax}` : '', `name:${row.sortName ?? ''}`]);
  },
  conflict(c, existing, match) {
    const key = taxKey(c);
    const holder = key ? existing.get(key) : undefined;
    return holder && holder !== match ? { column: -1, field: 'taxId', reason: 'taxIdTaken' } : undefined;
  },
  writer,
  undo: undoWith(companiesService.purgeCompanies, companiesService.updateCompanyRow),
};
