import { describe, expect, it } from 'vitest';
import { sumItemCells, teamReportTable, type TeamReportWords } from './report-table.ts';

const words: TeamReportWords = {
  name: 'Name',
  department: 'Department',
  noDepartment: 'No department',
  itemCount: (item) => `${item} (times)`,
  itemPoints: (item) => `${item} (points)`,
  count: 'Activities',
  total: 'Points',
  target: 'Target',
  reached: 'Reached',
  totals: 'Totals',
};

describe('activity report table (issue 30, defect 2)', () => {
  it('keeps each item\'s count and points in their own columns: 2 visits are not "visit 10"', () => {
    const table = teamReportTable(
      {
        items: [{ id: 'visit', name: 'Visit', point: 5 }, { id: 'call', name: 'Call', point: 1 }],
        rows: [
          { userId: 'a', name: 'Ann', departmentId: null, departmentName: 'North', items: { visit: { count: 2, points: 10 }, call: { count: 3, points: 3 } }, count: 5, total: 13, target: 20, reached: 65 },
          { userId: 'b', name: 'Bo', departmentId: null, departmentName: null, items: {}, count: 0, total: 0, target: null, reached: null },
        ],
        totals: { count: 5, total: 13, target: 20, reached: 65 },
      },
      words,
    );
    expect(table[0]).toEqual(['Name', 'Department', 'Visit (times)', 'Visit (points)', 'Call (times)', 'Call (points)', 'Activities', 'Points', 'Target', 'Reached']);
    expect(table[1]).toEqual(['Ann', 'North', 2, 10, 3, 3, 5, 13, 20, '65%']);
    expect(table[2]).toEqual(['Bo', 'No department', 0, 0, 0, 0, 0, 0, null, null]);
    expect(table[3]).toEqual(['Totals', '', 2, 10, 3, 3, 5, 13, 20, '65%']);
  });

  it('sums cells, missing ones as zero', () => {
    expect(sumItemCells([{ count: 1, points: 5 }, undefined, { count: 2, points: 10 }])).toEqual({ count: 3, points: 15 });
  });
});
