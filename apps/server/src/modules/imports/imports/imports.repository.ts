import { and, asc, eq, lt, or, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/paging.ts';
import { companies } from '../../records/companies/companies.table.ts';
import { exportChoices, importChunks, importFailures, importRecords, imports, type ImportRecordAction } from './imports.table.ts';

export type ImportRow = typeof imports.$inferSelect;
export type ImportInsert = typeof imports.$inferInsert;

export async function insertImport(db: Db, values: ImportInsert): Promise<ImportRow> {
  const [row] = await db.insert(imports).values(values).returning();
  return row!;
}

export async function findImport(db: Db, orgId: string, id: string): Promise<ImportRow | undefined> {
  const [row] = await db.select().from(imports).where(and(eq(imports.orgId, orgId), eq(imports.id, id))).limit(1);
  return row;
}

export async function updateImport(db: Db, id: string, values: Partial<ImportInsert>): Promise<void> {
  await db.update(imports).set({ ...values, updatedAt: sql`now()` }).where(eq(imports.id, id));
}

/** Moves an import from one state to another; false when it was not in `from` (a concurrent call won). */
export async function transition(db: Db, id: string, from: ImportRow['state'], values: Partial<ImportInsert>): Promise<boolean> {
  const rows = await db
    .update(imports)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(imports.id, id), eq(imports.state, from)))
    .returning({ id: imports.id });
  return rows.length > 0;
}

/**
 * The session that runs a statement, as "pid@backend_start" (epoch seconds, the same text in every time zone). It outlives no process: a killed app server's
 * sessions end (PostgreSQL drops them when the socket closes; an embedded PGlite starts a new one on open),
 * so a lease whose holder is not among the live sessions was left by a crash and is free at once.
 */
const holderOf = sql.raw(`pid || '@' || extract(epoch from backend_start)`);
export const sessionHolder = sql`(select ${holderOf} from pg_stat_activity where pid = pg_backend_pid())`;

