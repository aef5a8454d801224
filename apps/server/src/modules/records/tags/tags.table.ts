import type { TagKind, TagRef } from '@lodestar/contract';
import { sql, type SQL } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, pgTable, smallint, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { orgIdColumn } from '../../access/tenant-columns.ts';
import { createdAtColumn } from '../../../db/columns.ts';

/** Tags of contacts (kind customer) and companies (kind company): a tree ordered by sort. */
export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    kind: text('kind', { enum: ['customer', 'company'] }).notNull(),
    parentId: uuid('parent_id'),
    name: text('name').notNull(),
    color: text('color').notNull().default('#828B91'),
    noticeDay: integer('notice_day').notNull().default(0),
    isShow: smallint('is_show').notNull().default(1),
    /** A tag type: a root that groups tags and is not applied to records itself. */
    isType: boolean('is_type').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (t) => [
    foreignKey({ columns: [t.parentId], foreignColumns: [t.id] }).onDelete('cascade'),
    index('tags_org_kind_idx').on(t.orgId, t.kind, t.parentId, t.sort),
    check('tags_kind_check', sql`${t.kind} in ('customer', 'company')`),
    check('tags_is_show_check', sql`${t.isShow} in (0, 1)`),
  ],
);

/**
 * A row's tags as {id, name, color}, in the row's own order, for a list page's select: the page then needs no
 * second statement for the workspace's tags. Same answer as tagsService.refsOf over tagRefs (tags that no
 * longer exist are left out). Beside the table so that other modules' repositories may use it.
 */
export function tagRefsColumn(tagIds: AnyPgColumn, orgId: AnyPgColumn, kind: TagKind): SQL<TagRef[]> {
  // An untagged row skips the subquery (it scanned the workspace's tags for nothing: a third of a contact page's execution).
  return sql<TagRef[]>`case when cardinality(${tagIds}) = 0 then '[]'::json else (select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color)
      order by array_position(${tagIds}, t.id)), '[]'::json)
    from ${tags} t where t.org_id = ${orgId} and t.kind = ${kind} and t.id = any(${tagIds})) end`;
}
