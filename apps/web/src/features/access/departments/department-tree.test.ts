import { describe, expect, it } from 'vitest';
import { allowedParents, buildDepartmentTree, descendantIds, flattenTree } from './department-tree.ts';

const d = (id: string, name: string, parentId: string | null = null) => ({ id, name, parentId });

// A 3-level tree: Sales > (North > Taipei, South), Support
const list = [d('taipei', 'Taipei', 'north'), d('sales', 'Sales'), d('south', 'South', 'sales'), d('north', 'North', 'sales'), d('support', 'Support')];

describe('buildDepartmentTree', () => {
  it('nests children under parents, siblings by name, with depths', () => {
    const flat = flattenTree(buildDepartmentTree(list)).map((n) => `${n.depth}:${n.department.id}`);
    expect(flat).toEqual(['0:sales', '1:north', '2:taipei', '1:south', '0:support']);
  });

  it('shows a department whose parent is missing at the top level', () => {
    const tree = buildDepartmentTree([d('a', 'A', 'gone')]);
    expect(tree.map((n) => n.department.id)).toEqual(['a']);
  });

  it('never loops on a cycle and still shows every department', () => {
    const tree = buildDepartmentTree([d('a', 'A', 'b'), d('b', 'B', 'a'), d('c', 'C', 'c')]);
    const ids = flattenTree(tree).map((n) => n.department.id).sort();
    expect(ids).toEqual(['a', 'b', 'c']);
  });
});

describe('descendantIds / allowedParents', () => {
  it('finds every level below a department', () => {
    expect([...descendantIds(list, 'sales')].sort()).toEqual(['north', 'south', 'taipei']);
    expect([...descendantIds(list, 'taipei')]).toEqual([]);
  });

  it('refuses itself and its descendants as a parent', () => {
    expect(allowedParents(list, 'north').map((x) => x.id).sort()).toEqual(['sales', 'south', 'support']);
    expect(allowedParents(list, null)).toHaveLength(5);
  });
});
