import { z } from 'zod';
import { activityItemSchema } from './activity-items.ts';
import { defaultColor, reminderOptionsSeconds } from '../platform/constants.ts';
import { userRefSchema } from '../records/records.ts';
import { isRealDate, uuidSchema } from '../platform/common.ts';

/**
 * Tasks and schedules (docs/product.md#screens, #fields, #states, #validation, #api, #limits). The module and code say "schedules"; the API keeps
 * the product's paths (/api/task…, /api/schedule/…).
 *
 * Times are local wall-clock times (YYYY-MM-DD + HH:MM) in the schedule's IANA timezone (Asia/Taipei by default).
 * A repeating schedule is one row with an RFC 5545 RRULE (FREQ/COUNT/UNTIL, UNTIL as floating local end of day)
 * plus exception rows for moved, cancelled or completed occurrences; occurrences are expanded per requested range.
 * An occurrence is named by its schedule id and its ORIGINAL local start date (`occurrenceDate`), which stays its
 * key even after it is moved.
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

// ---- dates and times (pure) ----

const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/;
/** docs/product.md#validation: time mask HH:MM with a time rule (00:00–23:59). */
export function isTime(value: string): boolean {
  return timePattern.test(value);
}
export const timeSchema = z.string().refine(isTime, { message: 'invalidValue' });
export const scheduleDateSchema = z.string().refine(isRealDate, { message: 'invalidDate' });

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
  if (startDriven && next.startTime > next.endTime) {
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

// ---- recurrence (RFC 5545 RRULE text, pure) ----

const freqByRepeat: Record<Exclude<RepeatBy, 'none'>, string> = { day: 'DAILY', week: 'WEEKLY', month: 'MONTHLY', year: 'YEARLY' };
const repeatByFreq: Record<string, Exclude<RepeatBy, 'none'>> = { DAILY: 'day', WEEKLY: 'week', MONTHLY: 'month', YEARLY: 'year' };

/** UNTIL of a floating (wall-clock) series: the last second of that local day, without Z (RFC 5545 §3.3.10). */
export function untilOfDate(date: string): string {
  return `${date.replaceAll('-', '')}T235959`;
}

/** The drawer's repeat fields → RRULE text (without "RRULE:"), or null when the schedule does not repeat. */
export function repeatToRrule(repeat: { repeatBy: RepeatBy; repeatDuring: RepeatDuring; repeatDuringVal?: string | null }): string | null {
  if (repeat.repeatBy === 'none') return null;
  const parts = [`FREQ=${freqByRepeat[repeat.repeatBy]}`];
  if (repeat.repeatDuring === 'number' && repeat.repeatDuringVal) parts.push(`COUNT=${Number(repeat.repeatDuringVal)}`);
  if (repeat.repeatDuring === 'date' && repeat.repeatDuringVal) parts.push(`UNTIL=${untilOfDate(repeat.repeatDuringVal)}`);
  return parts.join(';');
}

function rruleParts(rrule: string): Map<string, string> {
  const text = rrule.replace(/^RRULE:/i, '');
  return new Map(
    text.split(';').filter(Boolean).map((part) => {
      const [key = '', value = ''] = part.split('=');
      return [key.toUpperCase(), value] as [string, string];
    }),
  );
}
function rruleText(parts: Map<string, string>): string {
  return [...parts].map(([k, v]) => `${k}=${v}`).join(';');
}

/** RRULE text → the drawer's repeat fields (FREQ beyond day…year or an INTERVAL are shown as their base frequency). */
export function rruleToRepeat(rrule: string | null): { repeatBy: RepeatBy; repeatDuring: RepeatDuring; repeatDuringVal: string | null } {
  if (!rrule) return { repeatBy: 'none', repeatDuring: 'forever', repeatDuringVal: null };
  const parts = rruleParts(rrule);
  const repeatBy = repeatByFreq[parts.get('FREQ') ?? ''] ?? 'day';
  const count = parts.get('COUNT');
  if (count) return { repeatBy, repeatDuring: 'number', repeatDuringVal: count };
  const until = parts.get('UNTIL');
  if (until) return { repeatBy, repeatDuring: 'date', repeatDuringVal: `${until.slice(0, 4)}-${until.slice(4, 6)}-${until.slice(6, 8)}` };
  return { repeatBy, repeatDuring: 'forever', repeatDuringVal: null };
}

/** The COUNT of a rule, or null. */
export function rruleCount(rrule: string): number | null {
  const count = rruleParts(rrule).get('COUNT');
  return count ? Number(count) : null;
}

/** "This and following" — the old series ends the day before the occurrence (COUNT replaced by UNTIL). */
export function rruleEndingBefore(rrule: string, occurrenceDate: string): string {
  const parts = rruleParts(rrule);
  parts.delete('COUNT');
  parts.set('UNTIL', untilOfDate(addDays(occurrenceDate, -1)));
  return rruleText(parts);
}

/** "This and following" — the new series from the occurrence: a COUNT keeps the occurrences that were left. */
export function rruleFromOccurrence(rrule: string, occurrencesBefore: number): string {
  const parts = rruleParts(rrule);
  const count = parts.get('COUNT');
  if (count) parts.set('COUNT', String(Math.max(1, Number(count) - occurrencesBefore)));
  return rruleText(parts);
}

/**
 * What an edit or delete with `scope` does:
 * - 'series': change (or delete) the whole schedule — a non-repeating one, 'all', or 'following' from the first occurrence;
 * - 'occurrence': an exception row for one occurrence ('this');
 * - 'split': end the old series before the occurrence and (for edits) start a new series there ('following').
 */
export function planScopeChange(scope: ScheduleScope, series: { isRecurring: boolean; isFirstOccurrence: boolean }): 'series' | 'occurrence' | 'split' {
  if (!series.isRecurring || scope === 'all') return 'series';
  if (scope === 'this') return 'occurrence';
  return series.isFirstOccurrence ? 'series' : 'split';
}

/** An 'all' edit made from an occurrence moves the series start by the same number of days the occurrence moved. */
export function shiftedSeriesStart(seriesStartDate: string, occurrenceDate: string, newOccurrenceDate: string): string {
  return addDays(seriesStartDate, daysFromTo(occurrenceDate, newOccurrenceDate));
}

// ---- payloads ----

const booleanish = z.union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on']).transform((v) => v === 'true' || v === '1' || v === 'on')]);
/** A linked record as the drawer sends it: JSON {id, name} (name ignored; the server reads it). */
export const scheduleLinkSchema = z.object({ id: uuidSchema, name: z.string().max(500).optional() });

/**
 * POST /api/task (multipart; also JSON) — docs/product.md#fields. Multipart sends scalars as form fields, the fields in
 * `scheduleMultipartJsonFields` as JSON text, and files as `images` (names in `imagesName[]`, same order).
 * `fullDate` (the product's spelling) is accepted for `fullDay`.
 */
export const scheduleFields = {
  title: z.string().trim().min(1).max(200),
  category: z.enum(scheduleCategories).nullable(),
  startDate: scheduleDateSchema,
  startDateTime: timeSchema.nullable(),
  endDate: scheduleDateSchema,
  endDateTime: timeSchema.nullable(),
  fullDay: booleanish,
  repeatBy: z.enum(repeatByOptions),
  repeatDuring: z.enum(repeatDuringOptions),
  repeatDuringVal: z.string().trim().max(10).nullable(),
  /** Seconds before the start; docs/product.md#limits options 0, 300, 600, 1800, 3600, 86400. */
  notice: z.coerce.number().int(),
  deal: uuidSchema.nullable(),
  address: z.string().trim().max(500).nullable(),
  taskNote: z.string().trim().max(10_000).nullable(),
  color: z.string().regex(/^#[0-9A-Fa-f]{6}$/),
  company: scheduleLinkSchema.nullable(),
  client: scheduleLinkSchema.nullable(),
  /** Activity item ids (the drawer's activity items). */
  activity: z.array(uuidSchema).max(100),
  /** Names of the uploaded `images` files, in order. */
  imagesName: z.array(z.string().max(255)).max(scheduleImageUpload.maxFiles),
  complete: booleanish,
  /** IANA timezone of the wall-clock times; defaults to Asia/Taipei. */
  timezone: z.string().max(64).refine(isTimezone, { message: 'invalidValue' }),
};

export const scheduleMultipartJsonFields = ['company', 'client', 'activity', 'imagesName', 'removeImageIds'] as const;

function refineSchedule(value: ScheduleRuleInput, ctx: z.RefinementCtx) {
  for (const issue of validateSchedule(value)) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.reason });
}

