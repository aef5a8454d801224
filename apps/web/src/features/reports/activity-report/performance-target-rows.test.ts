import { describe, expect, it } from 'vitest';
import { gridRows } from './performance-target-rows.ts';

const twelve = <T>(first: T, rest: T) => [first, ...Array<T>(11).fill(rest)];
const person = (userId: string, departmentId: string | null, january: string) => ({
  userId, name: userId, departmentId, departmentName: null, targets: twelve(january, '0.00'), achieved: twelve('0.00', '0.00'),
});

describe('performance target grid rows', () => {
  it('orders the tree, sums a department\'s whole subtree where it stores no target, and keeps people without one last', () => {
    const rows = gridRows(
      [person('ann', 'north', '100.00'), person('bo', 'sales', '50.00'), person('cy', null, '7.00')],
      [
        { departmentId: 'north', name: 'North', parentId: 'sales', targets: twelve<string | null>(null, null) },
        { departmentId: 'sales', name: 'Sales', parentId: null, targets: twelve<string | null>('999.00', null) },
      ],
      'No department',
    );
    expect(rows.map((r) => [r.key, r.depth ?? null, r.targets[0], r.membersTargets?.[0] ?? null])).toEqual([
      ['bo', null, '50.00', null],
      ['ann', null, '100.00', null],
      ['department-north', 1, '100.00', '100.00'],
      ['department-sales', 0, '999.00', '150.00'],
      ['cy', null, '7.00', null],
      ['department-none', null, '7.00', null],
    ]);
    expect(rows.find((r) => r.key === 'department-none')!.stored).toBeUndefined();
  });
});
