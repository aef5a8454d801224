import { z } from 'zod';
import { moneySchema } from '../platform/money.ts';
import { uuidSchema } from '../platform/common.ts';

/**
 * Booking services, their categories, additional (add-on) groups and items (docs/product.md#screens, #fields, #states, #validation, #api:
 * business/service). Durations are hour 0–23 and minute 00 or 30 (default 01:00). Price fields are sent
 * only for the chosen pay type and price type (docs/product.md#validation); the answer carries every field (null
 * when unused) plus isFree, priceStr and estimatedAmount.
 */

export const payTypes = ['free', 'charge'] as const;
export type PayType = (typeof payTypes)[number];
/** docs/product.md#limits: fixed, starting ('up' suffix), range (min to max). */
export const priceTypes = ['PriceFixed', 'PriceBase', 'PriceRange'] as const;
export type PriceType = (typeof priceTypes)[number];

export const selectionTypes = ['single', 'multiple'] as const;
export type SelectionType = (typeof selectionTypes)[number];

export const bookingHourSchema = z.number().int().min(0).max(23);
export const bookingMinuteSchema = z.union([z.literal(0), z.literal(30)]);
export const bookingTimeSchema = z.object({ hour: bookingHourSchema, minute: bookingMinuteSchema });
export type BookingTime = z.infer<typeof bookingTimeSchema>;
export const defaultBookingTime: BookingTime = { hour: 1, minute: 0 };

/**
 * The price fields, flat in service and item bodies (docs/product.md#api). Only the chosen type's fields may be
 * sent: free → none; PriceFixed → price; PriceBase → priceBase; PriceRange → priceMin ≤ priceMax.
 * checkPricing names the missing or extra field.
 */
export const pricingFields = {
  payType: z.enum(payTypes),
  priceType: z.enum(priceTypes).optional(),
  price: moneySchema.optional(),
  priceBase: moneySchema.optional(),
  priceMin: moneySchema.optional(),
  priceMax: moneySchema.optional(),
};
export interface Pricing {
  payType: PayType;
  priceType?: PriceType | undefined;
  price?: string | undefined;
  priceBase?: string | undefined;
  priceMin?: string | undefined;
  priceMax?: string | undefined;
}

const fieldsOfPriceType: Record<PriceType, Array<keyof Pricing>> = {
  PriceFixed: ['price'],
  PriceBase: ['priceBase'],
  PriceRange: ['priceMin', 'priceMax'],
};
const allPriceFields: Array<keyof Pricing> = ['price', 'priceBase', 'priceMin', 'priceMax'];

export function checkPricing(p: Pricing, ctx: z.RefinementCtx): void {
  const wanted: Array<keyof Pricing> = p.payType === 'charge' && p.priceType ? fieldsOfPriceType[p.priceType] : [];
  if (p.payType === 'free' && p.priceType !== undefined) ctx.addIssue({ code: 'custom', message: 'invalidValue', path: ['priceType'] });
  if (p.payType === 'charge' && p.priceType === undefined) ctx.addIssue({ code: 'custom', message: 'required', path: ['priceType'] });
  for (const field of allPriceFields) {
    const sent = p[field] !== undefined;
    if (wanted.includes(field) && !sent) ctx.addIssue({ code: 'custom', message: 'required', path: [field] });
    if (!wanted.includes(field) && sent) ctx.addIssue({ code: 'custom', message: 'invalidValue', path: [field] });
  }
  if (p.priceType === 'PriceRange' && p.priceMin !== undefined && p.priceMax !== undefined && Number(p.priceMin) > Number(p.priceMax)) {
    ctx.addIssue({ code: 'custom', message: 'invalidValue', path: ['priceMax'] });
  }
}

/** The stored price columns of a pricing (unused ones null). */
export interface PriceColumns {
  payType: PayType;
  priceType: PriceType | null;
  price: string | null;
  priceBase: string | null;
  priceMin: string | null;
  priceMax: string | null;
}

/** The stored columns of a checked pricing (unused ones null). */
export function priceColumnsOf(p: Pricing): PriceColumns {
  if (p.payType === 'free' || !p.priceType) return { payType: 'free', priceType: null, price: null, priceBase: null, priceMin: null, priceMax: null };
  return {
    payType: 'charge',
    priceType: p.priceType,
    price: p.price ?? null,
    priceBase: p.priceBase ?? null,
    priceMin: p.priceMin ?? null,
    priceMax: p.priceMax ?? null,
  };
}

