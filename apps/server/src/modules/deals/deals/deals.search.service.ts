import { fullName, type associateTypes, type SearchResult } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import * as companiesService from '../../records/companies/companies.service.ts';
import * as contactsService from '../../records/contacts/contacts.service.ts';
import { can, type Actor } from '../../access/privileges/access-core.ts';
import { visibility } from './deals.access.ts';
import * as dealsRepository from './deals.repository.ts';

/** Finding deals by name: the global search and the pickers that link records (associate/filter). */

function toSearchResult(row: dealsRepository.DealListRow): SearchResult {
  return {
    type: 'deal',
    id: row.id,
    firstName: null,
    lastName: null,
    company: row.companyName,
    name: row.name,
    customer: row.clientFirstName !== null ? fullName(row.clientFirstName, row.clientLastName) : null,
    amount: row.amount,
    addresses: [],
    emails: [],
    phones: [],
    tax: null,
  };
}

/** Global search: deals by name, within the actor's visibility. */
export async function search(db: Db, actor: Actor, keyword: string, limit: number, ignore: string[] = []): Promise<SearchResult[]> {
  if (!can(actor, 'opportunity', 'view')) return [];
  const rows = await dealsRepository.searchDeals(db, actor.orgId, await visibility(db, actor), keyword, limit, ignore);
  return rows.map(toSearchResult);
}

/** GET /api/associate/filter: companies, clients and deals by keyword for the pickers, minus `ignore`. */
export async function associateFilter(
  db: Db,
  actor: Actor,
  query: { types: (typeof associateTypes)[number][]; searchTxt: string; ignore?: string[] | undefined; limit: number },
) {
  const ignore = new Set(query.ignore ?? []);
  const widen = query.limit + ignore.size;
  const [companies, clients, found] = await Promise.all([
    query.types.includes('company') ? companiesService.search(db, actor, query.searchTxt, widen) : [],
    query.types.includes('client') ? contactsService.search(db, actor, query.searchTxt, widen) : [],
    query.types.includes('deal') ? search(db, actor, query.searchTxt, query.limit, [...ignore]) : [],
  ]);
  const keep = (rows: SearchResult[]) => rows.filter((row) => !ignore.has(row.id)).slice(0, query.limit);
  return {
    items: [
      ...keep(companies).map((c) => ({ type: 'company' as const, id: c.id, name: c.name, extra: c.tax })),
      ...keep(clients).map((c) => ({ type: 'client' as const, id: c.id, name: c.name, extra: c.company })),
      ...keep(found).map((d) => ({ type: 'deal' as const, id: d.id, name: d.name, extra: d.customer })),
    ],
  };
}
