/**
 * Pure helpers for the department hierarchy (docs/product.md#fields, #permissions): the flat list the API answers
 * becomes a tree for display, and a department's descendants are what it can never be moved under.
 */
export interface DepartmentLike {
  id: string;
  name: string;
  parentId: string | null;
}

export interface DepartmentNode<T extends DepartmentLike> {
  department: T;
  depth: number;
  children: DepartmentNode<T>[];
}

const byName = (collator: Intl.Collator) => (a: DepartmentLike, b: DepartmentLike) => collator.compare(a.name, b.name);

/**
 * Roots are departments without a parent, or whose parent is not in the list (so nothing is ever hidden);
 * siblings sort by name. A cycle in bad data is broken where it is first met rather than looping.
 */
export function buildDepartmentTree<T extends DepartmentLike>(departments: readonly T[], locale = 'en'): DepartmentNode<T>[] {
  const collator = new Intl.Collator(locale);
  const ids = new Set(departments.map((d) => d.id));
  const childrenOf = new Map<string | null, T[]>();
  for (const department of departments) {
    const parent = department.parentId && ids.has(department.parentId) && department.parentId !== department.id ? department.parentId : null;
    const list = childrenOf.get(parent) ?? [];
    list.push(department);
    childrenOf.set(parent, list);
  }
  const placed = new Set<string>();
  const build = (parentId: string | null, depth: number): DepartmentNode<T>[] =>
    [...(childrenOf.get(parentId) ?? [])]
      .sort(byName(collator))
      .filter((department) => !placed.has(department.id))
      .map((department) => {
        placed.add(department.id);
        return { department, depth, children: build(department.id, depth + 1) };
      });
  const roots = build(null, 0);
  // Departments only reachable through a cycle: show them at the top level.
  for (const department of departments) {
    if (!placed.has(department.id)) {
      placed.add(department.id);
      roots.push({ department, depth: 0, children: build(department.id, 1) });
    }
  }
  return roots;
}

/** The ids of every department below `id` (not including it). */
export function descendantIds(departments: readonly DepartmentLike[], id: string): Set<string> {
  const found = new Set<string>();
  const queue = [id];
  while (queue.length > 0) {
    const current = queue.shift()!;
    for (const department of departments) {
      if (department.parentId === current && !found.has(department.id) && department.id !== id) {
        found.add(department.id);
        queue.push(department.id);
      }
    }
  }
  return found;
}

/** Departments a department may be placed under: not itself and not one of its descendants. */
export function allowedParents<T extends DepartmentLike>(departments: readonly T[], editingId: string | null): T[] {
  if (!editingId) return [...departments];
  const excluded = descendantIds(departments, editingId);
  excluded.add(editingId);
  return departments.filter((department) => !excluded.has(department.id));
}

/** Tree nodes in display order, each with its depth (for an indented select or a flat table). */
export function flattenTree<T extends DepartmentLike>(nodes: readonly DepartmentNode<T>[]): DepartmentNode<T>[] {
  return nodes.flatMap((node) => [node, ...flattenTree(node.children)]);
}