const scheduleCreateObject = z.object({
  ...scheduleFields,
  category: scheduleFields.category.optional(),
  startDateTime: scheduleFields.startDateTime.optional(),
  endDateTime: scheduleFields.endDateTime.optional(),
  fullDay: scheduleFields.fullDay.default(false),
  repeatBy: scheduleFields.repeatBy.default('none'),
  repeatDuring: scheduleFields.repeatDuring.default('forever'),
  repeatDuringVal: scheduleFields.repeatDuringVal.optional(),
  notice: scheduleFields.notice.default(0),
  deal: scheduleFields.deal.optional(),
  address: scheduleFields.address.optional(),
  taskNote: scheduleFields.taskNote.optional(),
  color: scheduleFields.color.default(defaultScheduleColor),
  company: scheduleFields.company.optional(),
  client: scheduleFields.client.optional(),
  activity: scheduleFields.activity.default([]),
  imagesName: scheduleFields.imagesName.default([]),
  complete: scheduleFields.complete.default(false),
  timezone: scheduleFields.timezone.optional(),
});
export const scheduleCreateBodySchema = scheduleCreateObject.superRefine(refineSchedule);
export type ScheduleCreateBody = z.infer<typeof scheduleCreateBodySchema>;
export type ScheduleCreateInput = z.input<typeof scheduleCreateBodySchema>;

