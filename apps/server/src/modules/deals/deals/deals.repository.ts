import { lostStageId, wonStageId, type DealStatus } from '@lodestar/contract';
import { and, asc, eq, gte, inArray, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { afterCursor, allOf, boundedTotal, keysetOrder, pageOf, sortKey, type Keyset } from '../../../db/paging.ts';
import type { RecordTable } from '../../../db/records.ts';
import { keywordMatch } from '../../../db/search-columns.ts';
import { companies } from '../../records/companies/companies.table.ts';
import { contacts } from '../../records/contacts/contacts.table.ts';
import { members } from '../../access/members/members.table.ts';
import { users } from '../../access/users/users.table.ts';
import { drillConditions, type DrillFilters } from './deals.metrics.ts';
import { dealCostLines, dealFieldSettings, dealProductLines, deals, dealTargets } from './deals.table.ts';
import { personNameSql } from '../../../db/person-name.ts';

/** For the shared record statements (db/records.ts): soft delete, restore, purge. Deals carry no tags. */
export const dealRecords: RecordTable = {
  table: deals,
  id: deals.id,
  orgId: deals.orgId,
  deletedAt: deals.deletedAt,
  updatedAt: deals.updatedAt,
  tagIds: deals.collaboratorUserIds,
};

export type DealRowDb = typeof deals.$inferSelect;
export type DealInsert = Omit<typeof deals.$inferInsert, 'id' | 'orgId' | 'createdAt' | 'updatedAt' | 'deletedAt' | 'searchText' | 'searchBigrams'>;
export type ProductLineInsert = Omit<typeof dealProductLines.$inferInsert, 'id' | 'orgId' | 'dealId' | 'sort'>;
export type CostLineInsert = Omit<typeof dealCostLines.$inferInsert, 'id' | 'orgId' | 'dealId' | 'sort'>;

const live = isNull(deals.deletedAt);
const ownerName = sql<string | null>`nullif(${personNameSql(users.firstName, users.lastName)}, '')`;

/** What a list row and a board card need. */
const rowColumns = {
  id: deals.id,
  name: deals.name,
  amount: deals.amount,
  stage: deals.stage,
  stageTypeId: deals.stageTypeId,
  closingRate: deals.closingRate,
  companyId: deals.companyId,
  companyName: companies.name,
  clientId: deals.clientId,
  clientFirstName: contacts.firstName,
  clientLastName: contacts.lastName,
  startDate: deals.startDate,
  estimatedEndDate: deals.estimatedEndDate,
  completedDate: deals.completedDate,
  ownerUserId: deals.ownerUserId,
  ownerName,
  stageChangedAt: deals.stageChangedAt,
  dynamicFields: deals.dynamicFields,
  lostReasonId: deals.lostReasonId,
  lostReasonNote: deals.lostReasonNote,
  createdAt: deals.createdAt,
  updatedAt: deals.updatedAt,
};

function selectRows(db: Db) {
  return db
    .select(rowColumns)
    .from(deals)
    .leftJoin(companies, eq(companies.id, deals.companyId))
    .leftJoin(contacts, eq(contacts.id, deals.clientId))
    .leftJoin(users, eq(users.id, deals.ownerUserId));
}
export type DealListRow = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

export interface DealFilters extends DrillFilters {
  keywords?: string | undefined;
  stageTypeId?: string | undefined;
  stage?: number | undefined;
  status?: DealStatus | undefined;
  owner?: string[] | undefined;
  companyId?: string | undefined;
  clientId?: string | undefined;
  createdSince?: Date | undefined;
}

function filterConditions(f: DealFilters): (SQL | undefined)[] {
  return [
    f.keywords ? keywordMatch(deals.searchText, deals.searchBigrams, f.keywords) : undefined,
    f.stageTypeId ? eq(deals.stageTypeId, f.stageTypeId) : undefined,
    f.stage !== undefined ? eq(deals.stage, f.stage) : undefined,
    f.status === 'closed' ? eq(deals.stage, wonStageId) : undefined,
    f.status === 'failed' ? eq(deals.stage, lostStageId) : undefined,
    f.status === 'developing' ? notInArray(deals.stage, [wonStageId, lostStageId]) : undefined,
    f.owner?.length ? inArray(deals.ownerUserId, f.owner) : undefined,
    f.companyId ? eq(deals.companyId, f.companyId) : undefined,
    f.clientId ? eq(deals.clientId, f.clientId) : undefined,
    f.createdSince ? gte(deals.createdAt, f.createdSince) : undefined,
    ...drillConditions(f),
  ];
}

const sortColumns = {
  createdAt: deals.createdAt,
  updatedAt: deals.updatedAt,
  stageChangedAt: deals.stageChangedAt,
};

/** Keyset pages over (time, id), newest first by default; totals bounded (paging.ts). */
export async function listDeals(
  db: Db,
  orgId: string,
  options: {
    visibility: SQL;
    filters: DealFilters;
    sortBy: keyof typeof sortColumns;
    descending: boolean;
    cursor: string | undefined;
    limit: number;
    withTotal: boolean;
  },
) {
  const keyset: Keyset = { sortColumn: sortColumns[options.sortBy], sortType: 'timestamptz', idColumn: deals.id, descending: options.descending };
  const where = allOf(eq(deals.orgId, orgId), live, options.visibility, ...filterConditions(options.filters));
  const rows = await db
    .select({ ...rowColumns, sortKey: sortKey(keyset) })
    .from(deals)
    .leftJoin(companies, eq(companies.id, deals.companyId))
    .leftJoin(contacts, eq(contacts.id, deals.clientId))
    .leftJoin(users, eq(users.id, deals.ownerUserId))
    .where(allOf(where, afterCursor(keyset, options.cursor)))
    .orderBy(...keysetOrder(keyset))
    .limit(options.limit + 1);
  const page = pageOf(rows, options.limit);
  const totals = options.withTotal ? await boundedTotal(db, sql`${deals}`, where) : undefined;
  return { ...page, totals };
}

/**
 * The board's first page of every column in one statement: per stage a LATERAL index range scan
 * (deals_org_board_idx) picks at most limit + 1 ids, and the rows are read by those ids in the same query.
 */
export async function boardFirstPages(
  db: Db,
  orgId: string,
  options: { visibility: SQL; stageTypeId: string; stages: number[]; limit: number; keywords?: string | undefined },
) {
  const keyword = options.keywords ? keywordMatch(deals.searchText, deals.searchBigrams, options.keywords) : sql`true`;
  const firstIds = sql`select c.id from unnest(${sql`array[${sql.join(options.stages.map((s) => sql`${s}`), sql`, `)}]::int[]`}) as s(stage)
      cross join lateral (
        select ${deals.id} as id from ${deals}
        where ${deals.orgId} = ${orgId} and ${deals.stageTypeId} = ${options.stageTypeId} and ${deals.stage} = s.stage
          and ${deals.deletedAt} is null and ${options.visibility} and ${keyword}
        order by ${deals.stageChangedAt} desc, ${deals.id} desc
        limit ${options.limit + 1}
      ) as c`;
  const rows = await db
    .select({ ...rowColumns, sortKey: sql<string | null>`${deals.stageChangedAt}::text` })
    .from(deals)
    .leftJoin(companies, eq(companies.id, deals.companyId))
    .leftJoin(contacts, eq(contacts.id, deals.clientId))
    .leftJoin(users, eq(users.id, deals.ownerUserId))
    .where(and(eq(deals.orgId, orgId), sql`${deals.id} in (${firstIds})`));
  return rows.sort((a, b) => b.stageChangedAt.getTime() - a.stageChangedAt.getTime() || (a.id < b.id ? 1 : -1));
}

/** Per stage of a type: the visible deals' count, amount and amount weighted by each deal's closing rate (board headers). */
export async function boardTotals(db: Db, orgId: string, options: { visibility: SQL; stageTypeId: string; keywords?: string | undefined }) {
  const keyword = options.keywords ? keywordMatch(deals.searchText, deals.searchBigrams, options.keywords) : sql`true`;
  return db
    .select({
      stage: deals.stage,
      count: sql<number>`count(*)::int`,
      total: sql<string>`round(coalesce(sum(${deals.amount}), 0), 2)::text`,
      weightedTotal: sql<string>`round(coalesce(sum(${deals.amount} * ${deals.closingRate} / 100.0), 0), 2)::text`,
    })
    .from(deals)
    .where(and(eq(deals.orgId, orgId), live, eq(deals.stageTypeId, options.stageTypeId), options.visibility, keyword))
    .groupBy(deals.stage);
}

export async function findDeal(db: Db, orgId: string, id: string, visibility: SQL, ownerScope: SQL) {
  const [row] = await db
    .select({
      deal: deals,
      companyName: companies.name,
      clientFirstName: contacts.firstName,
      clientLastName: contacts.lastName,
      inScope: sql<boolean>`coalesce(${ownerScope}, false)`,
    })
    .from(deals)
    .leftJoin(companies, eq(companies.id, deals.companyId))
    .leftJoin(contacts, eq(contacts.id, deals.clientId))
    .where(and(eq(deals.orgId, orgId), eq(deals.id, id), live, visibility))
    .limit(1);
  return row;
}

/** The deal's row locked until the transaction ends: concurrent stage moves apply one after another. */
export async function lockDeal(db: Db, orgId: string, id: string): Promise<DealRowDb | undefined> {
  const [row] = await db.select().from(deals).where(and(eq(deals.orgId, orgId), eq(deals.id, id), live)).for('update').limit(1);
  return row;
}

export async function insertDeal(db: Db, orgId: string, values: DealInsert): Promise<DealRowDb> {
  const [row] = await db.insert(deals).values({ ...values, orgId }).returning();
  return row!;
}

export async function updateDeal(db: Db, orgId: string, id: string, values: Partial<DealInsert>): Promise<void> {
  // A lost reason belongs to a lost deal: any write that puts the deal in another stage drops it.
  const leavesLost = values.stage !== undefined && values.stage !== lostStageId;
  await db
    .update(deals)
    .set({ ...values, ...(leavesLost && { lostReasonId: null, lostReasonNote: null }), updatedAt: sql`now()` })
    .where(and(eq(deals.orgId, orgId), eq(deals.id, id), live));
}

export async function listProductLines(db: Db, orgId: string, dealId: string) {
  return db.select().from(dealProductLines).where(and(eq(dealProductLines.orgId, orgId), eq(dealProductLines.dealId, dealId))).orderBy(asc(dealProductLines.sort));
}

export async function listCostLines(db: Db, orgId: string, dealId: string) {
  return db.select().from(dealCostLines).where(and(eq(dealCostLines.orgId, orgId), eq(dealCostLines.dealId, dealId))).orderBy(asc(dealCostLines.sort));
}

/** The product and cost lines of several deals (an export's page), in each deal's order. */
export async function linesOfDeals(db: Db, orgId: string, dealIds: string[]) {
  if (dealIds.length === 0) return { products: [], costs: [] };
  const [products, costs] = await Promise.all([
    db.select().from(dealProductLines).where(and(eq(dealProductLines.orgId, orgId), inArray(dealProductLines.dealId, dealIds))).orderBy(asc(dealProductLines.dealId), asc(dealProductLines.sort)),
    db.select().from(dealCostLines).where(and(eq(dealCostLines.orgId, orgId), inArray(dealCostLines.dealId, dealIds))).orderBy(asc(dealCostLines.dealId), asc(dealCostLines.sort)),
  ]);
  return { products, costs };
}

/** Replaces the deal's lines (call inside the save's transaction). */
export async function replaceLines(db: Db, orgId: string, dealId: string, products: ProductLineInsert[] | undefined, costs: CostLineInsert[] | undefined) {
  if (products) {
    await db.delete(dealProductLines).where(and(eq(dealProductLines.orgId, orgId), eq(dealProductLines.dealId, dealId)));
    if (products.length > 0) await db.insert(dealProductLines).values(products.map((p, sort) => ({ ...p, orgId, dealId, sort })));
  }
  if (costs) {
    await db.delete(dealCostLines).where(and(eq(dealCostLines.orgId, orgId), eq(dealCostLines.dealId, dealId)));
    if (costs.length > 0) await db.insert(dealCostLines).values(costs.map((c, sort) => ({ ...c, orgId, dealId, sort })));
  }
}

/** Names of users who are members of the workspace. */
export async function memberNames(db: Db, orgId: string, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: users.id, name: ownerName })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.orgId, orgId), inArray(members.userId, [...new Set(userIds)])));
  return new Map(rows.map((r) => [r.userId, r.name ?? '']));
}

