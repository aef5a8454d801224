import { and, desc, eq, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';
import { allOf, queryRows } from './paging.ts';
import { uuidArray } from './search-columns.ts';

/**
 * Contacts and companies (and later deals) share soft delete, tags and owner changes; these
 * statements are written once over a description of the table. Each still takes orgId.
 */
export interface RecordTable {
  table: PgTable;
  id: AnyPgColumn;
  orgId: AnyPgColumn;
  deletedAt: AnyPgColumn;
  updatedAt: AnyPgColumn;
  tagIds: AnyPgColumn;
  /** Set on a record merged into another: it is hidden like a deleted one but not in the trash (records/merges). */
  mergedIntoId?: AnyPgColumn;
}

/** Deleted rows that the trash shows: not those merged away (their merge's undo brings them back). */
const inTrash = (r: RecordTable) => (r.mergedIntoId ? isNull(r.mergedIntoId) : undefined);

const dropTags = (r: RecordTable, tagIds: string[]) =>
  sql`array(select t from unnest(${r.tagIds}) as t where t <> all(${uuidArray(tagIds)}))`;

function update(db: Db, r: RecordTable) {
  // drizzle's update() needs a concrete table type; the columns below are checked by RecordTable.
  return db.update(r.table as never);
}

/** Live records among ids that pass `visibility`. */
export async function findVisibleIds(db: Db, r: RecordTable, orgId: string, ids: string[], visibility: SQL): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: r.id })
    .from(r.table)
    .where(and(eq(r.orgId, orgId), inArray(r.id, ids), isNull(r.deletedAt), visibility));
  return rows.map((row) => row.id as string);
}

export async function setColumns(db: Db, r: RecordTable, orgId: string, ids: string[], values: Record<string, unknown>): Promise<void> {
  if (ids.length === 0) return;
  await update(db, r)
    .set({ ...values, updatedAt: sql`now()` } as never)
    .where(and(eq(r.orgId, orgId), inArray(r.id, ids), isNull(r.deletedAt)));
}

export async function addTags(db: Db, r: RecordTable, orgId: string, ids: string[], tagIds: string[]): Promise<void> {
  if (ids.length === 0) return;
  await update(db, r)
    .set({ tagIds: sql`array(select distinct unnest(${r.tagIds} || ${uuidArray(tagIds)}))`, updatedAt: sql`now()` } as never)
    .where(and(eq(r.orgId, orgId), inArray(r.id, ids), isNull(r.deletedAt)));
}

export async function removeTags(db: Db, r: RecordTable, orgId: string, ids: string[], tagIds: string[]): Promise<void> {
  if (ids.length === 0) return;
  await update(db, r)
    .set({ tagIds: dropTags(r, tagIds), updatedAt: sql`now()` } as never)
    .where(and(eq(r.orgId, orgId), inArray(r.id, ids), isNull(r.deletedAt)));
}

/** A deleted tag leaves every record, live or in the trash. */
export async function dropTagEverywhere(db: Db, r: RecordTable, orgId: string, tagIds: string[]): Promise<void> {
  if (tagIds.length === 0) return;
  await update(db, r)
    .set({ tagIds: dropTags(r, tagIds) } as never)
    .where(and(eq(r.orgId, orgId), sql`${r.tagIds} && ${uuidArray(tagIds)}`));
}

/** Live records per tag id. */
export async function countTagUse(db: Db, r: RecordTable, orgId: string): Promise<{ tag: string; n: number }[]> {
  const result = await queryRows<{ tag: string; n: number }>(db, sql`
    select t.tag::text as tag, count(*)::int as n from ${r.table}, unnest(${r.tagIds}) as t(tag)
    where ${r.orgId} = ${orgId} and ${r.deletedAt} is null group by t.tag`);
  return result.map((row) => ({ tag: row.tag, n: Number(row.n) }));
}

