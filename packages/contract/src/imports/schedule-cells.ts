import { isRealDate } from '../platform/common.ts';
import type { Locale } from '../platform/locale.ts';
import { scheduleCategories, type RepeatBy, type RepeatDuring, type ScheduleCategory } from '../calendar/schedules.ts';

/**
 * Schedule cells of an export and an import (docs/product.md#import-and-export): the repeat rule, the category,
 * the reminder and yes/no written in the user's language, and read back in any of the three languages (and the
 * words other calendars use), so an exported file imports again unchanged.
 */
type Frequency = Exclude<RepeatBy, 'none'>;
interface Words {
  every: Record<Frequency, string>;
  times: (n: string) => string;
  until: (date: string) => string;
  yes: string;
  no: string;
  category: Record<ScheduleCategory, string>;
  atStart: string;
  before: (n: number, unit: 'minute' | 'hour' | 'day') => string;
}

const zhUnits = { 'zh-TW': { minute: '分鐘', hour: '小時', day: '天' }, 'zh-CN': { minute: '分钟', hour: '小时', day: '天' } } as const;
const cellWords: Record<Locale, Words> = {
  'zh-TW': {
    every: { day: '每天', week: '每週', month: '每月', year: '每年' },
    times: (n) => `共 ${n} 次`,
    until: (date) => `直到 ${date}`,
    yes: '是',
    no: '否',
    category: { phone: '電話', mail: '郵件', message: '訊息', visit: '拜訪' },
    atStart: '準時',
    before: (n, unit) => `${n} ${zhUnits['zh-TW'][unit]}前`,
  },
  'zh-CN': {
    every: { day: '每天', week: '每周', month: '每月', year: '每年' },
    times: (n) => `共 ${n} 次`,
    until: (date) => `直到 ${date}`,
    yes: '是',
    no: '否',
    category: { phone: '电话', mail: '邮件', message: '消息', visit: '拜访' },
    atStart: '准时',
    before: (n, unit) => `${n} ${zhUnits['zh-CN'][unit]}前`,
  },
  'en-US': {
    every: { day: 'Daily', week: 'Weekly', month: 'Monthly', year: 'Yearly' },
    times: (n) => `${n} times`,
    until: (date) => `until ${date}`,
    yes: 'Yes',
    no: 'No',
    category: { phone: 'Phone', mail: 'Mail', message: 'Message', visit: 'Visit' },
    atStart: 'At start',
    before: (n, unit) => `${n} ${unit}${n === 1 ? '' : 's'} before`,
  },
};
const locales = Object.keys(cellWords) as Locale[];

export interface RepeatCell {
  repeatBy: RepeatBy;
  repeatDuring: RepeatDuring;
  repeatDuringVal: string | null;
}

/** "每週，共 5 次", "Weekly, until 2026-05-01"; '' for a schedule that does not repeat. */
export function formatRepeat(locale: Locale, repeat: RepeatCell): string {
  if (repeat.repeatBy === 'none') return '';
  const words = cellWords[locale];
  const every = words.every[repeat.repeatBy];
  const separator = locale === 'en-US' ? ', ' : '，';
  if (repeat.repeatDuring === 'number' && repeat.repeatDuringVal) return `${every}${separator}${words.times(repeat.repeatDuringVal)}`;
  if (repeat.repeatDuring === 'date' && repeat.repeatDuringVal) return `${every}${separator}${words.until(repeat.repeatDuringVal)}`;
  return every;
}

const frequencyWords: Record<string, RepeatBy> = {
  none: 'none', no: 'none', never: 'none', 不重複: 'none', 不重复: 'none', 無: 'none', 无: 'none',
  day: 'day', daily: 'day', everyday: 'day', 每日: 'day', 每天: 'day', 天: 'day', 日: 'day',
  week: 'week', weekly: 'week', everyweek: 'week', 每週: 'week', 每周: 'week', 每星期: 'week', 週: 'week', 周: 'week',
  month: 'month', monthly: 'month', everymonth: 'month', 每月: 'month', 每個月: 'month', 每个月: 'month', 月: 'month',
  year: 'year', yearly: 'year', annually: 'year', everyyear: 'year', 每年: 'year', 年: 'year',
};
const squeeze = (text: string) => text.toLowerCase().replace(/\s+/g, '');

/**
 * A repeat cell → the drawer's repeat fields, or undefined when it names no frequency. After the frequency, a date
 * is the last day (until) and a number the count; the rest of the words are not needed ("共 5 次", "5 times").
 */
