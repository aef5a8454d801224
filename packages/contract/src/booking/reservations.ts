import { z } from 'zod';
import { businessSchema } from './businesses.ts';
import { bookableServiceSchema, bookingCategorySchema } from './booking-services.ts';
import { jsonQueryParam, recordEmailSchema, userRefSchema } from '../records/records.ts';
import { uuidSchema } from '../platform/common.ts';
import { timeOfDayPattern } from './slots.ts';

/**
 * Reservations (docs/product.md#fields, #states, #validation, #api, #errors): the create payload, monthTime, the staff list
 * ("my appointments"), complete and cancel. Statuses: pending (incomplete) → completed or cancelled.
 * A scheduled reservation cannot be moved.
 */

export const reservationStatuses = ['pending', 'completed', 'cancelled'] as const;
export type ReservationStatus = (typeof reservationStatuses)[number];
/** The my-appointments status filter: Incomplete, Completed, Cancelled, All. */
export const reservationStatusFilters = ['incomplete', 'completed', 'cancelled', 'all'] as const;
export type ReservationStatusFilter = (typeof reservationStatusFilters)[number];
export const reservationSources = ['staff', 'public'] as const;
export type ReservationSource = (typeof reservationSources)[number];

/** One chosen service and its add-ons (docs/product.md#fields: services, additionalServices). */
export const reservationServiceChoiceSchema = z.object({
  serviceId: uuidSchema,
  additionalServices: z
    .array(z.object({ mainServiceId: uuidSchema.optional(), groupId: uuidSchema, serviceIds: z.array(uuidSchema).max(50) }))
    .max(50)
    .default([]),
});
export type ReservationServiceChoice = z.infer<typeof reservationServiceChoiceSchema>;
export type ReservationServiceChoiceInput = z.input<typeof reservationServiceChoiceSchema>;
export const reservationServicesSchema = z.array(reservationServiceChoiceSchema).max(20);

/** The services query parameter of monthTime: JSON text of reservationServicesSchema. */
const servicesJsonParam = jsonQueryParam(reservationServicesSchema, 20_000);

const monthTimeFields = {
  services: servicesJsonParam,
  year: z.coerce.number().int().min(2000).max(2100),
  month: z.coerce.number().int().min(1).max(12),
  people: z.coerce.number().int().min(1).max(1000).default(1),
};
/** GET /api/booking/monthTime?orgId&businessId&services=<JSON>&year&month&people. */
export const monthTimeQuerySchema = z.object({ orgId: z.uuid(), businessId: uuidSchema, ...monthTimeFields });
export type MonthTimeQuery = z.infer<typeof monthTimeQuerySchema>;
/** GET /api/public/booking/{idName}/monthTime?services=<JSON>&year&month&people (no auth). */
export const publicMonthTimeQuerySchema = z.object(monthTimeFields);
export type PublicMonthTimeQuery = z.infer<typeof publicMonthTimeQuerySchema>;

/** Every day of the month; empty times: closed, past or full (the day is disabled). */
export const monthTimeSchema = z.array(z.object({ day: z.number().int(), times: z.array(z.string()) }));
export type MonthTime = z.infer<typeof monthTimeSchema>;

const optionalContactText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || undefined);

/**
 * POST /api/booking/reservation?orgId= (staff) and POST /api/public/booking/{idName}/reservation (no auth).
 * name, phone, email are required unless associateCustomer links an existing contact (staff only).
 * requestKey: chosen by the client once per form (e.g. crypto.randomUUID()); a repeated submit with the
 * same key answers the reservation already made instead of booking twice.
 * No service → 400 RESERVATION_SERVICE_REQUIRED (reserviceTip1); full → 409 RESERVATION_FULL (reservationFullTip).
 */
