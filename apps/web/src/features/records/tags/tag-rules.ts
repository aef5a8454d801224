import type { Feature, Tag, TagKind, TagTreeNode } from '@lodestar/contract';

/** docs/product.md#permissions: contact tags are the contactTag feature, company tags companyTag. */
export function tagFeature(kind: TagKind): Feature {
  return kind === 'customer' ? 'contactTag' : 'companyTag';
}

/** The manager's editable tree: new tags carry the temporary id -1 (docs/product.md#fields) and a local key. */
export interface EditableTag {
  key: string;
  id: string | -1;
  name: string;
  color: string;
  noticeDay: number;
  isShow: 0 | 1;
  isType: boolean;
  children: EditableTag[];
}

export function toEditable(tags: Tag[]): EditableTag[] {
  return tags.map((tag) => ({
    key: tag.id,
    id: tag.id,
    name: tag.name,
    color: tag.color,
    noticeDay: tag.noticeDay,
    isShow: tag.isShow,
    isType: tag.isType,
    children: toEditable(tag.children),
  }));
}

export function toTreeBody(tags: EditableTag[]): TagTreeNode[] {
  return tags.map((tag) => ({
    id: tag.id,
    name: tag.name.trim(),
    color: tag.color,
    noticeDay: tag.noticeDay,
    isShow: tag.isShow,
    isType: tag.isType,
    children: toTreeBody(tag.children),
  }));
}

/** Finds the list holding `key` and its index. */
function locate(tags: EditableTag[], key: string): { list: EditableTag[]; index: number } | null {
  const index = tags.findIndex((tag) => tag.key === key);
  if (index >= 0) return { list: tags, index };
  for (const tag of tags) {
    const found = locate(tag.children, key);
    if (found) return found;
  }
  return null;
}

/** Drag end: `activeKey` takes `overKey`'s place in over's list (any level), never inside itself. */
export function moveNextTo(tags: EditableTag[], activeKey: string, overKey: string): EditableTag[] {
  if (activeKey === overKey) return tags;
  const copy = structuredClone(tags);
  const from = locate(copy, activeKey);
  if (!from) return tags;
  const moving = from.list[from.index]!;
  if (locate(moving.children, overKey)) return tags;
  const sameList = locate(copy, overKey)?.list === from.list;
  const overIndexBefore = locate(copy, overKey)?.index ?? -1;
  from.list.splice(from.index, 1);
  const to = locate(copy, overKey);
  if (!to) return tags;
  // Moving down within one list lands after the target, as dnd-kit's sortable strategy shows it.
  const index = sameList && from.index <= overIndexBefore ? to.index + 1 : to.index;
  to.list.splice(index, 0, moving);
  return copy;
}

/** Indent: becomes the last child of the sibling above it. */
export function indent(tags: EditableTag[], key: string): EditableTag[] {
  const copy = structuredClone(tags);
  const from = locate(copy, key);
  if (!from || from.index === 0) return tags;
  const [moving] = from.list.splice(from.index, 1);
  from.list[from.index - 1]!.children.push(moving!);
  return copy;
}

/** Outdent: moves right after its parent. */
export function outdent(tags: EditableTag[], key: string): EditableTag[] {
  const parent = findParent(tags, key);
  if (!parent) return tags;
  const copy = structuredClone(tags);
  const from = locate(copy, key)!;
  const [moving] = from.list.splice(from.index, 1);
  const at = locate(copy, parent.key)!;
  at.list.splice(at.index + 1, 0, moving!);
  return copy;
}

export function findParent(tags: EditableTag[], key: string, parent: EditableTag | null = null): EditableTag | null {
  for (const tag of tags) {
    if (tag.key === key) return parent;
    const found = findParent(tag.children, key, tag);
    if (found) return found;
  }
  return null;
}

export function updateTag(tags: EditableTag[], key: string, patch: Partial<EditableTag>): EditableTag[] {
  return tags.map((tag) => (tag.key === key ? { ...tag, ...patch } : { ...tag, children: updateTag(tag.children, key, patch) }));
}

export function removeTag(tags: EditableTag[], key: string): EditableTag[] {
  return tags.filter((tag) => tag.key !== key).map((tag) => ({ ...tag, children: removeTag(tag.children, key) }));
}
