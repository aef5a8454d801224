import type { ActivityReport } from '@lodestar/contract';
import type { Cell } from '../../../shared/format/table-file.ts';

/** An activity item's figures in one cell: how many were done and the points they earned, never one for the other. */
export interface ItemCell {
  count: number;
  points: number;
}

export const emptyItemCell: ItemCell = { count: 0, points: 0 };

/** The sum of one item's cells over rows (the table's totals line). */
export function sumItemCells(cells: (ItemCell | undefined)[]): ItemCell {
  return cells.reduce<ItemCell>((sum, cell) => ({ count: sum.count + (cell?.count ?? 0), points: sum.points + (cell?.points ?? 0) }), emptyItemCell);
}

export interface TeamReportWords {
  name: string;
  department: string;
  noDepartment: string;
  /** "{{item}} (times)" and "{{item}} (points)": each item is two columns, so a spreadsheet can sum either. */
  itemCount: (item: string) => string;
  itemPoints: (item: string) => string;
  count: string;
  total: string;
  target: string;
  reached: string;
  totals: string;
}

/** The team report as a sheet (header first): per person, each item's count and points, then the totals line. */
export function teamReportTable(data: Pick<ActivityReport, 'items' | 'rows' | 'totals'>, words: TeamReportWords): Cell[][] {
  const header: Cell[] = [words.name, words.department, ...data.items.flatMap((item) => [words.itemCount(item.name), words.itemPoints(item.name)]), words.count, words.total, words.target, words.reached];
  const rows = data.rows.map((row): Cell[] => [
    row.name,
    row.departmentName ?? words.noDepartment,
    ...data.items.flatMap((item) => [row.items[item.id]?.count ?? 0, row.items[item.id]?.points ?? 0]),
    row.count,
    row.total,
    row.target,
    row.reached === null ? null : `${row.reached}%`,
  ]);
  const totals: Cell[] = [
    words.totals,
    '',
    ...data.items.flatMap((item) => {
      const sum = sumItemCells(data.rows.map((row) => row.items[item.id]));
      return [sum.count, sum.points];
    }),
    data.totals.count,
    data.totals.total,
    data.totals.target,
    data.totals.reached === null ? null : `${data.totals.reached}%`,
  ];
  return [header, ...rows, totals];
}