function dollars(amount: string): string {
  const [whole = '0', cents = '00'] = amount.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `$${grouped}${cents.replace(/0+$/, '') ? `.${cents.padEnd(2, '0')}` : ''}`;
}

/**
 * priceStr: '$1,200' (fixed), '$800 up' (from), '$300 - $500' (range), '' when free (the UI shows its
 * localized "free"). estimatedAmount: the price, the base or the range minimum; '0' when free.
 */
export function priceDisplay(p: PriceColumns): { priceStr: string; estimatedAmount: string } {
  if (p.payType === 'free' || !p.priceType) return { priceStr: '', estimatedAmount: '0' };
  if (p.priceType === 'PriceFixed') return { priceStr: dollars(p.price ?? '0'), estimatedAmount: p.price ?? '0' };
  if (p.priceType === 'PriceBase') return { priceStr: `${dollars(p.priceBase ?? '0')} up`, estimatedAmount: p.priceBase ?? '0' };
  return { priceStr: `${dollars(p.priceMin ?? '0')} - ${dollars(p.priceMax ?? '0')}`, estimatedAmount: p.priceMin ?? '0' };
}

const priceAnswerFields = {
  isFree: z.boolean(),
  payType: z.enum(payTypes),
  priceType: z.enum(priceTypes).nullable(),
  price: z.string().nullable(),
  priceBase: z.string().nullable(),
  priceMin: z.string().nullable(),
  priceMax: z.string().nullable(),
  priceStr: z.string(),
  estimatedAmount: z.string(),
};

const titleSchema = z.string().trim().min(1).max(100);

// ---- categories ----

export const bookingCategorySchema = z.object({ id: z.string(), title: z.string() });
export type BookingCategory = z.infer<typeof bookingCategorySchema>;
/** POST /api/booking/category, PUT /api/booking/category/{id}. */
export const bookingCategoryBodySchema = z.object({ title: titleSchema });

// ---- services ----

/**
 * POST /api/booking/service (create) and PUT /api/booking/service/{id} (edit; the whole service):
 * docs/product.md#api — title, time {hour, minute}, isOpen, payType + priceType + its price fields,
 * additional [{groupId, serviceIds}], category. A service takes at least 30 minutes.
 */
export const bookingServiceBodySchema = z
  .object({
    title: titleSchema,
    category: uuidSchema.nullable().default(null),
    time: bookingTimeSchema.default(defaultBookingTime),
    isOpen: z.boolean().default(true),
    ...pricingFields,
    /**
     * The attached groups (docs/product.md: additional[{groupId, serviceIds}]). serviceIds are the group's item ids as
     * the web shows them; a group's open items are all offered, so only groupId is stored.
     */
    additional: z.array(z.object({ groupId: uuidSchema, serviceIds: z.array(uuidSchema).max(500).optional() })).max(50).default([]),
  })
  .superRefine((s, ctx) => {
    checkPricing(s, ctx);
    if (s.time.hour * 60 + s.time.minute < 30) ctx.addIssue({ code: 'custom', message: 'invalidValue', path: ['time', 'minute'] });
  });
export type BookingServiceBody = z.infer<typeof bookingServiceBodySchema>;
export type BookingServiceInput = z.input<typeof bookingServiceBodySchema>;

export const bookingServiceSchema = z.object({
  id: z.string(),
  title: z.string(),
  categoryId: z.string().nullable(),
  hour: z.number().int(),
  minute: z.number().int(),
  isOpen: z.boolean(),
  ...priceAnswerFields,
  /** The attached additional group ids, in the groups' order. */
  additionalGroups: z.array(z.string()),
  sort: z.number().int(),
});
export type BookingService = z.infer<typeof bookingServiceSchema>;

/** GET /api/booking/services?orgId=: everything the service settings page shows. */
export const bookingServiceListSchema = z.object({
  categories: z.array(bookingCategorySchema),
  services: z.array(bookingServiceSchema),
});
export type BookingServiceList = z.infer<typeof bookingServiceListSchema>;

/** Sort saves send the whole ordered list of ids (POST …/sort). */
export const sortBodySchema = z.object({ ids: z.array(uuidSchema).max(1000) });
export type SortBody = z.infer<typeof sortBodySchema>;