export const reservationCreateBodySchema = z
  .object({
    requestKey: z.string().trim().min(8).max(100),
    businessId: uuidSchema,
    year: z.number().int().min(2000).max(2100),
    month: z.number().int().min(1).max(12),
    day: z.number().int().min(1).max(31),
    selectedTime: z.string().regex(timeOfDayPattern, { message: 'invalidValue' }),
    people: z.number().int().min(1).max(1000),
    services: reservationServicesSchema.default([]),
    name: optionalContactText(100),
    phone: optionalContactText(40).pipe(z.string().regex(/^[0-9+\-() #*.,extEXT]+$/, { message: 'invalidValue' }).optional()),
    email: optionalContactText(254).pipe(recordEmailSchema.shape.value.optional()),
    note: z.string().trim().max(2000).optional(),
    /** A contact id, or '' / absent for none. */
    associateCustomer: z
      .union([uuidSchema, z.literal('')])
      .optional()
      .transform((v) => v || undefined),
  })
  .superRefine((body, ctx) => {
    if (body.associateCustomer) return;
    for (const field of ['name', 'phone', 'email'] as const) {
      if (!body[field]) ctx.addIssue({ code: 'custom', message: 'required', path: [field] });
    }
  });
export type ReservationCreateBody = z.infer<typeof reservationCreateBodySchema>;
export type ReservationCreateInput = z.input<typeof reservationCreateBodySchema>;

export const reservationServiceLineSchema = z.object({
  serviceId: z.string(),
  title: z.string(),
  hour: z.number().int(),
  minute: z.number().int(),
  estimatedAmount: z.string(),
  items: z.array(z.object({ groupId: z.string(), itemId: z.string(), title: z.string(), hour: z.number().int(), minute: z.number().int(), estimatedAmount: z.string() })),
});
export type ReservationServiceLine = z.infer<typeof reservationServiceLineSchema>;

export const reservationSchema = z.object({
  id: z.string(),
  /** A readable reservation number. */
  number: z.string(),
  businessId: z.string(),
  status: z.enum(reservationStatuses),
  source: z.enum(reservationSources),
  /** Service titles and the customer's name, for lists and the calendar. */
  title: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  /** Instants (ISO) of the start and end in the business's time zone. */
  startAt: z.string(),
  endAt: z.string(),
  durationMinutes: z.number().int(),
  people: z.number().int(),
  services: z.array(reservationServiceLineSchema),
  estimatedAmount: z.string(),
  contact: z.object({ id: z.string(), name: z.string() }).nullable(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** The remark. */
  note: z.string().nullable(),
  createdBy: userRefSchema.nullable(),
  createdAt: z.string(),
});
export type Reservation = z.infer<typeof reservationSchema>;

/** What the public page is told after booking: only what the visitor sent and the slot. */
export const publicReservationSchema = reservationSchema.pick({
  number: true,
  status: true,
  date: true,
  startTime: true,
  endTime: true,
  people: true,
  services: true,
  estimatedAmount: true,
  name: true,
});
export type PublicReservation = z.infer<typeof publicReservationSchema>;

/**
 * GET /api/booking/reservations?orgId&status&businessId&serviceId&from&to&cursor&limit — my appointments.
 * from/to are YYYY-MM-DD local dates (inclusive); ordered by start, upcoming first for incomplete.
 */
export const reservationListQuerySchema = z.object({
  orgId: z.uuid(),
  status: z.enum(reservationStatusFilters).default('incomplete'),
  businessId: uuidSchema.optional(),
  serviceId: uuidSchema.optional(),
  contactId: uuidSchema.optional(),
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'invalidDate' }).optional(),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'invalidDate' }).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type ReservationListQuery = z.infer<typeof reservationListQuerySchema>;
export const reservationListSchema = z.object({ items: z.array(reservationSchema), nextCursor: z.string().nullable() });
export type ReservationList = z.infer<typeof reservationListSchema>;

/**
 * GET /api/booking/services/booking?orgId — what the create-reservation dialog offers: the business,
 * the open services with their open add-on groups and items, by category.
 * GET /api/public/booking/{idName} answers the same shape for the public page (no auth; only public data).
 */
export const bookingOfferSchema = z.object({
  business: businessSchema.pick({ id: true, idName: true, name: true, concurrentBooking: true, timeZone: true }),
  categories: z.array(bookingCategorySchema),
  services: z.array(bookableServiceSchema),
});
export type BookingOffer = z.infer<typeof bookingOfferSchema>;

export const idNameParamsSchema = z.object({ idName: z.string().trim().toLowerCase().min(1).max(40) });

/** A calendar entry of a reservation (getBetween type 'reservation'); see reservations.service listBetween. */
export const reservationCalendarEntrySchema = z.object({
  id: z.string(),
  title: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  /** Local date and minutes of day in the business's time zone (what the calendar shows). */
  date: z.string(),
  startMinute: z.number().int(),
  endMinute: z.number().int(),
  timeZone: z.string(),
  status: z.enum(reservationStatuses),
  businessId: z.string(),
  contactId: z.string().nullable(),
  ownerUserId: z.string().nullable(),
});
export type ReservationCalendarEntry = z.infer<typeof reservationCalendarEntrySchema>;

/** Requests per minute and IP address on the public booking calls (429 RATE_LIMITED beyond). */
export const publicBookingRateLimits = { readsPerMinute: 120, createsPerMinute: 20 } as const;

/**
 * GET /api/public/booking/{idName}/prefill?p=: the contact details behind a signed booking link (a LINE chat sends it
 * to a linked friend, docs/product.md#booking-notices); 404 for a wrong, expired or other business's link.
 */
export const bookingPrefillQuerySchema = z.object({ p: z.string().min(1).max(300) });
export const bookingPrefillSchema = z.object({ name: z.string(), phone: z.string(), email: z.string() });
export type BookingPrefill = z.infer<typeof bookingPrefillSchema>;
