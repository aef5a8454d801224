import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/paging.ts';
import { schedules } from '../../calendar/schedules/schedules.table.ts';
import { deals } from '../../deals/deals/deals.table.ts';
import { companies } from '../../records/companies/companies.table.ts';
import { contacts } from '../../records/contacts/contacts.table.ts';
import { notes } from '../../records/notes/notes.table.ts';
import { tags } from '../../records/tags/tags.table.ts';
import { leaseFor } from './imports.repository.ts';
import { importRecords, imports, type ImportRecordAction } from './imports.table.ts';

/**
 * The undo job's reads and its own bookkeeping (undo.runner.ts). The "still used" checks read the record tables
 * read-only, filtered by org_id (docs/ARCHITECTURE.md, "Import undo reads the record tables"); the removals go through
 * the owning modules' services.
 */
export type UndoLink = { seq: number; recordId: string; action: ImportRecordAction; previous: Record<string, unknown> | null };

const recordActions: ImportRecordAction[] = ['created', 'updated'];
const byNameActions: ImportRecordAction[] = ['companyCreated', 'tagCreated'];

/** Locks the import for one undo chunk: one chunk at a time, whichever worker runs it; undefined once it is not undoing. */
export async function lockUndoing(db: Db, id: string): Promise<{ id: string } | undefined> {
  const [row] = await db.select({ id: imports.id }).from(imports).where(and(eq(imports.id, id), eq(imports.state, 'undoing'))).for('update');
  return row;
}

/**
 * The next links to undo, latest first: the records first, then (when none is left) the companies and tags the
 * import created by name, whose use is judged once every record of the import is gone.
 */
export async function nextLinks(db: Db, importId: string, limit: number): Promise<UndoLink[]> {
  for (const actions of [recordActions, byNameActions]) {
    const rows = await db
      .select({ seq: importRecords.seq, recordId: importRecords.recordId, action: importRecords.action, previous: importRecords.previous })
      .from(importRecords)
      .where(and(eq(importRecords.importId, importId), inArray(importRecords.action, actions)))
      .orderBy(desc(importRecords.seq))
      .limit(limit);
    if (rows.length > 0) return rows;
  }
  return [];
}

/** Undone links go in the chunk's transaction: what is left is what a resumed undo still has to do. */
export async function deleteLinks(db: Db, importId: string, seqs: number[]): Promise<void> {
  if (seqs.length > 0) await db.delete(importRecords).where(and(eq(importRecords.importId, importId), inArray(importRecords.seq, seqs)));
}

/** The chunk's progress, with the lease renewed (imports.repository.ts leaseFor). */
export async function addUndone(db: Db, id: string, links: number, leaseSeconds: number): Promise<void> {
  await db
    .update(imports)
    .set({ undoDone: sql`${imports.undoDone} + ${links}`, updatedAt: sql`now()`, ...leaseFor(leaseSeconds) })
    .where(eq(imports.id, id));
}

export async function countLinks(db: Db, importId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(importRecords).where(eq(importRecords.importId, importId));
  return Number(row?.n ?? 0);
}

const idList = (ids: string[]) => sql`array[${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)}]`;

/**
 * Of these companies, the ones nothing uses (docs/product.md#import-and-export, "Undo"): no contact, deal or schedule
 * links to them (in the trash too), no note is written on them, and nobody edited them since they were created.
 */
export async function unusedCompanies(db: Db, orgId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select c.id from ${companies} c
        where c.org_id = ${orgId} and c.id = any(${idList(ids)}) and c.updated_at <= c.created_at
          and not exists (select 1 from ${contacts} x where x.org_id = ${orgId} and x.company_id = c.id)
          and not exists (select 1 from ${deals} d where d.org_id = ${orgId} and d.company_id = c.id)
          and not exists (select 1 from ${schedules} s where s.org_id = ${orgId} and s.company_id = c.id)
          and not exists (select 1 from ${notes} n where n.org_id = ${orgId} and n.entity_type = 'company' and n.entity_id = c.id)`,
  );
  return rows.map((r) => r.id);
}

/** Of these tags, the ones no contact or company carries (in the trash too) and that hold no tag under them. */
export async function unusedTags(db: Db, orgId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select t.id from ${tags} t
        where t.org_id = ${orgId} and t.id = any(${idList(ids)})
          and not exists (select 1 from ${tags} child where child.org_id = ${orgId} and child.parent_id = t.id)
          and not exists (select 1 from ${contacts} x where x.org_id = ${orgId} and x.tag_ids @> array[t.id])
          and not exists (select 1 from ${companies} c where c.org_id = ${orgId} and c.tag_ids @> array[t.id])`,
  );
  return rows.map((r) => r.id);
}