// ---- additional groups and items ----

/** POST /api/booking/group, PUT /api/booking/group/{id}: serviceIds are the main services it is offered with. */
export const additionalGroupBodySchema = z.object({
  title: titleSchema,
  isOpen: z.boolean().default(true),
  selectionType: z.enum(selectionTypes).default('single'),
  isRequired: z.boolean().default(false),
  description: z.string().trim().max(1000).nullable().default(null),
  serviceIds: z.array(uuidSchema).max(500).default([]),
});
export type AdditionalGroupBody = z.infer<typeof additionalGroupBodySchema>;
export type AdditionalGroupInput = z.input<typeof additionalGroupBodySchema>;

/** POST /api/booking/group/{groupId}/item, PUT /api/booking/item/{id}. Add-ons may take no time. */
export const additionalItemBodySchema = z
  .object({
    title: titleSchema,
    time: bookingTimeSchema.default({ hour: 0, minute: 0 }),
    isOpen: z.boolean().default(true),
    ...pricingFields,
    /** Drag-lock: a fixed item keeps its place in sort saves and nothing can be dropped onto it. */
    fixed: z.boolean().default(false),
  })
  .superRefine(checkPricing);
export type AdditionalItemBody = z.infer<typeof additionalItemBodySchema>;
export type AdditionalItemInput = z.input<typeof additionalItemBodySchema>;

export const additionalItemSchema = z.object({
  id: z.string(),
  groupId: z.string(),
  title: z.string(),
  hour: z.number().int(),
  minute: z.number().int(),
  isOpen: z.boolean(),
  ...priceAnswerFields,
  fixed: z.boolean(),
  sort: z.number().int(),
});
export type AdditionalItem = z.infer<typeof additionalItemSchema>;

export const additionalGroupSchema = z.object({
  id: z.string(),
  title: z.string(),
  isOpen: z.boolean(),
  selectionType: z.enum(selectionTypes),
  isRequired: z.boolean(),
  description: z.string().nullable(),
  /** The main services it is attached to. */
  services: z.array(z.object({ id: z.string(), title: z.string() })),
  items: z.array(additionalItemSchema),
  sort: z.number().int(),
});
export type AdditionalGroup = z.infer<typeof additionalGroupSchema>;

/** GET /api/booking/groups?orgId[&serviceId]: every group (or those of one service), with items. */
export const additionalGroupsQuerySchema = z.object({ orgId: z.uuid(), serviceId: uuidSchema.optional() });

/**
 * GET /api/booking/additional/groupByService?orgId&serviceId (docs/product.md#api "group by service"): the groups
 * attached to one service, in the groups' sort order, each with its sorted items. Another workspace's
 * service → 404 BOOKING_SERVICE_NOT_FOUND.
 */
export const groupByServiceQuerySchema = z.object({ orgId: z.uuid(), serviceId: uuidSchema });

/**
 * A sort save keeps every fixed item at its index (docs/product.md#states: fixed items cannot be dragged or
 * dropped onto). `ids` must be exactly the current ids in a new order.
 */
export function isSortAllowed(current: Array<{ id: string; fixed: boolean }>, ids: string[]): 'ok' | 'mismatch' | 'fixedMoved' {
  if (ids.length !== current.length || new Set(ids).size !== ids.length) return 'mismatch';
  const known = new Set(current.map((c) => c.id));
  if (!ids.every((id) => known.has(id))) return 'mismatch';
  return current.every((c, index) => !c.fixed || ids[index] === c.id) ? 'ok' : 'fixedMoved';
}

// ---- what the reservation dialog and the public page offer ----

export const bookableItemSchema = additionalItemSchema.omit({ sort: true, isOpen: true, fixed: true });
export const bookableGroupSchema = additionalGroupSchema
  .omit({ services: true, items: true, sort: true, isOpen: true })
  .extend({ items: z.array(bookableItemSchema) });
export const bookableServiceSchema = bookingServiceSchema
  .omit({ additionalGroups: true, sort: true, isOpen: true })
  .extend({ groups: z.array(bookableGroupSchema) });
export type BookableService = z.infer<typeof bookableServiceSchema>;
export type BookableGroup = z.infer<typeof bookableGroupSchema>;