/** Live records, counted up to `cap` (plan limits). */
export async function countLive(db: Db, r: RecordTable, orgId: string, cap: number): Promise<number> {
  const result = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${r.table} where ${r.orgId} = ${orgId} and ${r.deletedAt} is null limit ${cap}) as c`,
  );
  return Number(result[0]?.n ?? 0);
}

// ---- trash ----

export async function softDelete(db: Db, r: RecordTable, orgId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await update(db, r)
    .set({ deletedAt: sql`now()` } as never)
    .where(and(eq(r.orgId, orgId), inArray(r.id, ids), isNull(r.deletedAt)));
}

export async function listDeleted(
  db: Db,
  r: RecordTable,
  orgId: string,
  name: SQL<string>,
  visibility: SQL,
  limit: number,
  before: { at: string; id: string } | undefined,
): Promise<{ id: string; name: string; deletedAt: Date; key: string }[]> {
  const rows = await db
    // key: the full-precision timestamp as text for the cursor (a JS Date would drop microseconds).
    .select({ id: r.id, name, deletedAt: r.deletedAt, key: sql<string>`${r.deletedAt}::text` })
    .from(r.table)
    .where(
      allOf(
        eq(r.orgId, orgId),
        isNotNull(r.deletedAt),
        inTrash(r),
        visibility,
        before ? sql`(${r.deletedAt}, ${r.id}) < (${before.at}::timestamptz, ${before.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(r.deletedAt), desc(r.id))
    .limit(limit);
  return rows as { id: string; name: string; deletedAt: Date; key: string }[];
}

/** Deleted records among ids (all of them when ids is undefined) that pass `visibility`. */
export async function findDeletedIds(db: Db, r: RecordTable, orgId: string, ids: string[] | undefined, visibility: SQL): Promise<string[]> {
  const rows = await db
    .select({ id: r.id })
    .from(r.table)
    .where(allOf(eq(r.orgId, orgId), isNotNull(r.deletedAt), inTrash(r), visibility, ids ? inArray(r.id, ids) : undefined));
  return rows.map((row) => row.id as string);
}

export async function restore(db: Db, r: RecordTable, orgId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await update(db, r)
    .set({ deletedAt: null, updatedAt: sql`now()` } as never)
    .where(and(eq(r.orgId, orgId), inArray(r.id, ids), isNotNull(r.deletedAt)));
}

/**
 * Undo of an import: the records go for good, live or in the trash, in one statement. Not a soft delete first: setting
 * deleted_at writes a new version of every row into every index (the search GIN indexes too), as dear as the import's
 * insert was (bench/README.md, undo).
 */
export async function removeForGood(db: Db, r: RecordTable, orgId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(r.table as never).where(and(eq(r.orgId, orgId), inArray(r.id, ids)));
}

export async function purge(db: Db, r: RecordTable, orgId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(r.table as never).where(and(eq(r.orgId, orgId), inArray(r.id, ids), isNotNull(r.deletedAt)));
}

/**
 * The purge job's one cross-workspace read: workspaces holding records deleted before `cutoff`.
 * Each workspace is then purged through the org-scoped functions above.
 */
export async function orgsWithExpired(db: Db, r: RecordTable, cutoff: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ orgId: r.orgId })
    .from(r.table)
    .where(and(isNotNull(r.deletedAt), lt(r.deletedAt, cutoff)));
  return rows.map((row) => row.orgId as string);
}

export async function expiredIds(db: Db, r: RecordTable, orgId: string, cutoff: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: r.id })
    .from(r.table)
    .where(and(eq(r.orgId, orgId), isNotNull(r.deletedAt), lt(r.deletedAt, cutoff)))
    .limit(limit);
  return rows.map((row) => row.id as string);
}

export async function tagIdsOf(db: Db, r: RecordTable, orgId: string, id: string): Promise<string[]> {
  const [row] = await db.select({ tagIds: r.tagIds }).from(r.table).where(and(eq(r.orgId, orgId), eq(r.id, id))).limit(1);
  return (row?.tagIds as string[] | undefined) ?? [];
}
