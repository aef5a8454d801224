import type { TagKind } from '@lodestar/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { tags } from './tags.table.ts';

export type TagRow = typeof tags.$inferSelect;
export type TagInsert = Omit<typeof tags.$inferInsert, 'id' | 'orgId' | 'kind' | 'createdAt'>;

export async function listTags(db: Db, orgId: string, kind: TagKind): Promise<TagRow[]> {
  return db
    .select()
    .from(tags)
    .where(and(eq(tags.orgId, orgId), eq(tags.kind, kind)))
    .orderBy(asc(tags.sort), asc(tags.createdAt));
}

export async function insertTag(db: Db, orgId: string, kind: TagKind, values: TagInsert): Promise<TagRow> {
  const [row] = await db.insert(tags).values({ ...values, orgId, kind }).returning();
  return row!;
}

export async function updateTag(db: Db, orgId: string, kind: TagKind, id: string, values: Partial<TagInsert>): Promise<boolean> {
  const rows = await db
    .update(tags)
    .set(values)
    .where(and(eq(tags.orgId, orgId), eq(tags.kind, kind), eq(tags.id, id)))
    .returning({ id: tags.id });
  return rows.length > 0;
}

export async function deleteTags(db: Db, orgId: string, kind: TagKind, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(tags).where(and(eq(tags.orgId, orgId), eq(tags.kind, kind), inArray(tags.id, ids)));
}

/** Tags that can be applied (not tag types), for plan limits. */
export async function countApplicable(db: Db, orgId: string, kind: TagKind): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tags)
    .where(and(eq(tags.orgId, orgId), eq(tags.kind, kind), eq(tags.isType, false)));
  return Number(row?.n ?? 0);
}
