import type { AdvanceFilter } from '@lodestar/contract';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { savedFilters } from './saved-filters.table.ts';

export type SavedFilterRow = typeof savedFilters.$inferSelect;

export function listFilters(db: Db, orgId: string): Promise<SavedFilterRow[]> {
  return db.select().from(savedFilters).where(eq(savedFilters.orgId, orgId)).orderBy(asc(savedFilters.name), asc(savedFilters.id));
}

export async function countFilters(db: Db, orgId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(savedFilters).where(eq(savedFilters.orgId, orgId));
  return row?.n ?? 0;
}

export async function findFilter(db: Db, orgId: string, id: string): Promise<SavedFilterRow | undefined> {
  const [row] = await db
    .select()
    .from(savedFilters)
    .where(and(eq(savedFilters.orgId, orgId), eq(savedFilters.id, id)))
    .limit(1);
  return row;
}

export async function insertFilter(db: Db, orgId: string, values: { name: string; filter: AdvanceFilter; createdByUserId: string }): Promise<SavedFilterRow> {
  const [row] = await db
    .insert(savedFilters)
    .values({ orgId, ...values })
    .returning();
  return row!;
}

export async function deleteFilter(db: Db, orgId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(savedFilters)
    .where(and(eq(savedFilters.orgId, orgId), eq(savedFilters.id, id)))
    .returning({ id: savedFilters.id });
  return rows.length === 1;
}
