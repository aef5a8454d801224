import {
  dealListQuerySchema,
  exportValueLabels,
  fullName,
  lostStageId,
  recordFieldLabels,
  wonStageId,
  type AdvanceFilter,
  type ExportBody,
  type ImportKind,
  type Locale,
} from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { fieldError } from '../../../platform/errors.ts';
import type { Actor } from '../../access/privileges/access-core.ts';
import * as dealsService from '../../deals/deals/deals.service.ts';
import * as salesStagesService from '../../deals/sales-stages/sales-stages.service.ts';
import * as lostReasonsService from '../../deals/lost-reasons/lost-reasons.service.ts';
import * as companiesService from '../../records/companies/companies.service.ts';
import * as contactsExport from '../../records/contacts/contacts.export.ts';
import { schedulePages } from './schedule-export.ts';

/**
 * What each list exports: its pages through the list's own service call (so the caller's scope and the list's
 * filter are the list's), and for each field a function making the cell's text from a row, chosen once per export.
 */
export interface ExportSource<R> {
  readPage: (cursor: string | undefined) => Promise<{ rows: R[]; nextCursor: string | null | undefined }>;
  cell: (field: string) => (row: R) => string;
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
const joined = (values: string[], separator = '; ') => values.join(separator);

/**
 * Contacts: 1 000 rows a page, each an array of only the parts the chosen fields need (the selected ids filtered in
 * SQL); each field's text made by one function over that array.
 */
const contactPageSize = 1000;
const contactFieldParts: Record<string, contactsExport.ContactExportPart[]> = {
  name: ['firstName', 'lastName'],
  firstName: ['firstName'],
  lastName: ['lastName'],
  company: ['company'],
  mobile: ['mobiles'],
  phone: ['otherPhones'],
  email: ['emails'],
  tags: ['tagIds'],
  owner: ['ownerUserId'],
  isImportant: ['isImportant'],
  lastContactAt: ['lastContactAt'],
  createdAt: ['createdAt'],
};

async function contactSource(db: Db, actor: Actor, filter: AdvanceFilter | undefined, ids: string[] | undefined, fields: string[], locale: Locale): Promise<ExportSource<unknown[]>> {
  const parts = [...new Set(fields.flatMap((f) => contactFieldParts[f] ?? []))];
  const readPage = await contactsExport.exportPageReader(db, actor, { filters: filter, ids, parts });
  const important = recordFieldLabels[locale].isImportant!;
  const at = (part: contactsExport.ContactExportPart) => parts.indexOf(part);
  const text = (i: number) => (row: unknown[]) => (row[i] as string | null) ?? '';
  const list = (i: number, separator = '; ') => (row: unknown[]) => (row[i] as string[]).join(separator);
  const cells: Record<string, (row: unknown[]) => string> = {
    name: (row) => fullName(row[at('firstName')] as string, row[at('lastName')] as string),
    firstName: text(at('firstName')),
    lastName: text(at('lastName')),
    company: text(at('company')),
    mobile: list(at('mobiles')),
    phone: list(at('otherPhones')),
    email: list(at('emails')),
    tags: list(at('tagIds'), ', '),
    owner: text(at('ownerUserId')),
    isImportant: (row) => (row[at('isImportant')] ? important : ''),
    lastContactAt: text(at('lastContactAt')),
    createdAt: text(at('createdAt')),
  };
  return { readPage: (cursor) => readPage(cursor, contactPageSize), cell: (field) => cells[field] ?? (() => '') };
}

function companyPages(db: Db, actor: Actor, filter: AdvanceFilter | undefined): PageReader {
  return async (cursor) => {
    const page = await companiesService.listCompanies(db, actor, { orgId: actor.orgId, advanceFilter: filter, sortBy: 'createdAt', decending: false, limit: pageSize, cursor });
    return {
      nextCursor: page.nextCursor,
      rows: page.items.map((row) => ({
        id: row.id,
        cells: (field) =>
          ({
            name: row.company,
            taxId: row.taxId ?? '',
            address: row.address ?? '',
            phone: joined(row.phones.map((p) => p.value)),
            tags: joined(row.tags.map((t) => t.name), ', '),
            owner: row.owner?.name ?? '',
            createdAt: row.createdAt,
            updatedAt: row.updatedAt,
          })[field] ?? '',
      })),
    };
  };
}

async function dealPages(db: Db, actor: Actor, listQuery: Record<string, string> | undefined, locale: Locale): Promise<PageReader> {
  const { limit: _l, cursor: _c, sortBy: _s, decending: _d, ...filters } = listQuery ?? {};
  const parsed = dealListQuerySchema.safeParse({ ...filters, orgId: actor.orgId, sortBy: 'createdAt', decending: 'false', limit: '100' });
  if (!parsed.success) throw fieldError(`listQuery.${String(parsed.error.issues[0]?.path[0] ?? '')}`, 'invalidValue');
  const words = exportValueLabels[locale];
  const stageLabels = new Map<number, string>([[wonStageId, words.won], [lostStageId, words.lost]]);
  for (const type of await salesStagesService.listStageTypes(db, actor.orgId)) for (const s of type.stages) stageLabels.set(s.id, s.label);
  const reasonLabels = new Map((await lostReasonsService.listLostReasons(db, actor.orgId)).map((reason) => [reason.id, reason.label]));
  return async (cursor) => {
    const page = await dealsService.listDeals(db, actor, { ...parsed.data, cursor });
    return {
      nextCursor: page.nextCursor,
      rows: page.items.map((row) => ({
        id: row.id,
        cells: (field) =>
          ({
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
            owner: row.owner?.name ?? '',
            createdAt: row.createdAt,
          })[field] ?? '',
      })),
    };
  };
}

/** The source of a kind's list for this export's range (the filter applies only to range=filter). */
export async function exportSource(db: Db, actor: Actor, kind: ImportKind, body: ExportBody, locale: Locale): Promise<ExportSource<unknown>> {
  const filter = body.range === 'filter' ? body.advanceFilter : undefined;
  const ids = body.range === 'selected' ? body.ids : undefined;
  if (kind === 'contact') return contactSource(db, actor, filter, ids, body.fields, locale) as Promise<ExportSource<unknown>>;
  const selected = ids ? new Set(ids) : undefined;
  if (kind === 'company') return rowSource(companyPages(db, actor, filter), selected) as ExportSource<unknown>;
  if (kind === 'schedule') return rowSource(schedulePages(db, actor, body, locale), selected) as ExportSource<unknown>;
  return rowSource(await dealPages(db, actor, body.range === 'filter' ? body.listQuery : undefined, locale), selected) as ExportSource<unknown>;
}