/** Activated members among userIds. */
export async function activatedMembers(db: Db, orgId: string, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: members.userId })
    .from(members)
    .where(and(eq(members.orgId, orgId), eq(members.status, 'activated'), inArray(members.userId, [...new Set(userIds)])));
  return rows.map((r) => r.userId!);
}

/** A deal may link any live company and contact of its workspace. */
export async function liveParties(db: Db, orgId: string, companyId: string | null, clientId: string | null) {
  const [company, client] = await Promise.all([
    companyId
      ? db.select({ id: companies.id }).from(companies).where(and(eq(companies.orgId, orgId), eq(companies.id, companyId), isNull(companies.deletedAt))).limit(1)
      : [],
    clientId
      ? db.select({ id: contacts.id }).from(contacts).where(and(eq(contacts.orgId, orgId), eq(contacts.id, clientId), isNull(contacts.deletedAt))).limit(1)
      : [],
  ]);
  return { company: company.length > 0, client: client.length > 0 };
}

/** Any deal (live or in the trash) matching the condition. */
export async function exists(db: Db, orgId: string, condition: SQL): Promise<boolean> {
  const [row] = await db.select({ id: deals.id }).from(deals).where(and(eq(deals.orgId, orgId), condition)).limit(1);
  return row !== undefined;
}
export const inStage = (stage: number) => eq(deals.stage, stage);
export const ofType = (stageTypeId: string) => eq(deals.stageTypeId, stageTypeId);