/**
 * POST /api/task/{id} (multipart; also JSON): the whole drawer again, plus
 * - scope: 'this' | 'following' | 'all' (default 'all'; ignored for a non-repeating schedule);
 * - occurrenceDate: the edited occurrence's original date (required for 'this'/'following' on a repeating schedule);
 * - removeImageIds: images to drop (new files are added);
 * - complete: omitted keeps the schedule's (or the occurrence's) completion.
 */
export const scheduleUpdateBodySchema = scheduleCreateObject
  .extend({
    complete: scheduleFields.complete.optional(),
    scope: z.enum(scheduleScopes).default('all'),
    occurrenceDate: scheduleDateSchema.optional(),
    removeImageIds: z.array(uuidSchema).max(100).default([]),
  })
  .superRefine(refineSchedule);
export type ScheduleUpdateBody = z.infer<typeof scheduleUpdateBodySchema>;
export type ScheduleUpdateInput = z.input<typeof scheduleUpdateBodySchema>;

export const scheduleIdSchema = z.object({ id: z.string() });

/** GET /api/task/{id}?occurrenceDate= — with an occurrence, its own (moved, completed) values. */
export const scheduleGetQuerySchema = z.object({ orgId: uuidSchema, occurrenceDate: scheduleDateSchema.optional() });
/** DELETE /api/task/{id}/delete?type=this|following|all&occurrenceDate= */
export const scheduleDeleteQuerySchema = z.object({
  orgId: uuidSchema,
  type: z.enum(scheduleScopes).default('all'),
  occurrenceDate: scheduleDateSchema.optional(),
});
export type ScheduleDeleteQuery = z.infer<typeof scheduleDeleteQuerySchema>;
/** PUT /api/task/{id}/complete — per occurrence for a repeating schedule; `complete` defaults to toggling. */
export const scheduleCompleteBodySchema = z.object({
  occurrenceDate: scheduleDateSchema.optional(),
  complete: z.boolean().optional(),
});
export type ScheduleCompleteBody = z.infer<typeof scheduleCompleteBodySchema>;

/**
 * POST /api/schedule/changeScheduleDate (drag and drop): a repeating schedule's occurrence (occurrenceDate given)
 * becomes a moved exception; a non-repeating schedule moves whole. Times omitted with allDay true.
 */
export const changeScheduleDateBodySchema = z
  .object({
    id: uuidSchema,
    occurrenceDate: scheduleDateSchema.optional(),
    startDate: scheduleDateSchema,
    startDateTime: timeSchema.nullable().optional(),
    endDate: scheduleDateSchema,
    endDateTime: timeSchema.nullable().optional(),
    fullDay: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    for (const issue of validateSchedule({ ...value, title: 'x' })) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.reason });
  });
export type ChangeScheduleDateBody = z.infer<typeof changeScheduleDateBodySchema>;

// ---- answers ----

export const scheduleImageSchema = z.object({ id: z.string(), name: z.string(), url: z.string() });
export const scheduleRefSchema = z.object({ id: z.string(), name: z.string() });

