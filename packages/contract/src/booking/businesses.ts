import { z } from 'zod';
import { endTimeOfDayPattern, isValidTimeZone, parseTimeOfDay, timeOfDayPattern, type DayRules } from './slots.ts';

/**
 * The business of online booking (docs/product.md#screens, #fields: business/setting): its public id name, the
 * maximum number of people at once (concurrentBooking), business hours per weekday with break times,
 * and the public toggle. One business per workspace.
 */

export const defaultBusinessTimeZone = 'Asia/Taipei';
export const maxConcurrentBooking = 100;

/** The public page's address part: /book/{idName}. Lower-case letters, digits and dashes. */
export const idNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(3)
  .max(40)
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, { message: 'invalidValue' });

export const timeOfDaySchema = z.string().regex(timeOfDayPattern, { message: 'invalidValue' });
export const endTimeOfDaySchema = z.string().regex(endTimeOfDayPattern, { message: 'invalidValue' });

const rangeSchema = z
  .object({ start: timeOfDaySchema, end: endTimeOfDaySchema })
  .refine((r) => parseTimeOfDay(r.start) < parseTimeOfDay(r.end), { message: 'invalidValue', path: ['end'] });
export const breakTimeSchema = rangeSchema;
export type BreakTime = z.infer<typeof breakTimeSchema>;

/** weekday 0 = Sunday … 6 = Saturday; start/end 'HH:MM' on the 30-minute grid, end may be '24:00'. */
export const businessHoursSchema = z
  .object({
    weekday: z.number().int().min(0).max(6),
    isOpen: z.boolean(),
    start: timeOfDaySchema,
    end: endTimeOfDaySchema,
    breaks: z.array(breakTimeSchema).max(10).default([]),
  })
  .refine((h) => parseTimeOfDay(h.start) < parseTimeOfDay(h.end), { message: 'invalidValue', path: ['end'] });
export type BusinessHours = z.infer<typeof businessHoursSchema>;

/** Monday–Friday 09:00–18:00 with a 12:00–13:00 break; weekends closed. */
export function defaultBusinessHours(): BusinessHours[] {
  return [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
    weekday,
    isOpen: weekday >= 1 && weekday <= 5,
    start: '09:00',
    end: '18:00',
    breaks: [{ start: '12:00', end: '13:00' }],
  }));
}

/** The slot rules of each weekday (index 0 = Sunday); a weekday missing from `hours` is closed. */
export function weekRules(hours: BusinessHours[]): DayRules[] {
  return [0, 1, 2, 3, 4, 5, 6].map((weekday) => {
    const h = hours.find((x) => x.weekday === weekday);
    if (!h) return { isOpen: false, start: 0, end: 0, breaks: [] };
    return {
      isOpen: h.isOpen,
      start: parseTimeOfDay(h.start),
      end: parseTimeOfDay(h.end),
      breaks: h.breaks.map((b) => ({ start: parseTimeOfDay(b.start), end: parseTimeOfDay(b.end) })),
    };
  });
}

/**
 * PUT /api/business?orgId= (system administrators): creates the workspace's business or edits it.
 * Lowering concurrentBooking keeps reservations already made; new ones must fit the new maximum.
 */
export const businessSaveBodySchema = z.object({
  idName: idNameSchema,
  /** Shown on the public page; defaults to the workspace name. */
  name: z.string().trim().min(1).max(100).optional(),
  concurrentBooking: z.number().int().min(1).max(maxConcurrentBooking),
  timeZone: z
    .string()
    .max(60)
    .refine(isValidTimeZone, { message: 'invalidValue' })
    .default(defaultBusinessTimeZone),
  isPublic: z.boolean().default(false),
  /** The day-before reminder's local time ('HH:MM'), or null: no reminder (docs/product.md#booking-notices). */
  reminderTime: timeOfDaySchema.nullable().default(null),
  hours: z
    .array(businessHoursSchema)
    .max(7)
    .refine((list) => new Set(list.map((h) => h.weekday)).size === list.length, { message: 'invalidValue' })
    .default(defaultBusinessHours),
});
export type BusinessSaveBody = z.infer<typeof businessSaveBodySchema>;
export type BusinessSaveInput = z.input<typeof businessSaveBodySchema>;

export const businessSchema = z.object({
  id: z.string(),
  idName: z.string(),
  name: z.string(),
  concurrentBooking: z.number().int(),
  timeZone: z.string(),
  isPublic: z.boolean(),
  reminderTime: z.string().nullable(),
  /** Seven entries, Sunday first. */
  hours: z.array(businessHoursSchema),
  updatedAt: z.string(),
});
export type Business = z.infer<typeof businessSchema>;

/** GET /api/business?orgId=: the workspace's business, or null before it is set up. */
export const businessAnswerSchema = businessSchema.nullable();

/** GET /api/business/idName-check?orgId&idName: whether another business already uses the name. */
export const idNameCheckQuerySchema = z.object({ orgId: z.uuid(), idName: idNameSchema });
export const idNameCheckSchema = z.object({ available: z.boolean() });
