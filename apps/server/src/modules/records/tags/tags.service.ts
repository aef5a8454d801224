import {
  defaultColor,
  tagPath,
  tagPathSeparator,
  type Feature,
  type Tag,
  type TagCreateBody,
  type TagKind,
  type TagRef,
  type TagTreeNode,
} from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError, fieldError } from '../../../platform/errors.ts';
import { assertCan, type Actor } from '../../access/privileges/access-core.ts';
import * as tagsRepository from './tags.repository.ts';
import { assertRoom } from '../../billing/plan-limits.ts';

/** contactTag / companyTag: the privilege feature of a tag kind (docs/product.md#permissions). */
export function tagFeature(kind: TagKind): Feature {
  return kind === 'customer' ? 'contactTag' : 'companyTag';
}

/** The plan's tag limits (Free: 8 contact tags, 5 company tags; 403 'Please upgrade to the Pro version'). */
async function assertRoomFor(db: Db, orgId: string, kind: TagKind, adding: number): Promise<void> {
  if (adding <= 0) return;
  await assertRoom(db, orgId, kind === 'customer' ? 'contactTags' : 'companyTags', () => tagsRepository.countApplicable(db, orgId, kind), adding);
}

function buildTree(rows: tagsRepository.TagRow[], counts: Map<string, number>): Tag[] {
  const byParent = new Map<string | null, tagsRepository.TagRow[]>();
  const ids = new Set(rows.map((r) => r.id));
  for (const row of rows) {
    const parent = row.parentId && ids.has(row.parentId) ? row.parentId : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), row]);
  }
  const nodes = (parent: string | null): Tag[] =>
    (byParent.get(parent) ?? []).map((row) => ({
      id: row.id,
      name: row.name,
      label: row.name,
      color: row.color,
      noticeDay: row.noticeDay,
      isShow: row.isShow === 0 ? 0 : 1,
      isType: row.isType,
      sort: row.sort,
      parentId: row.parentId,
      count: counts.get(row.id) ?? 0,
      children: nodes(row.id),
    }));
  return nodes(null);
}

export async function tagTree(db: Db, actor: Actor, kind: TagKind, counts: Map<string, number> = new Map()): Promise<Tag[]> {
  return buildTree(await tagsRepository.listTags(db, actor.orgId, kind), counts);
}

/** Tag refs by id, for rows and detail pages (one query per request). */
export async function tagRefs(db: Db, orgId: string, kind: TagKind): Promise<Map<string, TagRef>> {
  const rows = await tagsRepository.listTags(db, orgId, kind);
  return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name, color: r.color }]));
}

/** Each tag's path from its root ("Industry > Retail"), as exports write it and tagNameResolver reads it back. */
export async function tagPaths(db: Db, orgId: string, kind: TagKind): Promise<Map<string, string>> {
  const rows = await tagsRepository.listTags(db, orgId, kind);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return new Map(rows.map((r) => [r.id, tagPath(r.id, byId) ?? r.name]));
}

export function refsOf(ids: string[], refs: Map<string, TagRef>): TagRef[] {
  return ids.map((id) => refs.get(id)).filter((t): t is TagRef => t !== undefined);
}

/** 400 naming tagIds unless every id is an applicable tag of this workspace and kind. */
export async function assertApplicable(db: Db, orgId: string, kind: TagKind, tagIds: string[]): Promise<void> {
  if (tagIds.length === 0) return;
  const rows = await tagsRepository.listTags(db, orgId, kind);
  const applicable = new Set(rows.filter((r) => !r.isType).map((r) => r.id));
  if (!tagIds.every((id) => applicable.has(id))) throw fieldError('tagIds', 'invalidValue');
}

export async function createTag(db: Db, actor: Actor, kind: TagKind, input: TagCreateBody): Promise<Tag> {
  assertCan(actor, tagFeature(kind), 'create');
  const rows = await tagsRepository.listTags(db, actor.orgId, kind);
  if (input.parentId && !rows.some((r) => r.id === input.parentId)) throw fieldError('parentId', 'invalidValue');
  await assertRoomFor(db, actor.orgId, kind, 1);
  const siblings = rows.filter((r) => r.parentId === (input.parentId ?? null));
  const row = await tagsRepository.insertTag(db, actor.orgId, kind, {
    name: input.name,
    color: input.color,
    parentId: input.parentId ?? null,
    noticeDay: input.noticeDay,
    sort: siblings.length,
  });
  return buildTree([row], new Map())[0]!;
}

export async function createTagType(db: Db, actor: Actor, kind: TagKind, name: string): Promise<Tag> {
  assertCan(actor, tagFeature(kind), 'create');
  const rows = await tagsRepository.listTags(db, actor.orgId, kind);
  const row = await tagsRepository.insertTag(db, actor.orgId, kind, {
    name,
    isType: true,
    parentId: null,
    sort: rows.filter((r) => r.parentId === null).length,
  });
  return buildTree([row], new Map())[0]!;
}