export const scheduleSchema = z.object({
  id: z.string(),
  title: z.string(),
  category: z.enum(scheduleCategories).nullable(),
  /** The series start (or, with ?occurrenceDate=, the occurrence's own start). */
  startDate: z.string(),
  startDateTime: z.string().nullable(),
  endDate: z.string(),
  endDateTime: z.string().nullable(),
  fullDay: z.boolean(),
  repeatBy: z.enum(repeatByOptions),
  repeatDuring: z.enum(repeatDuringOptions),
  repeatDuringVal: z.string().nullable(),
  rrule: z.string().nullable(),
  timezone: z.string(),
  notice: z.number().int(),
  deal: scheduleRefSchema.nullable(),
  address: z.string().nullable(),
  taskNote: z.string().nullable(),
  color: z.string(),
  company: scheduleRefSchema.nullable(),
  client: scheduleRefSchema.nullable(),
  /** The caller's pickable items with isSelect for the schedule's, plus picked items outside the profile. */
  activity: z.array(activityItemSchema),
  images: z.array(scheduleImageSchema),
  /** Non-repeating: the schedule's flag; with occurrenceDate: that occurrence's. */
  complete: z.boolean(),
  occurrenceDate: z.string().nullable(),
  isRecurring: z.boolean(),
  owner: userRefSchema.nullable(),
  canEdit: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

/**
 * One occurrence in the calendar feed (getMonth, getBetween, getDate). `id` is unique in the feed
 * (`schedule:<scheduleId>:<occurrenceDate>`); start/end are instants, the local fields are in `timezone`.
 * An all-day event's end is exclusive in `end` (next midnight) but inclusive in `endDate`.
 */
export const calendarEventSchema = z.object({
  id: z.string(),
  type: z.enum(calendarEventTypes),
  /** The schedule (type schedule) or reservation (type reservation) id. */
  sourceId: z.string(),
  scheduleId: z.string().nullable(),
  occurrenceDate: z.string(),
  start: z.string(),
  end: z.string(),
  startDate: z.string(),
  startTime: z.string().nullable(),
  endDate: z.string(),
  endTime: z.string().nullable(),
  timezone: z.string(),
  allDay: z.boolean(),
  title: z.string(),
  color: z.string(),
  category: z.enum(scheduleCategories).nullable(),
  completed: z.boolean(),
  isRecurring: z.boolean(),
  /** The occurrence was moved away from its rule's time. */
  isMoved: z.boolean(),
  owner: userRefSchema.nullable(),
  /** The caller may drag, edit, complete and delete it. */
  editable: z.boolean(),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;
export const calendarEventListSchema = z.object({ items: z.array(calendarEventSchema) });
export type CalendarEventList = z.infer<typeof calendarEventListSchema>;

const userIdsParam = z
  .string()
  .max(4000)
  .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(uuidSchema).max(100));

/**
 * Common calendar query: `userIds` (comma-separated) whose calendars to show; default the caller plus their saved
 * pick (saveUserSchedulePickUser). Users outside the caller's calendar visibility are left out silently.
 */
const calendarQueryBase = {
  orgId: uuidSchema,
  userIds: userIdsParam.optional(),
  filter: z.enum(calendarFilters).default('all'),
};
/** GET /api/schedule/getMonth?year=&month= — the month's days (1st to last, local). */
export const calendarMonthQuerySchema = z.object({
  ...calendarQueryBase,
  year: z.coerce.number().int().min(1970).max(2200),
  month: z.coerce.number().int().min(1).max(12),
});
export type CalendarMonthQuery = z.infer<typeof calendarMonthQuerySchema>;
/** GET /api/schedule/getBetween?start=&end= — inclusive local dates, at most calendarMaxRangeDays. */
export const calendarBetweenQuerySchema = z
  .object({ ...calendarQueryBase, start: scheduleDateSchema, end: scheduleDateSchema })
  .superRefine((value, ctx) => {
    const days = daysFromTo(value.start, value.end);
    if (days < 0 || days >= calendarMaxRangeDays) ctx.addIssue({ code: 'custom', path: ['end'], message: 'invalidValue' });
  });
export type CalendarBetweenQuery = z.infer<typeof calendarBetweenQuerySchema>;
/** GET /api/schedule/getDate?date= — one day. */
export const calendarDateQuerySchema = z.object({ ...calendarQueryBase, date: scheduleDateSchema });
export type CalendarDateQuery = z.infer<typeof calendarDateQuerySchema>;

/** Which events a filter keeps. */
export function matchesCalendarFilter(event: Pick<CalendarEvent, 'type' | 'completed'>, filter: CalendarFilter): boolean {
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

/** GET /api/search/tasks?title= — title suggestions (2+ characters); answers { tasks } (docs/product.md: suggested schedules). */
export const scheduleSearchQuerySchema = z.object({
  orgId: uuidSchema,
  title: z.string().trim().min(2).max(100),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export const scheduleSuggestionSchema = z.object({
  id: z.string(),
  title: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  location: z.string().nullable(),
  category: z.enum(scheduleCategories).nullable(),
  color: z.string(),
  customer: scheduleRefSchema.nullable(),
  company: scheduleRefSchema.nullable(),
});
export type ScheduleSuggestion = z.infer<typeof scheduleSuggestionSchema>;
export const scheduleSearchSchema = z.object({ tasks: z.array(scheduleSuggestionSchema) });

/**
 * GET /api/schedule/reminder — reminders whose time has come (start − notice ≤ now, before the occurrence ends),
 * each answered ONCE: the server records it as shown in the same call, so a reload does not show it again.
 * reminderRemainTime: seconds until the start (0 once started). docs/product.md#fields: title, date, dayStr, startTime,
 * endTime, reminderRemainTime.
 */
export const reminderSourceTypes = ['schedule', 'contact', 'company', 'deal'] as const;
export const reminderSchema = z.object({
  /** Unique per reminder (schedule:<id>:<occurrenceDate>, or the record field's key). */
  key: z.string(),
  type: z.enum(reminderSourceTypes),
  /** The schedule id or the contact/company/deal id (notification custom fields). */
  sourceId: z.string(),
  occurrenceDate: z.string().nullable(),
  title: z.string(),
  date: z.string(),
  /** Weekday name in the caller's language. */
  dayStr: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  reminderRemainTime: z.number().int(),
});
export type Reminder = z.infer<typeof reminderSchema>;
export const reminderListSchema = z.object({ items: z.array(reminderSchema) });

/** GET /api/schedule/viewer — colleagues whose calendars the caller may see, with the saved pick. */
export const scheduleViewerSchema = z.object({
  users: z.array(userRefSchema.extend({ isPicked: z.boolean(), isSelf: z.boolean() })),
  pickedUserIds: z.array(z.string()),
});
export type ScheduleViewer = z.infer<typeof scheduleViewerSchema>;
/** POST /api/schedule/saveUserSchedulePickUser — replaces the saved pick (users outside visibility → 400 userIds). */
export const schedulePickUsersBodySchema = z.object({ userIds: z.array(uuidSchema).max(100) });

/*
 * Endpoints (all ?orgId=; the calendar privilege's view/create/edit/delete and its visibility scope apply):
 *   POST   /api/task                          multipart scheduleCreateBodySchema (+ files images) → scheduleIdSchema
 *   POST   /api/task/{id}                     multipart scheduleUpdateBodySchema (+ files images) → scheduleIdSchema
 *                                             (id of the schedule holding the edited occurrence: a new one after a split)
 *   GET    /api/task/{id}                     scheduleGetQuerySchema → scheduleSchema
 *   DELETE /api/task/{id}/delete              scheduleDeleteQuerySchema → null
 *   PUT    /api/task/{id}/complete            scheduleCompleteBodySchema → calendarEventSchema
 *   GET    /api/schedule/getMonth             calendarMonthQuerySchema → calendarEventListSchema
 *   GET    /api/schedule/getBetween           calendarBetweenQuerySchema → calendarEventListSchema
 *   GET    /api/schedule/getDate              calendarDateQuerySchema → calendarEventListSchema
 *   GET    /api/search/tasks                  scheduleSearchQuerySchema → scheduleSearchSchema
 *   GET    /api/schedule/reminder             → reminderListSchema
 *   GET    /api/schedule/viewer               → scheduleViewerSchema
 *   POST   /api/schedule/saveUserSchedulePickUser  schedulePickUsersBodySchema → scheduleViewerSchema
 *   POST   /api/schedule/changeScheduleDate   changeScheduleDateBodySchema → calendarEventSchema
 *   GET    /api/files/{id}                    image bytes
 *   Notes and timeline: /api/notes and /api/timeline with entityType=schedule.
 * Another workspace's schedule, client, company or deal → 404, nothing changed.
 */
