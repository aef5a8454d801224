import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { dealLostReasons } from './lost-reasons.table.ts';

export type LostReasonRow = typeof dealLostReasons.$inferSelect;

export async function listReasons(db: Db, orgId: string): Promise<LostReasonRow[]> {
  return db.select().from(dealLostReasons).where(eq(dealLostReasons.orgId, orgId)).orderBy(asc(dealLostReasons.sort), asc(dealLostReasons.createdAt));
}

export async function findReason(db: Db, orgId: string, id: string): Promise<LostReasonRow | undefined> {
  const [row] = await db.select().from(dealLostReasons).where(and(eq(dealLostReasons.orgId, orgId), eq(dealLostReasons.id, id)));
  return row;
}

export async function countReasons(db: Db, orgId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(dealLostReasons).where(eq(dealLostReasons.orgId, orgId));
  return Number(row?.n ?? 0);
}

/** Inserts in order; a label the workspace already has (any case) inserts nothing and answers undefined. */
export async function insertReasons(db: Db, orgId: string, labels: string[]): Promise<LostReasonRow[]> {
  if (labels.length === 0) return [];
  return db
    .insert(dealLostReasons)
    .values(
      labels.map((label, index) => ({
        orgId,
        label,
        sort: sql`(select coalesce(max(sort), 0) + ${index + 1} from ${dealLostReasons} where org_id = ${orgId})`,
      })),
    )
    .onConflictDoNothing()
    .returning();
}

export async function renameReason(db: Db, orgId: string, id: string, label: string): Promise<LostReasonRow | undefined | 'exists'> {
  const rows = await db
    .update(dealLostReasons)
    .set({ label })
    .where(and(eq(dealLostReasons.orgId, orgId), eq(dealLostReasons.id, id), sql`not exists (select 1 from ${dealLostReasons} other where other.org_id = ${orgId} and other.id <> ${id} and lower(other.label) = lower(${label}))`))
    .returning();
  if (rows[0]) return rows[0];
  return (await findReason(db, orgId, id)) ? 'exists' : undefined;
}

export async function deleteReason(db: Db, orgId: string, id: string): Promise<boolean> {
  const rows = await db.delete(dealLostReasons).where(and(eq(dealLostReasons.orgId, orgId), eq(dealLostReasons.id, id))).returning({ id: dealLostReasons.id });
  return rows.length > 0;
}