export async function setShow(db: Db, actor: Actor, kind: TagKind, id: string, isShow: 0 | 1): Promise<void> {
  assertCan(actor, tagFeature(kind), 'edit');
  if (!(await tagsRepository.updateTag(db, actor.orgId, kind, id, { isShow }))) throw new AppError('NOT_FOUND');
}

/**
 * The tag manager's Submit: the whole tree in order. Existing tags absent from it are deleted (needs
 * delete), nodes with id -1 created (needs create and room in the plan), the rest updated (needs edit).
 * Returns the ids of deleted tags so records can drop them.
 */
export async function saveTree(db: Db, actor: Actor, kind: TagKind, tree: TagTreeNode[]): Promise<{ deletedIds: string[] }> {
  assertCan(actor, tagFeature(kind), 'edit');
  const rows = await tagsRepository.listTags(db, actor.orgId, kind);
  const existing = new Map(rows.map((r) => [r.id, r]));
  const flat: { node: TagTreeNode; parentId: string | null; sort: number; path: string }[] = [];
  // Every level: a nested tag left out of this walk would count as removed and be deleted.
  const walk = (nodes: TagTreeNode[], parentId: string | null, path: string): void =>
    nodes.forEach((node, index) => {
      flat.push({ node, parentId, sort: index, path: `${path}[${index}]` });
      if (node.children?.length) walk(node.children, typeof node.id === 'string' ? node.id : null, `${path}[${index}].children`);
    });
  walk(tree, null, 'tree');

  const kept = new Set<string>();
  const created = flat.filter((f) => f.node.id === undefined || f.node.id === -1);
  for (const item of flat) {
    const id = item.node.id;
    if (typeof id === 'string') {
      if (!existing.has(id)) throw fieldError(`${item.path}.id`, 'invalidValue');
      kept.add(id);
    }
  }
  const deletedIds = rows.filter((r) => !kept.has(r.id)).map((r) => r.id);
  if (created.length > 0) assertCan(actor, tagFeature(kind), 'create');
  if (deletedIds.length > 0) assertCan(actor, tagFeature(kind), 'delete');
  const deletedApplicable = rows.filter((r) => deletedIds.includes(r.id) && !r.isType).length;
  await assertRoomFor(db, actor.orgId, kind, created.filter((c) => !c.node.isType).length - deletedApplicable);

  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    // Parents first (breadth by walking), so children can point at freshly created ids.
    const queue: { nodes: TagTreeNode[]; parentId: string | null }[] = [{ nodes: tree, parentId: null }];
    while (queue.length > 0) {
      const { nodes, parentId } = queue.shift()!;
      for (const [sort, node] of nodes.entries()) {
        const values = {
          name: node.name,
          color: node.color ?? defaultColor,
          noticeDay: node.noticeDay ?? 0,
          isShow: node.isShow ?? 1,
          isType: node.isType ?? false,
          parentId,
          sort,
        };
        let id: string;
        if (typeof node.id === 'string') {
          const before = existing.get(node.id)!;
          await tagsRepository.updateTag(t, actor.orgId, kind, node.id, { ...values, isType: before.isType && parentId === null });
          id = node.id;
        } else {
          id = (await tagsRepository.insertTag(t, actor.orgId, kind, values)).id;
        }
        if (node.children?.length) queue.push({ nodes: node.children, parentId: id });
      }
    }
    await tagsRepository.deleteTags(t, actor.orgId, kind, deletedIds);
  });
  return { deletedIds };
}

export async function deleteTag(db: Db, actor: Actor, kind: TagKind, id: string): Promise<string[]> {
  assertCan(actor, tagFeature(kind), 'delete');
  const rows = await tagsRepository.listTags(db, actor.orgId, kind);
  if (!rows.some((r) => r.id === id)) throw new AppError('NOT_FOUND');
  // The tag and its whole subtree go (the foreign key cascades); records drop them all.
  const doomed = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of rows) {
      if (r.parentId && doomed.has(r.parentId) && !doomed.has(r.id)) {
        doomed.add(r.id);
        grew = true;
      }
    }
  }
  await tagsRepository.deleteTags(db, actor.orgId, kind, [...doomed]);
  return [...doomed];
}

// ---- the records that carry tags (contacts for customer, companies for company) ----

/**
 * What the records of a tag kind do with their tags (contacts for customer, companies for company; built by
 * record-actions.ts). They register in wiring.ts: the records import tags, never the reverse.
 */
