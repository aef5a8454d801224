import type { ListSortField } from '@lodestar/contract';
import { and, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { afterCursor, allOf, boundedTotal, keysetOrder, pageOf, sortKey, type Keyset } from '../../../db/paging.ts';
import type { RecordTable } from '../../../db/records.ts';
import { keywordMatch, uuidArray } from '../../../db/search-columns.ts';
import { users } from '../../access/users/users.table.ts';
import { companies } from './companies.table.ts';
import { tagRefsColumn } from '../tags/tags.table.ts';
import { personNameSql } from '../../../db/person-name.ts';

/** For the shared record statements (db/records.ts). */
export const companyRecords: RecordTable = {
  table: companies,
  id: companies.id,
  orgId: companies.orgId,
  deletedAt: companies.deletedAt,
  updatedAt: companies.updatedAt,
  tagIds: companies.tagIds,
  mergedIntoId: companies.mergedIntoId,
};

export type CompanyRowDb = typeof companies.$inferSelect;
export type CompanyInsert = Omit<typeof companies.$inferInsert, 'id' | 'orgId' | 'createdAt' | 'updatedAt' | 'deletedAt'>;

const ownerName = sql<string | null>`nullif(${personNameSql(users.firstName, users.lastName)}, '')`;
const live = isNull(companies.deletedAt);

export interface CompanyFilters {
  tags?: string[] | undefined;
  owner?: string[] | undefined;
  important?: boolean | undefined;
  keyword?: string | undefined;
}

function filterConditions(filters: CompanyFilters): (SQL | undefined)[] {
  return [
    filters.tags?.length ? sql`${companies.tagIds} && ${uuidArray(filters.tags)}` : undefined,
    filters.owner?.length ? inArray(companies.ownerUserId, filters.owner) : undefined,
    filters.important !== undefined ? eq(companies.isImportant, filters.important) : undefined,
    filters.keyword ? keywordMatch(companies.searchText, companies.searchBigrams, filters.keyword) : undefined,
  ];
}

/** Companies have no last-contact time: that sort falls back to the last update. */
const sortColumns: Record<ListSortField, Pick<Keyset, 'sortColumn' | 'sortType'>> = {
  updatedAt: { sortColumn: companies.updatedAt, sortType: 'timestamptz' },
  createdAt: { sortColumn: companies.createdAt, sortType: 'timestamptz' },
  name: { sortColumn: companies.sortName, sortType: 'text' },
  lastContactAt: { sortColumn: companies.updatedAt, sortType: 'timestamptz' },
};

export async function listCompanies(
  db: Db,
  orgId: string,
  options: { visibility: SQL; filters: CompanyFilters; sortBy: ListSortField; descending: boolean; cursor: string | undefined; limit: number; withTotal: boolean },
) {
  const keyset: Keyset = { ...sortColumns[options.sortBy], idColumn: companies.id, descending: options.descending };
  const where = allOf(eq(companies.orgId, orgId), live, options.visibility, ...filterConditions(options.filters));
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: companies.id,
        name: companies.name,
        tax: companies.tax,
        address: companies.address,
        phones: companies.phones,
        ownerUserId: companies.ownerUserId,
        ownerName,
        tags: tagRefsColumn(companies.tagIds, companies.orgId, 'company'),
        dynamicFields: companies.dynamicFields,
        createdAt: companies.createdAt,
        updatedAt: companies.updatedAt,
        sortKey: sortKey(keyset),
      })
      .from(companies)
      .leftJoin(users, eq(users.id, companies.ownerUserId))
      .where(allOf(where, afterCursor(keyset, options.cursor)))
      .orderBy(...keysetOrder(keyset))
      .limit(options.limit + 1),
    options.withTotal ? boundedTotal(db, sql`${companies}`, where) : undefined,
  ]);
  return { ...pageOf(rows, options.limit), totals };
}

export async function findCompany(db: Db, orgId: string, id: string, visibility: SQL) {
  const [row] = await db
    .select({ company: companies, ownerName, tags: tagRefsColumn(companies.tagIds, companies.orgId, 'company') })
    .from(companies)
    .leftJoin(users, eq(users.id, companies.ownerUserId))
    .where(and(eq(companies.orgId, orgId), eq(companies.id, id), live, visibility))
    .limit(1);
  return row;
}

