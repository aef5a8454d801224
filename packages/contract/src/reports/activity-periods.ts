import { addDays, daysFromTo } from '../calendar/schedules.ts';
import type { PeriodKind } from './period-kinds.ts';

/**
 * Activity report periods (docs/product.md#fields, #states, #limits): symbols `2024W5` (ISO week), `2024M3`
 * (month), `2024Q2` (quarter); stepping wraps across years (Q1 ← Q4, M1 ← M12, W1 ← the last ISO week of the
 * previous year, 52 or 53). Periods are calendar dates: "today" is taken in the workspace's timezone
 * (Asia/Taipei by default) and everything after that is date arithmetic, so a server in UTC and a browser in
 * Taipei agree on which week 00:30 Monday Taipei time belongs to.
 */

export { periodKinds, type PeriodKind } from './period-kinds.ts';

export interface Period {
  kind: PeriodKind;
  year: number;
  /** ISO week 1–53, month 1–12 or quarter 1–4. */
  index: number;
}

const letterOf: Record<PeriodKind, 'W' | 'M' | 'Q'> = { week: 'W', month: 'M', quarter: 'Q' };
const kindOf: Record<string, PeriodKind> = { W: 'week', M: 'month', Q: 'quarter' };

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function utcDate(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

/** ISO weekday: Monday 1 … Sunday 7. */
export function isoWeekday(date: string): number {
  return utcDate(date).getUTCDay() || 7;
}

/** The Monday of ISO week 1 of `year` (the week holding 4 January). */
function firstIsoMonday(year: number): string {
  const jan4 = `${year}-01-04`;
  return addDays(jan4, 1 - isoWeekday(jan4));
}

/** 52 or 53: a year has 53 ISO weeks when 1 January is a Thursday, or a Wednesday in a leap year. */
export function isoWeeksInYear(year: number): number {
  return daysFromTo(firstIsoMonday(year), firstIsoMonday(year + 1)) / 7;
}

/** The ISO week (and its week-year, which may differ from the date's year) holding a date. */
export function isoWeekOf(date: string): { year: number; week: number } {
  const thursday = addDays(date, 4 - isoWeekday(date));
  const year = Number(thursday.slice(0, 4));
  return { year, week: Math.floor(daysFromTo(firstIsoMonday(year), thursday) / 7) + 1 };
}

function maxIndex(kind: PeriodKind, year: number): number {
  return kind === 'week' ? isoWeeksInYear(year) : kind === 'month' ? 12 : 4;
}

/** `2024W5` → { week, 2024, 5 }; anything else (2024W54, 2023W53, 2024M13, 2024Q0, w5) → null. */
export function parsePeriod(symbol: string): Period | null {
  const match = /^(\d{4})([WMQ])(\d{1,2})$/.exec(symbol);
  if (!match) return null;
  const kind = kindOf[match[2]!]!;
  const year = Number(match[1]);
  const index = Number(match[3]);
  if (year < 1970 || index < 1 || index > maxIndex(kind, year)) return null;
  return { kind, year, index };
}

export function formatPeriod(period: Period): string {
  return `${period.year}${letterOf[period.kind]}${period.index}`;
}

export function isPeriodSymbol(symbol: string, kind?: PeriodKind): boolean {
  const period = parsePeriod(symbol);
  return period !== null && (kind === undefined || period.kind === kind);
}

/** The period of `kind` holding a date. */
export function periodOf(kind: PeriodKind, date: string): Period {
  if (kind === 'week') {
    const { year, week } = isoWeekOf(date);
    return { kind, year, index: week };
  }
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return { kind, year, index: kind === 'month' ? month : Math.ceil(month / 3) };
}

/** `delta` periods later (negative: earlier), wrapping across years. */
export function stepPeriod(period: Period, delta: number): Period {
  if (period.kind === 'week') {
    const monday = addDays(periodRange(period).from, delta * 7);
    return periodOf('week', monday);
  }
  const size = period.kind === 'month' ? 12 : 4;
  const zeroBased = period.year * size + (period.index - 1) + delta;
  return { kind: period.kind, year: Math.floor(zeroBased / size), index: (zeroBased % size) + 1 };
}

/** `2024W1` + 1 → `2024W2`; `2024W1` − 1 → `2023W52`; invalid symbols throw. */
export function stepSymbol(symbol: string, delta: number): string {
  const period = parsePeriod(symbol);
  if (!period) throw new Error(`not a period symbol: ${symbol}`);
  return formatPeriod(stepPeriod(period, delta));
}

export interface DateRange {
  /** First day, YYYY-MM-DD (inclusive). */
  from: string;
  /** Last day, YYYY-MM-DD (inclusive). */
  to: string;
}

function lastDayOfMonth(year: number, month: number): string {
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/** A period's first and last calendar day. */
export function periodRange(period: Period): DateRange {
  if (period.kind === 'week') {
    const from = addDays(firstIsoMonday(period.year), (period.index - 1) * 7);
    return { from, to: addDays(from, 6) };
  }
  const firstMonth = period.kind === 'month' ? period.index : (period.index - 1) * 3 + 1;
  const lastMonth = period.kind === 'month' ? period.index : firstMonth + 2;
  return { from: `${period.year}-${pad(firstMonth)}-01`, to: lastDayOfMonth(period.year, lastMonth) };
}

/** Today's date (YYYY-MM-DD) in a timezone, from an instant. */
export function localDateOf(instant: Date, timezone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** docs/product.md#limits: past 7 and 30 days, last / this / next week and month. */
export const dateShortcuts = ['past7Days', 'past30Days', 'lastWeek', 'thisWeek', 'nextWeek', 'lastMonth', 'thisMonth', 'nextMonth'] as const;
export type DateShortcut = (typeof dateShortcuts)[number];

/** A shortcut's days relative to `today`; "past 7 days" ends today and holds 7 days. */
export function shortcutRange(shortcut: DateShortcut, today: string): DateRange {
  switch (shortcut) {
    case 'past7Days':
      return { from: addDays(today, -6), to: today };
    case 'past30Days':
      return { from: addDays(today, -29), to: today };
    case 'lastWeek':
    case 'thisWeek':
    case 'nextWeek':
      return periodRange(stepPeriod(periodOf('week', today), shortcut === 'lastWeek' ? -1 : shortcut === 'nextWeek' ? 1 : 0));
    default:
      return periodRange(stepPeriod(periodOf('month', today), shortcut === 'lastMonth' ? -1 : shortcut === 'nextMonth' ? 1 : 0));
  }
}

/** Monday to Friday between two dates (inclusive). */
export function workingDaysIn(range: DateRange): number {
  const days = daysFromTo(range.from, range.to) + 1;
  if (days <= 0) return 0;
  const fullWeeks = Math.floor(days / 7);
  let count = fullWeeks * 5;
  const startDay = isoWeekday(range.from);
  for (let i = 0; i < days % 7; i++) if (((startDay - 1 + i) % 7) + 1 <= 5) count++;
  return count;
}

/**
 * A period's activity target from a daily target (docs/product.md#limits: daily target = daily count × weight
 * score, weekly = daily × 5). Months, quarters and custom ranges count their working days (Monday–Friday), so a
 * month of 23 working days asks 23 daily targets: the same rule as the week's five, without public holidays.
 */
export function targetFor(dailyTarget: number, kind: PeriodKind | 'custom', range: DateRange): number {
  return dailyTarget * (kind === 'week' ? 5 : workingDaysIn(range));
}

/** Percentage reached, rounded down to a whole number; null when there is no target (shown "—", not 0 %). */
export function reachedPercent(points: number, target: number | null): number | null {
  if (target === null || target <= 0) return null;
  return Math.floor((points * 100) / target);
}