export interface TaggedRecords {
  tagCounts(db: Db, orgId: string): Promise<Map<string, number>>;
  dropTags(db: Db, orgId: string, tagIds: string[]): Promise<void>;
  applyTags(db: Db, actor: Actor, ids: string[], tagIds: string[], remove: boolean): Promise<number>;
  setTags(db: Db, actor: Actor, id: string, tagIds: string[]): Promise<void>;
}

const taggedRecords = new Map<TagKind, TaggedRecords>();

/** Keyed by tag kind: registering again replaces. */
export function registerTaggedRecords(kind: TagKind, records: TaggedRecords): void {
  taggedRecords.set(kind, records);
}

function owners(kind: TagKind): TaggedRecords {
  const records = taggedRecords.get(kind);
  if (!records) throw new Error(`no tagged records registered for ${kind} (see wiring.ts)`);
  return records;
}

export async function tagTreeWithCounts(db: Db, actor: Actor, kind: TagKind): Promise<Tag[]> {
  return tagTree(db, actor, kind, await owners(kind).tagCounts(db, actor.orgId));
}

export async function saveTreeAndAnswer(db: Db, actor: Actor, kind: TagKind, tree: TagTreeNode[]): Promise<Tag[]> {
  const { deletedIds } = await saveTree(db, actor, kind, tree);
  await owners(kind).dropTags(db, actor.orgId, deletedIds);
  return tagTreeWithCounts(db, actor, kind);
}

export async function deleteTagEverywhere(db: Db, actor: Actor, kind: TagKind, id: string): Promise<void> {
  const deleted = await deleteTag(db, actor, kind, id);
  await owners(kind).dropTags(db, actor.orgId, deleted);
}

export async function applyTags(db: Db, actor: Actor, kind: TagKind, input: { ids: string[]; tagIds: string[]; remove: boolean }): Promise<number> {
  return owners(kind).applyTags(db, actor, input.ids, input.tagIds, input.remove);
}

export async function setRecordTags(db: Db, actor: Actor, kind: TagKind, id: string, tagIds: string[]): Promise<void> {
  await owners(kind).setTags(db, actor, id, tagIds);
}

/**
 * Imports name tags: a resolver from names to tag ids (case-insensitive), creating the missing ones as
 * top-level tags. Loaded once per chunk; the tags created are remembered.
 */
export async function tagNameResolver(
  db: Db,
  orgId: string,
  kind: TagKind,
  onCreated?: (id: string) => void,
): Promise<(names: string[]) => Promise<string[]>> {
  const rows = await tagsRepository.listTags(db, orgId, kind);
  const byId = new Map(rows.map((r) => [r.id, r]));
  // A tag by its name (applicable tags) and by its path from the root ("Industry > Retail", what exports write).
  const byName = new Map(rows.filter((t) => !t.isType).map((t) => [t.name.toLowerCase(), t.id]));
  const byPath = new Map(rows.map((t) => [(tagPath(t.id, byId) ?? t.name).toLowerCase(), t.id]));
  const sortUnder = new Map<string | null, number>();
  for (const r of rows) sortUnder.set(r.parentId, Math.max(sortUnder.get(r.parentId) ?? 0, r.sort + 1));
  const insert = async (name: string, parentId: string | null, isType: boolean) => {
    const sort = sortUnder.get(parentId) ?? 0;
    sortUnder.set(parentId, sort + 1);
    const id = (await tagsRepository.insertTag(db, orgId, kind, { name: name.slice(0, 50), parentId, sort, ...(isType && { isType }) })).id;
    onCreated?.(id);
    return id;
  };
  /** "A > B > C": each missing level made under the one before it (a missing root as a tag type, which groups tags). */
  const resolvePath = async (path: string) => {
    const names = path.split(tagPathSeparator).map((n) => n.trim()).filter(Boolean);
    let parentId: string | null = null;
    for (let i = 0; i < names.length; i++) {
      const key = names.slice(0, i + 1).join(tagPathSeparator).toLowerCase();
      let id = byPath.get(key);
      if (!id) {
        id = await insert(names[i]!, parentId, i === 0 && names.length > 1);
        byPath.set(key, id);
      }
      parentId = id;
    }
    return parentId!;
  };
  return async (names) => {
    const ids: string[] = [];
    for (const name of names) {
      const nested = name.includes(tagPathSeparator);
      let id = nested ? byPath.get(name.toLowerCase()) : byName.get(name.toLowerCase());
      if (!id && nested) id = await resolvePath(name);
      if (!id) {
        id = await insert(name, null, false);
        byName.set(name.toLowerCase(), id);
        byPath.set(name.toLowerCase(), id);
      }
      ids.push(id);
    }
    return ids;
  };
}

/** Undo of an import: the tags it created by name that nothing carries any more (the caller checked) go. */
export async function removeTags(db: Db, orgId: string, kind: TagKind, ids: string[]): Promise<void> {
  if (ids.length > 0) await tagsRepository.deleteTags(db, orgId, kind, ids);
}
