import {
  contactPhoneColumns,
  customFieldCell,
  dealListQuerySchema,
  exportValueLabels,
  fullName,
  listCellSeparator,
  localDateTime,
  lostStageId,
  recordFieldTitle,
  socialColumns,
  tagCellSeparator,
  wonStageId,
  type AdvanceFilter,
  type ContactAddress,
  type ContactPhone,
  type DynamicFieldValues,
  type ExportBody,
  type ImportKind,
  type Locale,
  type SocialAccount,
} from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { fieldError } from '../../../platform/errors.ts';
import type { Actor } from '../../access/privileges/access-core.ts';
import * as usersService from '../../access/users/users.service.ts';
import * as dealsService from '../../deals/deals/deals.service.ts';
import * as salesStagesService from '../../deals/sales-stages/sales-stages.service.ts';
import * as lostReasonsService from '../../deals/lost-reasons/lost-reasons.service.ts';
import * as companiesService from '../../records/companies/companies.service.ts';
import * as contactsExport from '../../records/contacts/contacts.export.ts';
import * as tagsService from '../../records/tags/tags.service.ts';
import { schedulePages } from './schedule-export.ts';

/**
 * What each list exports: its pages through the list's own service call (so the caller's scope and the list's
 * filter are the list's), and for each field a function making the cell's text from a row, chosen once per export.
 * Cells are written as record-cells.ts (the contract) says, so the import reads every one back; times as wall-clock
 * in the export's time zone. `lines`: the deal export's second sheet (one row per product or cost line).
 */
export interface ExportSource<R> {
  readPage: (cursor: string | undefined) => Promise<{ rows: R[]; nextCursor: string | null | undefined }>;
  cell: (field: string) => (row: R) => string;
  lines?: (rows: R[]) => Promise<string[][]>;
}

/** The company, deal and schedule lists' rows: each with its cells by field. */
interface Row {
  id: string;
  cells: (field: string) => string;
}
export type PageReader = (cursor: string | undefined) => Promise<{ rows: Row[]; nextCursor: string | null | undefined }>;

/** range=selected on a list that cannot filter by id: every page filtered here. */
function rowSource(readPage: PageReader, selected: Set<string> | undefined): ExportSource<Row> {
  return {
    readPage: selected
      ? async (cursor) => {
          const page = await readPage(cursor);
          return { nextCursor: page.nextCursor, rows: page.rows.filter((row) => selected.has(row.id)) };
        }
      : readPage,
    cell: (field) => (row) => row.cells(field),
  };
}

const pageSize = 500;
const joined = (values: string[], separator = listCellSeparator) => values.join(separator);
const customId = (field: string) => (field.startsWith('custom:') ? field.slice('custom:'.length) : undefined);
const socialsOf = (socials: SocialAccount[], type: string) => joined(socials.filter((a) => a.type === type).map((a) => a.account));
const socialFields = new Map<string, string>(Object.entries(socialColumns).map(([type, column]) => [column, type]));

/**
 * Contacts: 1 000 rows a page, each an array of only the parts the chosen fields need (the selected ids filtered in
 * SQL); each field's text made by one function over that array.
 */
const contactPageSize = 1000;
const phoneTypeOfColumn = new Map<string, string>(Object.entries(contactPhoneColumns).map(([type, column]) => [column, type]));
function contactPartsOf(field: string): contactsExport.ContactExportPart[] {
  if (field === 'name') return ['firstName', 'lastName'];
  if (customId(field)) return ['dynamicFields'];
  if (phoneTypeOfColumn.has(field)) return ['phones'];
  if (socialFields.has(field)) return ['socials'];
  const parts: Record<string, contactsExport.ContactExportPart> = {
    email: 'emails', address: 'addresses', companyAddress: 'addresses', tags: 'tagIds', owner: 'ownerUserId',
  };
  return [parts[field] ?? (field as contactsExport.ContactExportPart)];
}

