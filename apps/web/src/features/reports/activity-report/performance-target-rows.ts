import { centsToMoney, moneyToCents, type PerformanceTargetGrid } from '@lodestar/contract';

type Person = PerformanceTargetGrid['rows'][number];
type Department = PerformanceTargetGrid['departments'][number];

export type GridRow = {
  key: string;
  kind: 'person' | 'department';
  name: string;
  userId?: string;
  departmentId?: string;
  /** Nesting of a department under its parents (0 at the top). */
  depth?: number;
  targets: string[];
  achieved: string[];
  /** A department's members' sum per month, its sub-departments' members included (where it has no stored target). */
  membersTargets?: string[];
  /** A department's stored targets, null where none. */
  stored?: (string | null)[];
};

export const months = Array.from({ length: 12 }, (_v, index) => index);
export const sum = (values: string[]) => centsToMoney(values.reduce((total, v) => total + moneyToCents(v), 0n));

/**
 * The grid's rows in department-tree order: a department's people, then its sub-departments, then the
 * department's own target row — its stored month target where there is one, else the sum of the targets of every
 * member of it and of the departments under it (what the statistics' department filter counts). People without a
 * department come last with their total, which is not a stored target.
 */
export function gridRows(people: Person[], departments: Department[], noDepartment: string): GridRow[] {
  const peopleOf = new Map<string, Person[]>();
  for (const p of people) peopleOf.set(p.departmentId ?? '', [...(peopleOf.get(p.departmentId ?? '') ?? []), p]);
  const known = new Set(departments.map((d) => d.departmentId));
  const childrenOf = new Map<string, Department[]>();
  for (const d of departments) {
    const parent = d.parentId && known.has(d.parentId) ? d.parentId : '';
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), d]);
  }
  const personRow = (p: Person): GridRow => ({ key: p.userId, kind: 'person', name: p.name, userId: p.userId, targets: p.targets, achieved: p.achieved });
  const out: GridRow[] = [];
  /** Adds a department's rows and answers every person of its subtree. */
  const visit = (d: Department, depth: number): Person[] => {
    const own = peopleOf.get(d.departmentId) ?? [];
    out.push(...own.map(personRow));
    const subtree = [...own, ...(childrenOf.get(d.departmentId) ?? []).flatMap((child) => visit(child, depth + 1))];
    const membersTargets = months.map((m) => sum(subtree.map((p) => p.targets[m]!)));
    out.push({
      key: `department-${d.departmentId}`,
      kind: 'department',
      name: d.name,
      departmentId: d.departmentId,
      depth,
      stored: d.targets,
      membersTargets,
      targets: months.map((m) => d.targets[m] ?? membersTargets[m]!),
      achieved: months.map((m) => sum(subtree.map((p) => p.achieved[m]!))),
    });
    return subtree;
  };
  for (const root of childrenOf.get('') ?? []) visit(root, 0);
  // People whose department is not listed (none, or one just deleted) close the grid with their total.
  const rest = people.filter((p) => !p.departmentId || !known.has(p.departmentId));
  if (rest.length) {
    out.push(...rest.map(personRow));
    out.push({
      key: 'department-none',
      kind: 'department',
      name: noDepartment,
      targets: months.map((m) => sum(rest.map((p) => p.targets[m]!))),
      achieved: months.map((m) => sum(rest.map((p) => p.achieved[m]!))),
    });
  }
  return out;
}
