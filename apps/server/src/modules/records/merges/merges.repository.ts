import type { DuplicateKind } from '@lodestar/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { personNameSql } from '../../../db/person-name.ts';
import { users } from '../../access/users/users.table.ts';
import { recordMerges } from './merges.table.ts';

export type MergeRow = typeof recordMerges.$inferSelect;

export async function insertMerge(db: Db, values: typeof recordMerges.$inferInsert): Promise<string> {
  const [row] = await db.insert(recordMerges).values(values).returning({ id: recordMerges.id });
  return row!.id;
}

/** The merge, locked for its undo (a second undo at the same time waits, then sees it undone). */
export async function findMergeForUpdate(db: Db, orgId: string, id: string): Promise<MergeRow | undefined> {
  const [row] = await db.select().from(recordMerges).where(and(eq(recordMerges.orgId, orgId), eq(recordMerges.id, id))).for('update');
  return row;
}

export async function markUndone(db: Db, orgId: string, id: string): Promise<void> {
  await db.update(recordMerges).set({ undoneAt: sql`now()` }).where(and(eq(recordMerges.orgId, orgId), eq(recordMerges.id, id)));
}

/** A kind's latest merges (the list under "possible duplicates"), newest first. */
export async function listMerges(db: Db, orgId: string, kind: DuplicateKind, limit: number) {
  return db
    .select({
      id: recordMerges.id,
      survivorId: recordMerges.survivorId,
      mergedIds: recordMerges.mergedIds,
      originals: recordMerges.originals,
      createdAt: recordMerges.createdAt,
      undoneAt: recordMerges.undoneAt,
      mergedByName: sql<string | null>`(select nullif(${personNameSql(users.firstName, users.lastName)}, '') from ${users} where ${users.id} = ${recordMerges.mergedByUserId})`,
    })
    .from(recordMerges)
    .where(and(eq(recordMerges.orgId, orgId), eq(recordMerges.kind, kind)))
    .orderBy(desc(recordMerges.createdAt))
    .limit(limit);
}

/** Merge records past any undo (their merged-away records are purged with the trash by then). */
export async function deleteOlderThan(db: Db, cutoff: Date): Promise<void> {
  await db.delete(recordMerges).where(sql`${recordMerges.createdAt} < ${cutoff.toISOString()}::timestamptz`);
}