async function contactSource(db: Db, actor: Actor, filter: AdvanceFilter | undefined, ids: string[] | undefined, fields: string[], locale: Locale, timeZone: string): Promise<ExportSource<unknown[]>> {
  const parts = [...new Set(fields.flatMap(contactPartsOf))];
  const readPage = await contactsExport.exportPageReader(db, actor, { filters: filter, ids, parts });
  const words = exportValueLabels[locale];
  const important = recordFieldTitle(locale, 'contact', 'isImportant')!;
  const at = (part: contactsExport.ContactExportPart) => parts.indexOf(part);
  const text = (i: number) => (row: unknown[]) => (row[i] as string | null) ?? '';
  const time = (i: number) => (row: unknown[]) => localDateTime(row[i] as string | null, timeZone);
  const list = (i: number, separator = listCellSeparator) => (row: unknown[]) => (row[i] as string[]).join(separator);
  const phones = (type: string) => (row: unknown[]) => joined((row[at('phones')] as ContactPhone[]).filter((p) => p.type === type).map((p) => p.value));
  // Several addresses of one type go on separate lines of the cell.
  const addresses = (type: ContactAddress['type']) => (row: unknown[]) => joined((row[at('addresses')] as ContactAddress[]).filter((a) => a.type === type).map((a) => a.value), '\n');
  const cells: Record<string, (row: unknown[]) => string> = {
    name: (row) => fullName(row[at('firstName')] as string, row[at('lastName')] as string),
    sex: (row) => (row[at('sex')] ? words[row[at('sex')] as 'male' | 'female'] : ''),
    email: list(at('emails')),
    address: addresses('personal'),
    companyAddress: addresses('company'),
    tags: list(at('tagIds'), tagCellSeparator),
    owner: text(at('ownerUserId')),
    isImportant: (row) => (row[at('isImportant')] ? important : ''),
    lastContactAt: time(at('lastContactAt')),
    createdAt: time(at('createdAt')),
    updatedAt: time(at('updatedAt')),
  };
  const cell = (field: string): ((row: unknown[]) => string) => {
    const custom = customId(field);
    if (custom) return (row) => customFieldCell((row[at('dynamicFields')] as DynamicFieldValues)[custom]);
    const phoneType = phoneTypeOfColumn.get(field);
    if (phoneType) return phones(phoneType);
    const social = socialFields.get(field);
    if (social) return (row) => socialsOf(row[at('socials')] as SocialAccount[], social);
    return cells[field] ?? text(at(field as contactsExport.ContactExportPart));
  };
  return { readPage: (cursor) => readPage(cursor, contactPageSize), cell };
}

async function companyPages(db: Db, actor: Actor, filter: AdvanceFilter | undefined, timeZone: string): Promise<PageReader> {
  const tagPaths = await tagsService.tagPaths(db, actor.orgId, 'company');
  const owners = new Map<string, string>();
  return async (cursor) => {
    const page = await companiesService.listCompanies(db, actor, { orgId: actor.orgId, advanceFilter: filter, sortBy: 'createdAt', decending: false, limit: pageSize, cursor });
    const extras = await companiesService.exportExtras(db, actor.orgId, page.items.map((row) => row.id));
    await usersService.ownerCells(db, page.items.map((row) => row.owner?.userId ?? null), owners);
    return {
      nextCursor: page.nextCursor,
      rows: page.items.map((row) => {
        const extra = extras.get(row.id);
        const socials = extra?.socials ?? [];
        return {
          id: row.id,
          cells: (field) => {
            const custom = customId(field);
            if (custom) return customFieldCell(row.dynamicFields[custom]);
            const social = socialFields.get(field);
            if (social) return socialsOf(socials, social);
            return (
              {
                name: row.company,
                taxId: row.taxId ?? '',
                website: extra?.url ?? '',
                email: extra?.email ?? '',
                address: row.address ?? '',
                phone: joined(row.phones.filter((p) => p.type !== 'companyFax').map((p) => p.value)),
                fax: joined(row.phones.filter((p) => p.type === 'companyFax').map((p) => p.value)),
                tags: joined((extra?.tagIds ?? []).flatMap((id) => tagPaths.get(id) ?? []), tagCellSeparator),
                note: extra?.note ?? '',
                owner: row.owner ? (owners.get(row.owner.userId) ?? row.owner.name) : '',
                createdAt: localDateTime(row.createdAt, timeZone),
                updatedAt: localDateTime(row.updatedAt, timeZone),
              } as Record<string, string>
            )[field] ?? '';
          },
        };
      }),
    };
  };
}

