import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { salesItems } from './sales-items.table.ts';

export type SalesItemRow = typeof salesItems.$inferSelect;
export type SalesItemKind = SalesItemRow['kind'];

export async function listItems(db: Db, orgId: string, kind: SalesItemKind): Promise<SalesItemRow[]> {
  return db
    .select()
    .from(salesItems)
    .where(and(eq(salesItems.orgId, orgId), eq(salesItems.kind, kind)))
    .orderBy(asc(salesItems.sort), asc(salesItems.createdAt));
}

export async function findItems(db: Db, orgId: string, kind: SalesItemKind, ids: string[]): Promise<SalesItemRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(salesItems).where(and(eq(salesItems.orgId, orgId), eq(salesItems.kind, kind), inArray(salesItems.id, ids)));
}

export async function countItems(db: Db, orgId: string, kind: SalesItemKind): Promise<number> {
  const [row] = await db.select({ n: count() }).from(salesItems).where(and(eq(salesItems.orgId, orgId), eq(salesItems.kind, kind)));
  return Number(row?.n ?? 0);
}

export async function insertItem(
  db: Db,
  orgId: string,
  kind: SalesItemKind,
  values: { name: string; color: string | null; defaultPrice: string },
): Promise<SalesItemRow> {
  const [row] = await db
    .insert(salesItems)
    .values({
      ...values,
      orgId,
      kind,
      sort: sql`(select coalesce(max(sort), 0) + 1 from ${salesItems} where org_id = ${orgId} and kind = ${kind})`,
    })
    .returning();
  return row!;
}

export async function updateItem(
  db: Db,
  orgId: string,
  kind: SalesItemKind,
  id: string,
  values: { name: string; color: string | null; defaultPrice: string },
): Promise<SalesItemRow | undefined> {
  const [row] = await db
    .update(salesItems)
    .set(values)
    .where(and(eq(salesItems.orgId, orgId), eq(salesItems.kind, kind), eq(salesItems.id, id)))
    .returning();
  return row;
}

export async function deleteItem(db: Db, orgId: string, kind: SalesItemKind, id: string): Promise<boolean> {
  const rows = await db
    .delete(salesItems)
    .where(and(eq(salesItems.orgId, orgId), eq(salesItems.kind, kind), eq(salesItems.id, id)))
    .returning({ id: salesItems.id });
  return rows.length > 0;
}
