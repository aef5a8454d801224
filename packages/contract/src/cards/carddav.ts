import { z } from 'zod';
import { uuidSchema } from '../platform/common.ts';

/** How many app passwords one member may hold in one workspace (docs/product.md#limits). */
export const maxAppPasswords = 20;

/**
 * An app password of the read-only CardDAV address book: one member, one workspace, optionally one contact tag.
 * The secret itself is shown once, when it is created; afterwards only its name and dates are.
 */
export const appPasswordSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The contact tag the address book holds; null for every contact the member may see. */
  tagId: z.string().nullable(),
  /** null when the tag was deleted since (the address book is then empty). */
  tagName: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type AppPassword = z.infer<typeof appPasswordSchema>;

/** What a phone's account settings need besides the password. */
export const appPasswordListSchema = z.object({
  serverUrl: z.string(),
  username: z.string(),
  items: z.array(appPasswordSchema),
});
export type AppPasswordList = z.infer<typeof appPasswordListSchema>;

export const appPasswordCreateBodySchema = z.object({
  name: z.string().trim().min(1).max(60),
  tagId: uuidSchema.nullable().optional(),
});
export type AppPasswordCreateBody = z.infer<typeof appPasswordCreateBodySchema>;

/** The answer of a creation: the only time the password is readable. */
export const appPasswordCreatedSchema = appPasswordListSchema.omit({ items: true }).extend({
  appPassword: appPasswordSchema,
  password: z.string(),
});
export type AppPasswordCreated = z.infer<typeof appPasswordCreatedSchema>;

export const appPasswordParamsSchema = z.object({ id: uuidSchema });