async function dealSource(db: Db, actor: Actor, listQuery: Record<string, string> | undefined, locale: Locale, timeZone: string, selected: Set<string> | undefined) {
  const { limit: _l, cursor: _c, sortBy: _s, decending: _d, ...filters } = listQuery ?? {};
  const parsed = dealListQuerySchema.safeParse({ ...filters, orgId: actor.orgId, sortBy: 'createdAt', decending: 'false', limit: '100' });
  if (!parsed.success) throw fieldError(`listQuery.${String(parsed.error.issues[0]?.path[0] ?? '')}`, 'invalidValue');
  const words = exportValueLabels[locale];
  const stageLabels = new Map<number, string>([[wonStageId, words.won], [lostStageId, words.lost]]);
  for (const type of await salesStagesService.listStageTypes(db, actor.orgId)) for (const s of type.stages) stageLabels.set(s.id, s.label);
  const reasonLabels = new Map((await lostReasonsService.listLostReasons(db, actor.orgId)).map((reason) => [reason.id, reason.label]));
  const names = new Map<string, string>();
  const owners = new Map<string, string>();
  const readPage: PageReader = async (cursor) => {
    const page = await dealsService.listDeals(db, actor, { ...parsed.data, cursor });
    await usersService.ownerCells(db, page.items.map((row) => row.owner?.userId ?? null), owners);
    return {
      nextCursor: page.nextCursor,
      rows: page.items.map((row) => {
        names.set(row.id, row.title);
        return {
          id: row.id,
          cells: (field) => {
            const custom = customId(field);
            if (custom) return customFieldCell(row.dynamicFields[custom]);
            return (
              {
                name: row.title,
                amount: row.amount,
                stage: stageLabels.get(row.stage) ?? '',
                status: words[row.status],
                closingRate: `${row.closingRate}%`,
                company: row.company?.name ?? '',
                client: row.contact?.name ?? '',
                startDate: row.startDate,
                estimatedEndDate: row.estimateDate,
                completedDate: row.completedDate ?? '',
                lostReason: row.lostReasonId ? (reasonLabels.get(row.lostReasonId) ?? '') : '',
                lostReasonNote: row.lostReasonNote ?? '',
                owner: row.owner ? (owners.get(row.owner.userId) ?? row.owner.name) : '',
                createdAt: localDateTime(row.createdAt, timeZone),
                updatedAt: localDateTime(row.updatedAt, timeZone),
              } as Record<string, string>
            )[field] ?? '';
          },
        };
      }),
    };
  };
  const source = rowSource(readPage, selected);
  /** A page's product and cost lines: deal, kind, item, unit price, quantity, quoted price (products), subtotal. */
  source.lines = async (rows) => {
    const { products, costs } = await dealsService.dealImports.linesOfDeals(db, actor.orgId, rows.map((row) => row.id));
    const subtotal = (price: string, num: number) => (Number(price) * num).toFixed(2);
    const byDeal = new Map<string, string[][]>();
    for (const p of products) byDeal.set(p.dealId, [...(byDeal.get(p.dealId) ?? []), [names.get(p.dealId) ?? '', words.product, p.name, p.singlePrice, String(p.num), p.quotedPrice, subtotal(p.quotedPrice, p.num)]]);
    for (const c of costs) byDeal.set(c.dealId, [...(byDeal.get(c.dealId) ?? []), [names.get(c.dealId) ?? '', words.cost, c.name, c.singlePrice, String(c.num), '', subtotal(c.singlePrice, c.num)]]);
    return rows.flatMap((row) => byDeal.get(row.id) ?? []);
  };
  return source;
}

/** The source of a kind's list for this export's range (the filter applies only to range=filter). */
export async function exportSource(db: Db, actor: Actor, kind: ImportKind, body: ExportBody, locale: Locale): Promise<ExportSource<unknown>> {
  const filter = body.range === 'filter' ? body.advanceFilter : undefined;
  const ids = body.range === 'selected' ? body.ids : undefined;
  if (kind === 'contact') return contactSource(db, actor, filter, ids, body.fields, locale, body.timeZone) as Promise<ExportSource<unknown>>;
  const selected = ids ? new Set(ids) : undefined;
  if (kind === 'company') return rowSource(await companyPages(db, actor, filter, body.timeZone), selected) as ExportSource<unknown>;
  if (kind === 'schedule') return rowSource(schedulePages(db, actor, body, locale), selected) as ExportSource<unknown>;
  return (await dealSource(db, actor, body.range === 'filter' ? body.listQuery : undefined, locale, body.timeZone, selected)) as ExportSource<unknown>;
}