/** The lease values written on a claim and renewed with every chunk. */
export const leaseFor = (leaseSeconds: number) => ({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`, lockedBy: sessionHolder });

/** A lease that expired, was never taken, or whose holder's session is gone. */
const free = sql`(locked_until is null or locked_until < now() or locked_by is null
                  or locked_by not in (select ${holderOf} from pg_stat_activity where backend_start is not null))`;

/**
 * Takes a running (or undoing, for the undo job) import whose lease expired, was never taken, or whose holder's session is gone, for
 * `leaseSeconds`; the lease is renewed per chunk. A live holder whose pooled connection was closed looks gone
 * too: the second worker then meets the first at each chunk's marker and skips what it wrote (no row twice).
 */
export async function claimRunning(db: Db, leaseSeconds: number, state: 'running' | 'undoing' = 'running'): Promise<ImportRow | undefined> {
  const [row] = await db
    .update(imports)
    .set(leaseFor(leaseSeconds))
    .where(
      eq(
        imports.id,
        sql`(select id from imports where state = ${state} and ${free}
             order by created_at limit 1 for update skip locked)`,
      ),
    )
    .returning();
  return row;
}


export async function doneChunks(db: Db, importId: string): Promise<Set<number>> {
  const rows = await db.select({ chunk: importChunks.chunk }).from(importChunks).where(eq(importChunks.importId, importId));
  return new Set(rows.map((r) => r.chunk));
}

/** The chunk's marker, in the chunk's transaction: false when another worker already wrote this chunk. */
export async function markChunk(db: Db, importId: string, chunk: number): Promise<boolean> {
  const rows = await db.insert(importChunks).values({ importId, chunk }).onConflictDoNothing().returning({ chunk: importChunks.chunk });
  return rows.length > 0;
}

export async function addCounts(
  db: Db,
  id: string,
  counts: { rows: number; created: number; updated: number; skipped: number; failed: number },
  extra: Partial<ImportInsert> = {},
): Promise<void> {
  await db
    .update(imports)
    .set({
      rowsDone: sql`${imports.rowsDone} + ${counts.rows}`,
      createdCount: sql`${imports.createdCount} + ${counts.created}`,
      updatedCount: sql`${imports.updatedCount} + ${counts.updated}`,
      skippedCount: sql`${imports.skippedCount} + ${counts.skipped}`,
      failedCount: sql`${imports.failedCount} + ${counts.failed}`,
      updatedAt: sql`now()`,
      ...extra,
    })
    .where(eq(imports.id, id));
}

/** A chunk's undo links in one statement with one JSON parameter (not three per row). */
export async function insertRecords(db: Db, importId: string, rows: { recordId: string; action: ImportRecordAction; previous: Record<string, unknown> | null }[]) {
  if (rows.length === 0) return;
  const records = rows.map((r) => ({ record_id: r.recordId, action: r.action, previous: r.previous }));
  await db.execute(sql`insert into ${importRecords} (import_id, record_id, action, previous)
    select ${importId}, record_id, action, previous
    from json_to_recordset(${JSON.stringify(records)}::json) as t(record_id uuid, action text, previous jsonb)`);
}

export async function insertFailures(db: Db, importId: string, rows: { row: number; column: string; reason: string; cells: string[] }[]) {
  if (rows.length > 0) await db.insert(importFailures).values(rows.map((r) => ({ ...r, importId }))).onConflictDoNothing();
}

export async function recordsOf(db: Db, importId: string) {
  return db.select().from(importRecords).where(eq(importRecords.importId, importId));
}

export async function failuresOf(db: Db, importId: string, limit: number) {
  return db.select().from(importFailures).where(eq(importFailures.importId, importId)).orderBy(asc(importFailures.row)).limit(limit);
}

/** Uploads older than the cutoff whose file is still on disk (the cleanup removes the file, keeps the row). */
export async function withOldFiles(db: Db, cutoff: Date) {
  return db
    .select({ id: imports.id, filePath: imports.filePath })
    .from(imports)
    .where(and(lt(imports.createdAt, cutoff), sql`${imports.filePath} is not null`, or(isNull(imports.lockedUntil), lt(imports.lockedUntil, sql`now()`))))
    .limit(500);
}

/**
 * Rows not yet written of the running imports a run could claim: whether a run is worth an import thread. One held by a
 * live run (the store's, while the imports.run job comes round) counts nothing, or each job run meanwhile would start a
 * thread, load the runner's modules and find nothing to claim.
 */
export async function rowsLeftToClaim(db: Db): Promise<number> {
  const [row] = await db
    .select({ left: sql<number>`coalesce(sum(greatest(${imports.totalRows} - ${imports.rowsDone}, 0)), 0)::int` })
    .from(imports)
    .where(and(eq(imports.state, 'running'), free));
  return Number(row?.left ?? 0);
}

/** The fields a member chose at their last export of a kind. */
export async function findExportChoice(db: Db, orgId: string, userId: string, kind: ImportRow['kind']): Promise<string[] | null> {
  const [row] = await db
    .select({ fields: exportChoices.fields })
    .from(exportChoices)
    .where(and(eq(exportChoices.orgId, orgId), eq(exportChoices.userId, userId), eq(exportChoices.kind, kind)));
  return row?.fields ?? null;
}

export async function saveExportChoice(db: Db, orgId: string, userId: string, kind: ImportRow['kind'], fields: string[]): Promise<void> {
  await db
    .insert(exportChoices)
    .values({ orgId, userId, kind, fields })
    .onConflictDoUpdate({ target: [exportChoices.orgId, exportChoices.userId, exportChoices.kind], set: { fields, updatedAt: sql`now()` } });
}

/**
 * The companies an import of the workspace created or updated (a company import's rows, a contact import's new
 * companies), in the order written; undefined when the workspace has no such import.
 */
export async function companiesOf(db: Db, orgId: string, importId: string): Promise<string[] | undefined> {
  const found = await findImport(db, orgId, importId);
  if (!found) return undefined;
  if (found.kind !== 'company' && found.kind !== 'contact') return [];
  const rows = await queryRows<{ recordId: string }>(
    db,
    sql`select record_id as "recordId" from ${importRecords} where import_id = ${importId} and action in ${companyActions(found.kind)}
        group by record_id order by min(seq)`,
  );
  return rows.map((r) => r.recordId);
}

const companyActions = (kind: ImportRow['kind']) => (kind === 'company' ? sql`('created', 'updated')` : sql`('companyCreated')`);

/** How many of those companies are still there with a 統編: what the registry enrichment could fill (the done page's offer). */
export async function countCompaniesWithTax(db: Db, imp: ImportRow): Promise<number> {
  if (imp.kind !== 'company' && imp.kind !== 'contact') return 0;
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(distinct r.record_id)::int as count from ${importRecords} r
        join ${companies} c on c.id = r.record_id and c.org_id = ${imp.orgId} and c.deleted_at is null and c.tax is not null and c.tax <> ''
        where r.import_id = ${imp.id} and r.action in ${companyActions(imp.kind)}`,
  );
  return row?.count ?? 0;
}
