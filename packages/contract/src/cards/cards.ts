import { z } from 'zod';
import { plans } from '../platform/constants.ts';
import { cardFonts, cardLayouts } from './card-themes.ts';
import { phoneValueSchema } from '../records/records.ts';

/**
 * Business cards (docs/product.md#business-cards): one per user per workspace, edited on
 * /{orgId}/businesscard/info and /themes, shown publicly at /card/{slug} while the owner keeps it public.
 */
export const cardPhoneTypes = ['mobile', 'work', 'fax', 'other'] as const;
export const maxCardPhones = 3;
export const maxCardLinks = 5;

const text = (max: number) => z.string().trim().max(max).nullable().default(null);
/** Only web addresses: a card never links to javascript: or data: URLs. */
export const webUrlSchema = z
  .string()
  .trim()
  .max(500)
  .regex(/^https?:\/\/[^\s/$.?#][^\s]*$/i, { message: 'invalidValue' });

export const cardPhoneSchema = z.object({ value: phoneValueSchema, type: z.enum(cardPhoneTypes) });
export const cardLinkSchema = z.object({ label: z.string().trim().max(40).default(''), url: webUrlSchema });

/** PUT /api/businesscard?orgId=: the card's content (the theme is chosen apart, the photo uploaded apart). */
export const cardSaveBodySchema = z.object({
  firstName: z.string().trim().max(50).default(''),
  lastName: z.string().trim().min(1).max(50),
  title: text(80),
  company: text(100),
  phones: z.array(cardPhoneSchema).max(maxCardPhones).default([]),
  email: z.string().trim().toLowerCase().pipe(z.email().max(254)).nullable().default(null),
  address: text(200),
  links: z.array(cardLinkSchema).max(maxCardLinks).default([]),
  intro: text(500),
  videoUrl: webUrlSchema.nullable().default(null),
  lineId: z
    .string()
    .trim()
    .max(40)
    .regex(/^@?[A-Za-z0-9._-]+$/, { message: 'invalidValue' })
    .nullable()
    .default(null),
  isPublic: z.boolean().default(true),
});
export type CardSaveBody = z.infer<typeof cardSaveBodySchema>;
export type CardSaveInput = z.input<typeof cardSaveBodySchema>;

/** The owner's card: `id` null until first saved (the answer is then prefilled from the profile and workspace). */
export const cardSchema = cardSaveBodySchema.extend({
  id: z.string().nullable(),
  slug: z.string().nullable(),
  themeId: z.string(),
  photoUrl: z.string().nullable(),
  /** The workspace's public booking page (/book/{idName}) when it is on, else null. */
  bookingPath: z.string().nullable(),
});
export type Card = z.infer<typeof cardSchema>;

export const cardThemeColorsSchema = z.object({
  page: z.string(),
  card: z.string(),
  text: z.string(),
  muted: z.string(),
  accent: z.string(),
  onAccent: z.string(),
});
export const cardThemeSchema = z.object({
  id: z.string(),
  minPlan: z.enum(plans),
  dark: z.boolean(),
  layout: z.enum(cardLayouts),
  font: z.enum(cardFonts),
  colors: cardThemeColorsSchema,
});

/** GET /api/businesscard/themes: the store, each theme with whether the workspace's plan includes it. */
export const cardThemeStoreSchema = z.object({
  currentThemeId: z.string(),
  themes: z.array(cardThemeSchema.extend({ included: z.boolean() })),
});
export const cardThemeBodySchema = z.object({ themeId: z.string().trim().min(1).max(40) });

/** A visitor's "exchange cards" entry, as the owner sees it. */
export const cardLeadSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  note: z.string().nullable(),
  /** The contact created or linked; null when the plan's contact limit left no room. */
  contactId: z.string().nullable(),
  createdAt: z.string(),
});
export const cardLeadListSchema = z.array(cardLeadSchema);
export type CardLead = z.infer<typeof cardLeadSchema>;

export const cardSlugParamsSchema = z.object({ slug: z.string().regex(/^[A-Za-z0-9]{10,40}$/, { message: 'invalidValue' }) });

/** GET /api/public/card/{slug}: what the owner put on the card and nothing else (no ids, no owner, no workspace). */
export const publicCardSchema = cardSaveBodySchema.omit({ isPublic: true }).extend({
  /** By the one name rule (fullName): the public page cannot load the contract's runtime. */
  displayName: z.string(),
  theme: cardThemeSchema,
  photoUrl: z.string().nullable(),
  bookingPath: z.string().nullable(),
  vcardPath: z.string(),
});
export type PublicCard = z.infer<typeof publicCardSchema>;

/** POST /api/public/card/{slug}/exchange: a name and a phone or an e-mail. */
export const cardExchangeBodySchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    phone: phoneValueSchema.optional().or(z.literal('').transform(() => undefined)),
    email: z.string().trim().toLowerCase().pipe(z.email().max(254)).optional().or(z.literal('').transform(() => undefined)),
    note: z.string().trim().max(500).optional(),
  })
  .refine((b) => Boolean(b.phone || b.email), { message: 'required', path: ['phone'] });
export type CardExchangeBody = z.infer<typeof cardExchangeBodySchema>;
export const cardExchangeAnswerSchema = z.object({ received: z.literal(true) });

export const publicCardRateLimits = { readsPerMinute: 120, exchangesPerMinute: 10 } as const;
