import { defaultColor, reminderOptionsSeconds } from '../platform/constants.ts';
import { isRealDate } from '../platform/common.rules.ts';

/**
 * Tasks and schedules (docs/product.md#screens, #fields, #states, #validation, #api, #limits). The module and code say "schedules"; the API keeps
 * the product's paths (/api/task…, /api/schedule/…).
 *
 * Times are local wall-clock times (YYYY-MM-DD + HH:MM) in the schedule's IANA timezone (Asia/Taipei by default).
 * A repeating schedule is one row with an RFC 5545 RRULE (FREQ/COUNT/UNTIL, UNTIL as floating local end of day)
 * plus exception rows for moved, cancelled or completed occurrences; occurrences are expanded per requested range.
 * An occurrence is named by its schedule id and its ORIGINAL local start date (`occurrenceDate`), which stays its
 * key even after it is moved.
 *
 * This module is zod-free (apps/web/README.md "First load"): the calendar page uses its values and rules, and a
 * schema here would bring zod into the page's first load. The schemas are in schedules.bodies.ts and
 * schedules.answers.ts.
 */

export const scheduleCategories = ['phone', 'mail', 'message', 'visit'] as const;
export type ScheduleCategory = (typeof scheduleCategories)[number];

/** docs/product.md#states: repeat none (default), day, week, month, year. */
export const repeatByOptions = ['none', 'day', 'week', 'month', 'year'] as const;
export type RepeatBy = (typeof repeatByOptions)[number];
/** Repeat period: forever, a number of times (count), or until a date. */
export const repeatDuringOptions = ['forever', 'number', 'date'] as const;
export type RepeatDuring = (typeof repeatDuringOptions)[number];
/** docs/product.md#limits: repeat count max length 3. */
export const repeatCountMaxLength = 3;

/** Edit/delete scope of a repeating schedule: this occurrence, this and following, all. */
export const scheduleScopes = ['this', 'following', 'all'] as const;
export type ScheduleScope = (typeof scheduleScopes)[number];

/** Calendar filters (docs/product.md#screens): All, Reservation, Schedule, Uncompleted, Completed. */
export const calendarFilters = ['all', 'reservation', 'schedule', 'uncompleted', 'completed'] as const;
export type CalendarFilter = (typeof calendarFilters)[number];

/** Sources of the calendar feed: schedules now, the booking team's reservations later. */
export const calendarEventTypes = ['schedule', 'reservation'] as const;
export type CalendarEventType = (typeof calendarEventTypes)[number];

export const defaultTimezone = 'Asia/Taipei';
export const defaultScheduleColor = defaultColor;
/** docs/product.md#limits: default end 23:00, default start time 01:00; slots every 30 minutes. */
export const scheduleDefaults = { startTime: '01:00', endTime: '23:00', slotMinutes: 30 } as const;
/** docs/product.md#limits: image upload compressed in the browser. */
export const scheduleImageUpload = { maxWidth: 1024, quality: 0.92, maxFiles: 10, maxBytes: 10 * 1024 * 1024 } as const;
/** getBetween answers at most this many days (a month grid is 42). */
export const calendarMaxRangeDays = 100;

export type ReminderSeconds = (typeof reminderOptionsSeconds)[number];

/** Which events a filter keeps. */
export function matchesCalendarFilter(event: { type: CalendarEventType; completed: boolean }, filter: CalendarFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'reservation':
    case 'schedule':
      return event.type === filter;
    case 'completed':
      return event.completed;
    case 'uncompleted':
      return !event.completed;
  }
}

// ---- dates and times (pure) ----

const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/;
/** docs/product.md#validation: time mask HH:MM with a time rule (00:00–23:59). */
export function isTime(value: string): boolean {
  return timePattern.test(value);
}

