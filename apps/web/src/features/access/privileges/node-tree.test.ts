import { describe, expect, it } from 'vitest';
import type { PrivilegeNode } from '@lodestar/contract';
import { assignedKeys, buildNodeTree, parseNodeKey } from './node-tree.ts';

const dept = (id: string, name: string, parentId: string | null = null, privilegeId: string | null = null): PrivilegeNode => ({
  nodeType: 'department', nodeId: id, name, parentId, privilegeId, privilegeName: null,
});
const user = (id: string, name: string, parentId: string | null = null, privilegeId: string | null = null): PrivilegeNode => ({
  nodeType: 'user', nodeId: id, name, parentId, privilegeId, privilegeName: null,
});

describe('buildNodeTree', () => {
  it('puts users under their department, departments first, by name', () => {
    const tree = buildNodeTree([user('u2', 'Zoe', 'sales'), user('u1', 'Amy'), dept('sales', 'Sales'), dept('north', 'North', 'sales'), user('u3', 'Ben', 'north')]);
    const shape = (items: ReturnType<typeof buildNodeTree>): unknown => items.map((i) => [i.key, shape(i.children)]);
    expect(shape(tree)).toEqual([
      ['department:sales', [['department:north', [['user:u3', []]]], ['user:u2', []]]],
      ['user:u1', []],
    ]);
  });

  it('keeps a user and a department with the same id apart', () => {
    const tree = buildNodeTree([dept('x', 'X'), user('x', 'Xavier', 'x')]);
    expect(tree[0]!.key).toBe('department:x');
    expect(tree[0]!.children[0]!.key).toBe('user:x');
    expect(parseNodeKey('user:x')).toEqual({ nodeType: 'user', nodeId: 'x' });
  });

  it('lists what is assigned to one privilege', () => {
    expect(assignedKeys([dept('a', 'A', null, 'p1'), user('u', 'U', 'a', 'p2'), user('v', 'V', null, 'p1')], 'p1')).toEqual(['department:a', 'user:v']);
  });
});
