import { dealCreateBodySchema, ownerKeyOfCell, type CustomField, type DealCreateBody } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import * as companiesService from '../../records/companies/companies.service.ts';
import * as contactsService from '../../records/contacts/contacts.service.ts';
import { dealImports } from '../../deals/deals/deals.service.ts';
import { cachedByName } from './contact-spec.ts';
import {
  createdByNameCollector,
  dynamicProblem,
  keyValues,
  mappedCells,
  normalizeDate,
  oldestHolders,
  previousOf,
  schemaProblems,
  undoWith,
  type CheckResult,
  type ImportContext,
  type RowProblem,
  type RowSpec,
} from './row-spec.ts';

/**
 * Deals: a row → the body the deal dialog sends (dealCreateBodySchema: the same rules and messages as
 * POST /api/deal). Stage (of the default stage type, or won / lost), owner (a member's name or email) and
 * client (a contact's full name) are matched by name and fail the row when nothing matches; the company is
 * matched by name and created when missing, as for contacts. Duplicates by deal name.
 */
export interface CheckedDeal {
  body: DealCreateBody;
  names: { stage?: string | undefined; owner?: string | undefined; company?: string | undefined; client?: string | undefined };
}

const schemaField: Record<string, string> = { name: 'name', amount: 'amount', startDate: 'startDate', estimatedEndDate: 'estimatedEndDate', closingRate: 'closingRate' };

export function checkDealRow(cells: string[], mapping: string[], definitions: CustomField[]): CheckResult<CheckedDeal> {
  const { columnOf, fields, dynamicFields } = mappedCells(cells, mapping, definitions);
  const date = (f: string) => (fields.has(f) ? normalizeDate(fields.get(f)!) : undefined);
  const raw = {
    name: fields.get('name') ?? '',
    // "NT$ 12,000" and "12 000" are amounts as spreadsheets write them.
    amount: fields.get('amount')?.replace(/^[A-Za-z]*\$|[\s,]/g, ''),
    startDate: date('startDate'),
    estimatedEndDate: date('estimatedEndDate'),
    closingRate: fields.get('closingRate')?.replace(/%$/, ''),
    dynamicFields,
  };
  const columnOfPath = ([head, index]: PropertyKey[]): number =>
    head === 'dynamicFields' ? (columnOf.get(`custom:${String(index)}`) ?? -1) : (columnOf.get(schemaField[String(head)] ?? '') ?? -1);
  const parsed = dealCreateBodySchema.safeParse(raw);
  const problems = parsed.success ? [] : schemaProblems(parsed.error.issues, columnOfPath);
  const dynamic = dynamicProblem(definitions, dynamicFields, columnOf);
  if (dynamic.problem) problems.push(dynamic.problem);
  if (problems.length > 0 || !parsed.success) return { problems };
  const owner = fields.get('owner');
  const names = { stage: fields.get('stage'), owner: owner && ownerKeyOfCell(owner), company: fields.get('company'), client: fields.get('client') };
  return { checked: { body: { ...parsed.data, dynamicFields: dynamic.values }, names }, problems };
}

const notFound = (field: string): { problem: RowProblem } => ({ problem: { column: -1, field, reason: 'notFound' } });

async function writer(tx: Db, ctx: ImportContext, rows: CheckedDeal[]) {
  const lookups = await dealImports.importLookups(tx, ctx.orgId);
  const clientNames = [...new Set(rows.flatMap((r) => (r.names.client ? [r.names.client.toLowerCase()] : [])))];
  const clients = new Map<string, string>();
  for (const c of await contactsService.findByNames(tx, ctx.orgId, clientNames)) if (!clients.has(c.name)) clients.set(c.name, c.id);
  const createdByName = createdByNameCollector();
  const companyIdOf = cachedByName((name) => companiesService.findOrCreateByName(tx, ctx.orgId, name, ctx.userId, createdByName.company));
  /** The row's named parties as ids, or the field naming nothing. */
  const resolve = async (c: CheckedDeal) => {
    const stage = c.names.stage ? lookups.stageByName(c.names.stage) : undefined;
    if (c.names.stage && !stage) return notFound('stage');
    const ownerUserId = c.names.owner ? lookups.ownerIdByName.get(c.names.owner.toLowerCase()) : undefined;
    if (c.names.owner && !ownerUserId) return notFound('owner');
    const clientId = c.names.client ? clients.get(c.names.client.toLowerCase()) : undefined;
    if (c.names.client && !clientId) return notFound('client');
    const companyId = c.names.company ? await companyIdOf(c.names.company) : undefined;
    return { stage, ownerUserId, clientId, companyId };
  };
  return {
    room: Infinity,
    createdByName: createdByName.list,
    async create(c: CheckedDeal) {
      const r = await resolve(c);
      if ('problem' in r) return r;
      const b = c.body;
      const stage = r.stage ?? lookups.firstStage;
      const id = await dealImports.insertImportedDeal(tx, ctx.orgId, ctx.userId, {
        name: b.name,
        permission: b.permission,
        amount: b.amount,
        startDate: b.startDate,
        estimatedEndDate: b.estimatedEndDate,
        stage: stage.id,
        stageTypeId: lookups.stageTypeId,
        closingRate: b.closingRate ?? stage.closingRate,
        companyId: r.companyId ?? null,
        clientId: r.clientId ?? null,
        dynamicFields: b.dynamicFields,
        collaboratorUserIds: [],
        creatorUserId: ctx.userId,
        ownerUserId: r.ownerUserId ?? ctx.userId,
      });
      return { id };
    },
    async update(id: string, c: CheckedDeal) {
      const r = await resolve(c);
      if ('problem' in r) return r;
      const current = (await dealImports.findDealRow(tx, ctx.orgId, id))!;
      const b = c.body;
      const next: Partial<dealImports.DealValues> = {
        name: b.name,
        amount: b.amount,
        startDate: b.startDate,
        estimatedEndDate: b.estimatedEndDate,
        dynamicFields: { ...current.dynamicFields, ...b.dynamicFields },
      };
      if (r.stage && r.stage.id !== current.stage) Object.assign(next, { stage: r.stage.id, closingRate: r.stage.closingRate, stageTypeId: lookups.stageTypeId, stageChangedAt: new Date() });
      if (b.closingRate !== undefined) next.closingRate = b.closingRate;
      if (r.ownerUserId) next.ownerUserId = r.ownerUserId;
      if (r.companyId) next.companyId = r.companyId;
      if (r.clientId) next.clientId = r.clientId;
      await dealImports.updateDealRow(tx, ctx.orgId, id, next);
      return { previous: previousOf(current, next) };
    },
  };
}

export const dealSpec: RowSpec<CheckedDeal> = {
  kind: 'deal',
  table: 'deals',
  feature: 'opportunity',
  entity: 'deal',
  check: checkDealRow,
  duplicateKeys: (c) => [`name:${c.body.name.toLowerCase()}`],
  async findExisting(tx, orgId, keys) {
    return oldestHolders(await dealImports.findByNames(tx, orgId, keyValues(keys, 'name')), (row) => [`name:${row.name.toLowerCase()}`]);
  },
  writer,
  undo: undoWith(dealImports.purgeDeals, dealImports.updateDealRow, ['stageChangedAt']),
};