export function parseRepeat(cell: string): RepeatCell | undefined {
  const [head = '', ...rest] = cell.trim().split(/[,，;；]/);
  const repeatBy = frequencyWords[squeeze(head)];
  if (!repeatBy) return undefined;
  if (repeatBy === 'none') return { repeatBy, repeatDuring: 'forever', repeatDuringVal: null };
  const tail = rest.join(' ');
  const date = /(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})/.exec(tail);
  if (date) return { repeatBy, repeatDuring: 'date', repeatDuringVal: `${date[1]}-${date[2]!.padStart(2, '0')}-${date[3]!.padStart(2, '0')}` };
  const count = /\d+/.exec(tail);
  if (count) return { repeatBy, repeatDuring: 'number', repeatDuringVal: count[0] };
  return { repeatBy, repeatDuring: 'forever', repeatDuringVal: null };
}

export const formatYesNo = (locale: Locale, value: boolean) => (value ? cellWords[locale].yes : cellWords[locale].no);

const yesWords = new Set(['yes', 'y', 'true', '1', 'v', '✓', '✔', 'x', '是', '對', '对', 'o']);
const noWords = new Set(['no', 'n', 'false', '0', '否', '不', '不是']);
/** A yes/no cell; undefined when it is neither. */
export function parseYesNo(cell: string): boolean | undefined {
  const value = squeeze(cell);
  if (yesWords.has(value) || locales.some((l) => squeeze(cellWords[l].yes) === value)) return true;
  if (noWords.has(value) || locales.some((l) => squeeze(cellWords[l].no) === value)) return false;
  return undefined;
}

export const formatCategory = (locale: Locale, category: ScheduleCategory | null) => (category ? cellWords[locale].category[category] : '');

/** A category in any language ("拜訪", "visit", "Visit"); undefined when none matches. */
export function parseCategory(cell: string): ScheduleCategory | undefined {
  const value = squeeze(cell);
  return scheduleCategories.find((c) => c === value || locales.some((l) => squeeze(cellWords[l].category[c]) === value));
}

/** Seconds before the start as words: "準時", "10 分鐘前", "1 hour before". */
export function formatNotice(locale: Locale, seconds: number): string {
  const words = cellWords[locale];
  if (seconds === 0) return words.atStart;
  if (seconds % 86_400 === 0) return words.before(seconds / 86_400, 'day');
  if (seconds % 3600 === 0) return words.before(seconds / 3600, 'hour');
  return words.before(Math.round(seconds / 60), 'minute');
}

const unitSeconds: [RegExp, number][] = [
  [/^(d|day|days|天|日)/, 86_400],
  [/^(h|hr|hrs|hour|hours|小時|小时|時|时)/, 3600],
];
/**
 * A reminder cell → seconds ("10" and "10 分鐘前" are minutes; "1 小時", "1 hour before", "1 天"); undefined when
 * unreadable. Whether the number is one of the offered reminders is the create API's rule.
 */
export function parseNotice(cell: string): number | undefined {
  const value = squeeze(cell);
  if (locales.some((l) => squeeze(cellWords[l].atStart) === value) || value === 'none') return 0;
  const m = /^(\d+)(.*)$/.exec(value);
  if (!m) return undefined;
  const unit = unitSeconds.find(([pattern]) => pattern.test(m[2]!))?.[1] ?? 60;
  return Number(m[1]) * unit;
}

/**
 * A start or end cell → local date and time: "2026-03-05 14:00", "2026/3/5 9:30", "2026年3月5日 14:00",
 * "2026-03-05T14:00" (an Excel date cell as the reader writes it), or a date alone (time null). Undefined when unreadable.
 */
export function parseDateTime(cell: string): { date: string; time: string | null } | undefined {
  const m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?(?:[\sT]+(\d{1,2})[:：](\d{2})(?::\d{2}(?:\.\d+)?)?)?$/.exec(cell.trim());
  if (!m) return undefined;
  const date = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
  if (!isRealDate(date)) return undefined;
  if (m[4] === undefined) return { date, time: null };
  return { date, time: `${m[4].padStart(2, '0')}:${m[5]}` };
}

/** A local date and time for a cell: "2026-03-05 14:00", or the date alone for an all-day schedule. */
export const formatDateTime = (date: string, time: string | null) => (time ? `${date} ${time.slice(0, 5)}` : date);

/** Days a calendar export's range may span (a year, whatever the calendar shows at once). */
export const scheduleExportMaxDays = 366;
