/**
 * Statistics periods (docs/product.md#statistics-and-dashboard): calendar date ranges [from, to], both
 * inclusive, as YYYY-MM-DD in the workspace's calendar. Deals store their completed and expected close
 * dates as dates, so a deal won at 23:30 on the last day of a month counts in that month.
 */
import type { DateRange } from '../activity-periods.ts';

export type { DateRange };

export const periodPresets = ['thisMonth', 'lastMonth', 'thisQuarter', 'lastQuarter', 'thisYear', 'lastYear'] as const;
export type PeriodPreset = (typeof periodPresets)[number];

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const parts = (date: string) => date.split('-').map(Number) as [number, number, number];

export function monthRange(year: number, month: number): DateRange {
  return { from: iso(year, month, 1), to: iso(year, month, daysIn(year, month)) };
}

export function quarterRange(year: number, quarter: number): DateRange {
  const first = (quarter - 1) * 3 + 1;
  return { from: monthRange(year, first).from, to: monthRange(year, first + 2).to };
}

export function yearRange(year: number): DateRange {
  return { from: iso(year, 1, 1), to: iso(year, 12, 31) };
}

/** The range of a preset around `today` (YYYY-MM-DD). Last quarter of Q1 is Q4 of the year before. */
export function presetRange(preset: PeriodPreset, today: string): DateRange {
  const [year, month] = parts(today);
  const quarter = Math.ceil(month / 3);
  switch (preset) {
    case 'thisMonth':
      return monthRange(year, month);
    case 'lastMonth':
      return month === 1 ? monthRange(year - 1, 12) : monthRange(year, month - 1);
    case 'thisQuarter':
      return quarterRange(year, quarter);
    case 'lastQuarter':
      return quarter === 1 ? quarterRange(year - 1, 4) : quarterRange(year, quarter - 1);
    case 'thisYear':
      return yearRange(year);
    case 'lastYear':
      return yearRange(year - 1);
  }
}

/** The months a range touches, as YYYY-MM, in order. */
export function monthsOf(range: DateRange): string[] {
  const [fy, fm] = parts(range.from);
  const [ty, tm] = parts(range.to);
  const months: string[] = [];
  for (let y = fy, m = fm; y < ty || (y === ty && m <= tm); m === 12 ? ((y += 1), (m = 1)) : (m += 1)) months.push(`${y}-${pad(m)}`);
  return months;
}

/** The same dates one year earlier (29 February → 28 February). */
export function sameRangeLastYear(range: DateRange): DateRange {
  const back = (date: string) => {
    const [y, m, d] = parts(date);
    return iso(y - 1, m, Math.min(d, daysIn(y - 1, m)));
  };
  return { from: back(range.from), to: back(range.to) };
}

/** From 1 January of the range's last year up to its last day. */
export function yearToDate(range: DateRange): DateRange {
  return { from: iso(parts(range.to)[0], 1, 1), to: range.to };
}

/** Days in a range, both ends included. */
export function rangeDays(range: DateRange): number {
  const [fy, fm, fd] = parts(range.from);
  const [ty, tm, td] = parts(range.to);
  return Math.round((Date.UTC(ty, tm - 1, td) - Date.UTC(fy, fm - 1, fd)) / 86_400_000) + 1;
}