/** Count and amount per stage of the visible deals of a type. */
export async function funnel(db: Db, orgId: string, visibility: SQL, stageTypeId: string) {
  return db
    .select({ stage: deals.stage, count: sql<number>`count(*)::int`, amount: sql<string>`round(coalesce(sum(${deals.amount}), 0), 2)::text` })
    .from(deals)
    .where(and(eq(deals.orgId, orgId), live, eq(deals.stageTypeId, stageTypeId), visibility))
    .groupBy(deals.stage);
}

export async function searchDeals(db: Db, orgId: string, visibility: SQL, keyword: string, limit: number, ignore: string[] = []) {
  return selectRows(db)
    .where(
      allOf(
        eq(deals.orgId, orgId),
        live,
        visibility,
        keywordMatch(deals.searchText, deals.searchBigrams, keyword),
        ignore.length ? notInArray(deals.id, ignore) : undefined,
      ),
    )
    // No ORDER BY (as for contacts and companies): the first matches suffice for a dropdown; callers sort them.
    .limit(limit);
}

// ---- targets ----

export async function listTargets(db: Db, orgId: string, userId: string, year: number) {
  return db
    .select({ month: dealTargets.month, target: dealTargets.target })
    .from(dealTargets)
    .where(and(eq(dealTargets.orgId, orgId), eq(dealTargets.userId, userId), eq(dealTargets.year, year)));
}

