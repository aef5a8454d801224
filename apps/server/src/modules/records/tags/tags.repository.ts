import type { TagKind, TagRef } from '@lodestar/contract';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import { tags } from './tags.table.ts';

export type TagRow = typeof tags.$inferSelect;

/**
 * A row's tags as {id, name, color}, in the row's own order, for a list page's select: the page then needs no
 * second statement for the workspace's tags. Same answer as tagsService.refsOf over tagRefs (tags that no
 * longer exist are left out).
 */
export function tagRefsColumn(tagIds: AnyPgColumn, orgId: AnyPgColumn, kind: TagKind): SQL<TagRef[]> {
  return sql<TagRef[]>`(select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color)
      order by array_position(${tagIds}, t.id)), '[]'::json)
    from ${tags} t where t.org_id = ${orgId} and t.kind = ${kind} and t.id = any(${tagIds}))`;
}
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