/** A live company of the workspace, whoever owns it (links from contacts). */
export async function insertCompany(db: Db, orgId: string, values: CompanyInsert): Promise<CompanyRowDb> {
  const [row] = await db.insert(companies).values({ ...values, orgId }).returning();
  return row!;
}

export async function updateCompany(db: Db, orgId: string, id: string, values: Partial<CompanyInsert>): Promise<void> {
  await db
    .update(companies)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(companies.orgId, orgId), eq(companies.id, id), live));
}

/** Live companies with this tax ID (whoever owns them: the rule is per workspace). */
export async function findByTax(db: Db, orgId: string, tax: string, excludeId: string | undefined) {
  return db
    .select({ id: companies.id, name: companies.name, tax: companies.tax })
    .from(companies)
    .where(allOf(eq(companies.orgId, orgId), live, eq(companies.tax, tax), excludeId ? ne(companies.id, excludeId) : undefined))
    .limit(10);
}

/** Live companies whose name is similar: the % operator uses the trigram GIN index, then our threshold. */
export async function findSimilarNames(db: Db, orgId: string, name: string, threshold: number, excludeId: string | undefined) {
  const lowered = name.toLowerCase();
  return db
    .select({ id: companies.id, name: companies.name, tax: companies.tax })
    .from(companies)
    .where(
      allOf(
        eq(companies.orgId, orgId),
        live,
        excludeId ? ne(companies.id, excludeId) : undefined,
        sql`lower(${companies.name}) % ${lowered} and similarity(lower(${companies.name}), ${lowered}) >= ${threshold}`,
      ),
    )
    .orderBy(sql`similarity(lower(${companies.name}), ${lowered}) desc`)
    .limit(10);
}

export async function searchCompanies(db: Db, orgId: string, visibility: SQL, keyword: string, limit: number) {
  return db
    .select({ id: companies.id, name: companies.name, tax: companies.tax, address: companies.address, email: companies.email, phones: companies.phones })
    .from(companies)
    .where(and(eq(companies.orgId, orgId), live, visibility, keywordMatch(companies.searchText, companies.searchBigrams, keyword)))
    // No ORDER BY: the first matches found are enough for a search dropdown, and ordering would make the
    // planner read every match (or walk the name index); the service sorts these few by name.
    .limit(limit);
}

/** The oldest live company with exactly this name (case-insensitive): how imports link contacts to companies. */
export async function findLiveByName(db: Db, orgId: string, name: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.orgId, orgId), live, eq(companies.sortName, name.toLowerCase())))
    .orderBy(companies.createdAt)
    .limit(1);
  return row?.id;
}

export async function findByTaxesOrNames(db: Db, orgId: string, taxes: string[], lowerNames: string[]) {
  if (taxes.length === 0 && lowerNames.length === 0) return [];
  return db
    .select({ id: companies.id, tax: companies.tax, sortName: companies.sortName })
    .from(companies)
    .where(
      and(
        eq(companies.orgId, orgId),
        live,
        or(taxes.length > 0 ? inArray(companies.tax, taxes) : undefined, lowerNames.length > 0 ? inArray(companies.sortName, lowerNames) : undefined),
      ),
    )
    .orderBy(companies.createdAt);
}

/** A live company's stored row (imports update and undo through it). */
export async function findCompanyRow(db: Db, orgId: string, id: string): Promise<CompanyRowDb | undefined> {
  const [row] = await db.select().from(companies).where(and(eq(companies.orgId, orgId), eq(companies.id, id), live)).limit(1);
  return row;
}

/** What an export writes beyond the list's row: the stored fields the list leaves out, for a page of companies. */
export async function exportExtras(db: Db, orgId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: companies.id, url: companies.url, email: companies.email, socials: companies.socials, note: companies.note, tagIds: companies.tagIds })
    .from(companies)
    .where(and(eq(companies.orgId, orgId), inArray(companies.id, ids)));
}
