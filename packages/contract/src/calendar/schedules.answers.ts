import { z } from 'zod';
import { uuidSchema } from '../platform/common.ts';
import { userRefSchema } from '../records/records.ts';
import { activityItemSchema } from './activity-items.ts';
import {
  calendarEventTypes,
  calendarFilters,
  calendarMaxRangeDays,
  repeatByOptions,
  repeatDuringOptions,
  daysFromTo,
  scheduleCategories,
} from './schedules.ts';
import { scheduleDateSchema } from './schedules.bodies.ts';

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