/** Won amount per month of a year, of deals the user owns (deals_org_won_idx). */
export async function wonByMonth(db: Db, orgId: string, userId: string, year: number) {
  return db
    .select({ month: sql<number>`extract(month from ${deals.completedDate})::int`, amount: sql<string>`round(sum(${deals.amount}), 2)::text` })
    .from(deals)
    .where(
      and(
        eq(deals.orgId, orgId),
        live,
        eq(deals.stage, wonStageId),
        eq(deals.ownerUserId, userId),
        gte(deals.completedDate, `${year}-01-01`),
        sql`${deals.completedDate} < ${`${year + 1}-01-01`}`,
      ),
    )
    .groupBy(sql`1`);
}

export async function upsertTarget(db: Db, orgId: string, values: { userId: string; year: number; month: number; target: string }) {
  await db
    .insert(dealTargets)
    .values({ ...values, orgId })
    .onConflictDoUpdate({ target: [dealTargets.orgId, dealTargets.userId, dealTargets.year, dealTargets.month], set: { target: values.target, updatedAt: sql`now()` } });
}

// ---- list column settings ----

export async function findFieldSetting(db: Db, orgId: string) {
  const [row] = await db.select().from(dealFieldSettings).where(eq(dealFieldSettings.orgId, orgId)).limit(1);
  return row;
}

export async function saveFieldSetting(db: Db, orgId: string, columns: (typeof dealFieldSettings.$inferInsert)['columns']) {
  await db
    .insert(dealFieldSettings)
    .values({ orgId, columns })
    .onConflictDoUpdate({ target: dealFieldSettings.orgId, set: { columns, updatedAt: sql`now()` } });
}

/** Activated members' user ids by their lower-cased display name (imports match a deal's owner by name). */
export async function activatedMemberIdsByName(db: Db, orgId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ userId: users.id, name: ownerName, email: users.email })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.orgId, orgId), eq(members.status, 'activated')));
  const byName = new Map<string, string>();
  for (const r of rows) for (const key of [r.name, r.email]) if (key && !byName.has(key.toLowerCase())) byName.set(key.toLowerCase(), r.userId);
  return byName;
}

/** Live deals with any of these lower-cased names, oldest first (an import chunk's duplicates). */
export async function findByNames(db: Db, orgId: string, lowerNames: string[]) {
  if (lowerNames.length === 0) return [];
  return db
    .select({ id: deals.id, name: deals.name })
    .from(deals)
    .where(and(eq(deals.orgId, orgId), live, inArray(sql`lower(${deals.name})`, lowerNames)))
    .orderBy(asc(deals.createdAt));
}

/** A live deal's stored row. */
export async function findDealRow(db: Db, orgId: string, id: string): Promise<DealRowDb | undefined> {
  const [row] = await db.select().from(deals).where(and(eq(deals.orgId, orgId), eq(deals.id, id), live)).limit(1);
  return row;
}
