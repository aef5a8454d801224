import { exactTotalLimit } from '@lodestar/contract';
import { and, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '../platform/errors.ts';
import type { Db } from './client.ts';

/**
 * Keyset paging over (sort column, id): the cursor carries the last row's sort key as text and its id,
 * so page N costs the same as page 1 (no OFFSET) and uses the (org_id, sort, id) indexes.
 */
export interface Keyset {
  sortColumn: AnyPgColumn;
  /** The column's SQL type, to cast the cursor's text back. */
  sortType: 'timestamptz' | 'text';
  idColumn: AnyPgColumn;
  descending: boolean;
}

interface CursorValue {
  k: string | null;
  i: string;
}

export function encodeCursor(key: string | null, id: string): string {
  return Buffer.from(JSON.stringify({ k: key, i: id } satisfies CursorValue)).toString('base64url');
}

function decodeCursor(cursor: string): CursorValue {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as CursorValue;
    if (typeof value.i !== 'string' || !/^[0-9a-f-]{36}$/i.test(value.i)) throw new Error('bad id');
    return value;
  } catch {
    throw new AppError('VALIDATION_FAILED', { field: 'cursor', reason: 'invalidValue' }, [
      { field: 'cursor', reason: 'invalidValue', message: '' },
    ]);
  }
}

/** WHERE part after the cursor (undefined on the first page). */
export function afterCursor(keyset: Keyset, cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const { k, i } = decodeCursor(cursor);
  const key = sql`${k}::${sql.raw(keyset.sortType)}`;
  return keyset.descending
    ? sql`(${keyset.sortColumn}, ${keyset.idColumn}) < (${key}, ${i}::uuid)`
    : sql`(${keyset.sortColumn}, ${keyset.idColumn}) > (${key}, ${i}::uuid)`;
}

export function keysetOrder(keyset: Keyset): SQL[] {
  return keyset.descending
    ? [sql`${keyset.sortColumn} desc`, sql`${keyset.idColumn} desc`]
    : [sql`${keyset.sortColumn} asc`, sql`${keyset.idColumn} asc`];
}

/** The sort key as text, selected with each row to build the next cursor. */
export function sortKey(keyset: Keyset): SQL<string | null> {
  return sql<string | null>`${keyset.sortColumn}::text`;
}

/** nextCursor from a page fetched with limit + 1 rows. */
export function pageOf<T extends { id: string; sortKey: string | null }>(rows: T[], limit: number): { rows: T[]; nextCursor: string | null } {
  if (rows.length <= limit) return { rows, nextCursor: null };
  const page = rows.slice(0, limit);
  const last = page.at(-1)!;
  return { rows: page, nextCursor: encodeCursor(last.sortKey, last.id) };
}

/**
 * Planner estimates above exactTotalLimit, kept a few seconds per statement (its text and parameters, so per
 * workspace and filter). An estimate moves only when the table's statistics do, and the answer already says it is
 * approximate; planning the EXPLAIN costs as much PostgreSQL CPU as planning the page itself, on every first page
 * of every user. Small totals are always counted exactly, never kept.
 */
const estimateMs = 10_000;
const keptEstimates = new Map<string, { total: number; until: number }>();
const dialect = new PgDialect();

function estimateKey(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return `${text}\u0000${JSON.stringify(params)}`;
}

function keepEstimate(key: string, total: number): void {
  if (keptEstimates.size >= 1_000) keptEstimates.clear(); // bounded: filters are many, a workspace's are few
  keptEstimates.set(key, { total, until: Date.now() + estimateMs });
}

/**
 * Total rows matching `where` in `table` without counting a big workspace on every page: the planner's
 * estimate first (no rows read); when it predicts at most exactTotalLimit rows, a bounded exact count
 * (cheap, it stops at exactTotalLimit + 1). Above that the estimate is answered with totalIsEstimate.
 */
export async function boundedTotal(
  db: Db,
  table: SQL,
  where: SQL | undefined,
): Promise<{ total: number; totalIsEstimate: boolean }> {
  const condition = where ?? sql`true`;
  const explain = sql`explain (format json) select 1 from ${table} where ${condition}`;
  const key = estimateKey(explain);
  const kept = keptEstimates.get(key);
  if (kept && kept.until > Date.now()) return { total: kept.total, totalIsEstimate: true };
  const plan = await queryRows<{ 'QUERY PLAN': unknown }>(db, explain);
  const raw = plan[0]?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: { 'Plan Rows': number } }];
  const estimate = Math.round(parsed[0].Plan['Plan Rows']);
  if (estimate > exactTotalLimit) {
    keepEstimate(key, estimate);
    return { total: estimate, totalIsEstimate: true };
  }
  const counted = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${table} where ${condition} limit ${exactTotalLimit + 1}) as bounded`,
  );
  const n = Number(counted[0]?.n ?? 0);
  // The estimate was low: say "more than the limit" rather than count on.
  return n <= exactTotalLimit ? { total: n, totalIsEstimate: false } : { total: exactTotalLimit + 1, totalIsEstimate: true };
}

export function allOf(...conditions: (SQL | undefined)[]): SQL | undefined {
  return and(...conditions.filter((c): c is SQL => c !== undefined));
}

/** Raw SQL answers: both drivers return { rows }; the shared Db type cannot know that. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/**
 * After a large write (an import), the planner's statistics of `tableName` are brought up to date at once (ANALYZE
 * samples the table: well under a second at a million rows) and this process's kept estimates are dropped, so a
 * list's total is right on its next load instead of when autovacuum gets round to it (a 200 000-row import read
 * "about 1 001" for minutes). Other app processes keep theirs for at most estimateMs.
 */
export async function refreshEstimates(db: Db, tableName: string): Promise<void> {
  await db.execute(sql`analyze ${sql.identifier(tableName)}`);
  keptEstimates.clear();
}
