import { z } from 'zod';
import { isRealDate, uuidSchema } from '../platform/common.ts';
import {
  defaultScheduleColor,
  isTime,
  isTimezone,
  repeatByOptions,
  repeatDuringOptions,
  scheduleCategories,
  scheduleImageUpload,
  scheduleScopes,
  validateSchedule,
  type ScheduleRuleInput,
} from './schedules.ts';

// ---- payloads ----

/** HH:MM and YYYY-MM-DD fields (here, not in schedules.ts, which stays zod-free for the calendar page). */
export const timeSchema = z.string().refine(isTime, { message: 'invalidValue' });
export const scheduleDateSchema = z.string().refine(isRealDate, { message: 'invalidDate' });

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
  /**
   * Seconds before the start; docs/product.md#limits options 0, 300, 600, 1800, 3600, 86400. Bounded by the column
   * (a non-negative 32-bit integer) so other numbers are a 400, not a database error.
   */
  notice: z.coerce.number().int().min(0).max(2_147_483_647),
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
