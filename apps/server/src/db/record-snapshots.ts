import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';
import { queryRows } from './paging.ts';
import { uuidList } from './search-columns.ts';

/**
 * Whole rows as JSON and back, exactly (records/merges keeps the originals of a merge and its undo writes them back):
 * to_jsonb keeps timestamps to the microsecond and numerics to the digit, jsonb_populate_record reads them back
 * into the same types. Generated columns are left out (the database recomputes them). Each statement takes orgId.
 */
export type RowSnapshot = Record<string, unknown> & { id: string };

function storedColumns(table: PgTable): string[] {
  return Object.values(getTableColumns(table))
    .filter((column) => !(column as { generated?: unknown }).generated)
    .map((column) => column.name);
}


/** The rows of `ids` in the workspace, as snapshots (snake_case column names), in the order of `ids`. */
export async function snapshotRows(db: Db, table: PgTable, orgId: string, ids: string[]): Promise<RowSnapshot[]> {
  const columns = storedColumns(table);
  const pairs = sql.join(columns.map((name) => sql`${name}::text, t.${sql.identifier(name)}`), sql`, `);
  const rows = await queryRows<{ row: RowSnapshot }>(db, sql`select jsonb_build_object(${pairs}) as row from ${table} t where t.org_id = ${orgId} and t.id = any(${uuidList(ids)})`);
  const byId = new Map(rows.map((r) => [r.row.id, r.row]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

/** Writes each snapshot over its row (same id, same workspace): every stored column takes the snapshot's value. */
export async function writeRows(db: Db, table: PgTable, orgId: string, rows: RowSnapshot[]): Promise<number> {
  const columns = storedColumns(table).filter((name) => name !== 'id' && name !== 'org_id');
  const list = sql.join(columns.map((name) => sql.identifier(name)), sql`, `);
  let count = 0;
  for (const row of rows) {
    const written = await queryRows<{ id: string }>(
      db,
      sql`update ${table} set (${list}) = (select ${list} from jsonb_populate_record(null::${table}, ${JSON.stringify(row)}::jsonb))
          where org_id = ${orgId} and id = ${row.id} returning id`,
    );
    count += written.length;
  }
  return count;
}

/** A reference column another table holds to a contact or company, and the rows it moved in a merge (for the undo). */
export interface MovedRow {
  id: string;
  from: string;
}

export interface ReferenceColumn {
  table: PgTable;
  /** What names one row for the undo (its primary key). */
  id: AnyPgColumn;
  orgId: AnyPgColumn;
  ref: AnyPgColumn;
  /** More conditions (a polymorphic table's entity type). */
  where?: SQL;
  /**
   * At most one row may point at a record (a LINE friend ↔ contact): one row moves only when the survivor has none;
   * the others stay with their merged-away record (hidden, and back with it on undo).
   */
  unique?: boolean;
}

/** Points every row referencing one of `fromIds` at `toId`; answers which rows moved from where. */
export async function moveReferences(db: Db, r: ReferenceColumn, orgId: string, fromIds: string[], toId: string): Promise<MovedRow[]> {
  const extra = r.where ? sql`and ${r.where}` : sql``;
  if (r.unique) {
    const taken = await queryRows<{ id: string }>(db, sql`select ${r.id}::text as id from ${r.table} where ${r.orgId} = ${orgId} and ${r.ref} = ${toId} ${extra} limit 1`);
    if (taken.length > 0) return [];
  }
  const candidates = await queryRows<MovedRow>(
    db,
    sql`select ${r.id}::text as id, ${r.ref}::text as "from" from ${r.table}
        where ${r.orgId} = ${orgId} and ${r.ref} = any(${uuidList(fromIds)}) ${extra} order by 1 for update`,
  );
  const moved = r.unique ? candidates.slice(0, 1) : candidates;
  if (moved.length > 0) {
    await db.execute(sql`update ${r.table} set ${sql.identifier(r.ref.name)} = ${toId}
      where ${r.orgId} = ${orgId} and ${r.ref} = any(${uuidList(fromIds)}) ${extra} and ${r.id}::text = any(${`{${moved.map((m) => m.id).join(',')}}`}::text[])`);
  }
  return moved;
}

/** The undo: each moved row that still points at `toId` points at its original record again. */
export async function restoreReferences(db: Db, r: ReferenceColumn, orgId: string, moved: MovedRow[], toId: string): Promise<void> {
  const byFrom = new Map<string, string[]>();
  for (const row of moved) byFrom.set(row.from, [...(byFrom.get(row.from) ?? []), row.id]);
  for (const [from, ids] of byFrom) {
    await db.execute(sql`update ${r.table} set ${sql.identifier(r.ref.name)} = ${from}
      where ${r.orgId} = ${orgId} and ${r.ref} = ${toId} and ${r.id}::text = any(${`{${ids.join(',')}}`}::text[])`);
  }
}

/** What a module holds that points at a contact or a company: its reference column for a kind, or none. */
export type MergeReference = (kind: 'contact' | 'company') => ReferenceColumn | undefined;
