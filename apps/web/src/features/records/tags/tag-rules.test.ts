import { describe, expect, it } from 'vitest';
import { indent, moveNextTo, outdent, removeTag, type EditableTag } from './tag-rules.ts';

const tag = (key: string, children: EditableTag[] = []): EditableTag => ({
  key, id: key, name: key, color: '#828B91', noticeDay: 0, isShow: 1, isType: false, children,
});
const keys = (tags: EditableTag[]): unknown => tags.map((t) => (t.children.length ? [t.key, keys(t.children)] : t.key));

describe('tag manager tree moves', () => {
  const tree = [tag('a', [tag('a1'), tag('a2')]), tag('b'), tag('c')];
  it('reorders siblings both ways', () => {
    expect(keys(moveNextTo(tree, 'c', 'a'))).toEqual(['c', ['a', ['a1', 'a2']], 'b']);
    expect(keys(moveNextTo(tree, 'b', 'c'))).toEqual([['a', ['a1', 'a2']], 'c', 'b']);
  });
  it('moves across levels but never into itself', () => {
    expect(keys(moveNextTo(tree, 'b', 'a2'))).toEqual([['a', ['a1', 'b', 'a2']], 'c']);
    expect(moveNextTo(tree, 'a', 'a1')).toBe(tree);
  });
  it('indents under the sibling above and outdents after the parent', () => {
    expect(keys(indent(tree, 'b'))).toEqual([['a', ['a1', 'a2', 'b']], 'c']);
    expect(indent(tree, 'a')).toBe(tree);
    expect(keys(outdent(tree, 'a1'))).toEqual([['a', ['a2']], 'a1', 'b', 'c']);
  });
  it('removes a tag with its children', () => {
    expect(keys(removeTag(tree, 'a'))).toEqual(['b', 'c']);
  });
});
