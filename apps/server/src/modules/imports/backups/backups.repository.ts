import type { ContactScope } from '@lodestar/contract';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/paging.ts';
import { backupParts, backups } from './backups.table.ts';

export type BackupRow = typeof backups.$inferSelect;
export type BackupInsert = typeof backups.$inferInsert;

export async function insertBackup(db: Db, values: BackupInsert): Promise<BackupRow> {
  const [row] = await db.insert(backups).values(values).returning();
  return row!;
}

export async function findBackup(db: Db, orgId: string, id: string): Promise<BackupRow | undefined> {
  const [row] = await db.select().from(backups).where(and(eq(backups.orgId, orgId), eq(backups.id, id)));
  return row;
}

export async function listBackups(db: Db, orgId: string): Promise<BackupRow[]> {
  return db.select().from(backups).where(eq(backups.orgId, orgId)).orderBy(desc(backups.createdAt)).limit(20);
}

export async function updateBackup(db: Db, id: string, values: Partial<BackupInsert>): Promise<void> {
  await db.update(backups).set(values).where(eq(backups.id, id));
}

/** Takes a running job whose lease expired (or was never taken) for `leaseSeconds`, across workspaces. */
export async function claimRunning(db: Db, leaseSeconds: number): Promise<BackupRow | undefined> {
  const [row] = await db
    .update(backups)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`, attempts: sql`${backups.attempts} + 1` })
    .where(
      eq(
        backups.id,
        sql`(select id from backups where state = 'running' and (locked_until is null or locked_until < now())
             order by created_at limit 1 for update skip locked)`,
      ),
    )
    .returning();
  return row;
}

/**
 * Finished jobs still holding a file after `days`, across workspaces (the backups.expire job, a written exception like
 * the claim): a backup's zip, a restore's upload.
 */
export async function expiredJobs(db: Db, days: number, limit: number): Promise<BackupRow[]> {
  return db
    .select()
    .from(backups)
    .where(
      sql`${backups.state} in ('done', 'failed') and ${backups.filePath} is not null and ${backups.finishedAt} < now() - make_interval(days => ${days})`,
    )
    .orderBy(backups.finishedAt)
    .limit(limit);
}

export async function renewLease(db: Db, id: string, leaseSeconds: number): Promise<void> {
  await db.update(backups).set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` }).where(eq(backups.id, id));
}

export async function doneParts(db: Db, backupId: string): Promise<Map<string, number>> {
  const rows = await db.select().from(backupParts).where(eq(backupParts.backupId, backupId));
  return new Map(rows.map((r) => [r.part, r.rows]));
}

/** A part written: its marker and the progress in one statement each, in the caller's transaction. */
export async function markPart(db: Db, backupId: string, part: string, rows: number): Promise<void> {
  await db.insert(backupParts).values({ backupId, part, rows });
  await db
    .update(backups)
    .set({ stepsDone: sql`${backups.stepsDone} + 1`, rowsDone: sql`${backups.rowsDone} + ${rows}` })
    .where(eq(backups.id, backupId));
}

/*
 * Written exception (apps/server/src/modules/imports/README.md): a backup reads, and a restore writes, every table the
 * contract's backupTables lists, by name, filtered by org_id — the one place that does not go through each module's
 * service, because a whole workspace must move as it is stored. Table and column names come from that list and the
 * catalog, never from a request.
 */
const identifier = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not an identifier: ${name}`);
  return sql.raw(`"${name}"`);
};

/** The table's stored (not generated) columns, in order. */
export async function storedColumns(db: Db, table: string): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select column_name as name from information_schema.columns
        where table_schema = current_schema() and table_name = ${table} and is_generated = 'NEVER'
        order by ordinal_position`,
  );
  return rows.map((r) => r.name);
}