export function isTimezone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** YYYY-MM-DD plus n days (calendar arithmetic, no timezone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
/** Whole calendar days from a to b (b − a). */
export function daysFromTo(a: string, b: string): number {
  const toUtc = (s: string) => {
    const [y, m, d] = s.split('-').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((toUtc(b) - toUtc(a)) / 86_400_000);
}
const pad2 = (n: number) => String(n).padStart(2, '0');

/** The local date/time fields the drawer links (docs/product.md#states). */
export interface ScheduleTimes {
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
}
export type ScheduleTimeField = keyof ScheduleTimes;

/**
 * docs/product.md#states, schedule date linking, applied after `changed` took its new value:
 * - start date after end date moves the end date to the start date; end date before start date moves the start date;
 * - start time past the end time on the same day: end = start + 1 hour (00:00 of the next day when the start hour is 23);
 * - end time before the start time on the same day: start = end − 1 hour, or 00:00 when the end hour is 0.
 */
export function linkScheduleTimes(times: ScheduleTimes, changed: ScheduleTimeField): ScheduleTimes {
  const next = { ...times };
  if (changed === 'startDate' && next.startDate > next.endDate) next.endDate = next.startDate;
  if (changed === 'endDate' && next.endDate < next.startDate) next.startDate = next.endDate;
  if (next.startDate !== next.endDate || !isTime(next.startTime) || !isTime(next.endTime)) return next;
  const startDriven = changed === 'startDate' || changed === 'startTime';
  // Equal counts too: a schedule of no length (a new one started at 23:00, whose default end is 23:00) is pushed an hour on.
  if (startDriven && next.startTime >= next.endTime) {
    const [hour, minute] = next.startTime.split(':').map(Number) as [number, number];
    if (hour === 23) {
      next.endDate = addDays(next.startDate, 1);
      next.endTime = '00:00';
    } else {
      next.endTime = `${pad2(hour + 1)}:${pad2(minute)}`;
    }
  } else if (!startDriven && next.endTime < next.startTime) {
    const [hour, minute] = next.endTime.split(':').map(Number) as [number, number];
    next.startTime = hour === 0 ? '00:00' : `${pad2(hour - 1)}:${pad2(minute)}`;
  }
  return next;
}

// ---- validation (docs/product.md#validation) ----

export interface ScheduleRuleInput {
  title?: string | null;
  startDate?: string | null;
  startDateTime?: string | null;
  endDate?: string | null;
  endDateTime?: string | null;
  fullDay?: boolean;
  repeatBy?: RepeatBy;
  repeatDuring?: RepeatDuring;
  repeatDuringVal?: string | null;
  notice?: number;
}
export interface ScheduleIssue {
  field: string;
  reason: 'required' | 'invalidValue' | 'invalidDate' | 'tooLong';
}

/**
 * docs/product.md#validation: title and dates required; HH:MM times (required unless all-day); the end not before the start;
 * a repeat count is numeric, at most 3 digits and ≥ 1 (only when repeatDuring is number); a repeat-until date is a
 * real date not before the start (only when repeatDuring is date); notice is one of the reminder options.
 */
export function validateSchedule(input: ScheduleRuleInput): ScheduleIssue[] {
  const issues: ScheduleIssue[] = [];
  if (!input.title?.trim()) issues.push({ field: 'title', reason: 'required' });
  for (const field of ['startDate', 'endDate'] as const) {
    const value = input[field];
    if (!value) issues.push({ field, reason: 'required' });
    else if (!isRealDate(value)) issues.push({ field, reason: 'invalidDate' });
  }
  if (!input.fullDay) {
    for (const field of ['startDateTime', 'endDateTime'] as const) {
      const value = input[field];
      if (!value) issues.push({ field, reason: 'required' });
      else if (!isTime(value)) issues.push({ field, reason: 'invalidValue' });
    }
  }
  if (issues.length === 0) {
    const start = `${input.startDate} ${input.fullDay ? '00:00' : input.startDateTime}`;
    const end = `${input.endDate} ${input.fullDay ? '00:00' : input.endDateTime}`;
    if (end < start) issues.push({ field: input.endDate! < input.startDate! ? 'endDate' : 'endDateTime', reason: 'invalidValue' });
  }
  if (input.repeatBy && input.repeatBy !== 'none') {
    const value = input.repeatDuringVal?.trim() ?? '';
    if (input.repeatDuring === 'number') {
      if (!value) issues.push({ field: 'repeatDuringVal', reason: 'required' });
      else if (value.length > repeatCountMaxLength) issues.push({ field: 'repeatDuringVal', reason: 'tooLong' });
      else if (!/^\d+$/.test(value) || Number(value) < 1) issues.push({ field: 'repeatDuringVal', reason: 'invalidValue' });
    } else if (input.repeatDuring === 'date') {
      if (!value) issues.push({ field: 'repeatDuringVal', reason: 'required' });
      else if (!isRealDate(value)) issues.push({ field: 'repeatDuringVal', reason: 'invalidDate' });
      else if (input.startDate && value < input.startDate) issues.push({ field: 'repeatDuringVal', reason: 'invalidValue' });
    }
  }
  if (input.notice !== undefined && !(reminderOptionsSeconds as readonly number[]).includes(input.notice)) {
    issues.push({ field: 'notice', reason: 'invalidValue' });
  }
  return issues;
}