/** Foreign keys among tables: [table, referenced table, column] (self references included). */
export async function foreignKeys(db: Db): Promise<{ table: string; references: string; column: string }[]> {
  return queryRows(
    db,
    sql`select c.conrelid::regclass::text as "table", c.confrelid::regclass::text as "references", a.attname as "column"
        from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        where c.contype = 'f' and c.connamespace = current_schema()::regnamespace`,
  );
}

/** Which of one contact's rows a table holds (the person's copy of their data). */
function contactCondition(scope: ContactScope, orgId: string, contactId: string): SQL {
  const ofContact = (column: string) => sql`(select ${identifier(column)} from contacts where org_id = ${orgId} and id = ${contactId})`;
  switch (scope) {
    case 'self':
      return sql`id = ${contactId}`;
    case 'entity':
      return sql`entity_type = 'contact' and entity_id = ${contactId}`;
    case 'client':
      return sql`client_id = ${contactId}`;
    case 'avatar':
      return sql`id = ${ofContact('avatar_file_id')}`;
    case 'company':
      return sql`id = ${ofContact('company_id')}`;
    case 'tags':
      return sql`id in (select unnest(tag_ids) from contacts where org_id = ${orgId} and id = ${contactId})`;
    case 'contactFields':
      return sql`entity = 'contact'`;
  }
}

/**
 * A page of a table's rows of the workspace as one JSON text (the rows' objects joined by ",\n"; stored columns only),
 * by id when the table has one; `contact` narrows to one contact's rows. `after`: the last id of the previous page.
 * One value a page rather than one a row: parsing thousands of result rows was most of a backup's time on PGlite
 * (bench/README.md, "Backup").
 */
export async function readRows(
  db: Db,
  options: { table: string; columns: string[]; orgId: string; contact?: { scope: ContactScope; id: string }; after: string | number | undefined; limit: number },
): Promise<{ json: string | null; rows: number; last: string | number | null }> {
  const hasId = options.columns.includes('id');
  const list = sql.join(options.columns.map(identifier), sql`, `);
  const where = [sql`org_id = ${options.orgId}`];
  if (options.contact) where.push(contactCondition(options.contact.scope, options.orgId, options.contact.id));
  if (hasId && options.after !== undefined) where.push(sql`id > ${options.after}`);
  const [page] = await queryRows<{ json: string | null; rows: number; last: string | number | null }>(
    db,
    sql`select string_agg(row_to_json(t)::text, E',\n' ${hasId ? sql`order by t.id` : sql``}) as json, count(*)::int as rows,
               ${hasId ? sql`(array_agg(t.id order by t.id desc))[1]` : sql`null`} as last
        from (select ${list} from ${identifier(options.table)} where ${sql.join(where, sql` and `)}
              ${hasId ? sql`order by id limit ${options.limit}` : sql``}) t`,
  );
  return page ?? { json: null, rows: 0, last: null };
}

/** Inserts rows (objects of stored columns) as they were stored, identity columns included. */
export async function insertRows(db: Db, table: string, columns: string[], rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  const list = sql.join(columns.map(identifier), sql`, `);
  await db.execute(
    sql`insert into ${identifier(table)} (${list}) overriding system value
        select ${list} from json_populate_recordset(null::${identifier(table)}, ${JSON.stringify(rows)}::json)`,
  );
}

/** Inserts rows letting the table's sequence give their ids (sales stages), answering the new ids in order. */
export async function insertRowsWithNewIds(db: Db, table: string, columns: string[], rows: Record<string, unknown>[]): Promise<number[]> {
  const others = columns.filter((c) => c !== 'id');
  const ids: number[] = [];
  const list = sql.join(others.map(identifier), sql`, `);
  // One row a statement: the answer's order must be the rows' order.
  for (const row of rows) {
    const [made] = await queryRows<{ id: number }>(
      db,
      sql`insert into ${identifier(table)} (${list})
          select ${list} from json_populate_record(null::${identifier(table)}, ${JSON.stringify(row)}::json) returning id`,
    );
    ids.push(made!.id);
  }
  return ids;
}
