import { z } from 'zod';

/** Trash (docs/product.md#states): deleted contacts, companies and deals, restorable for trashRetentionDays, then purged. */
export const trashTypes = ['contact', 'company', 'deal'] as const;
export type TrashType = (typeof trashTypes)[number];

export const trashListQuerySchema = z.object({
  orgId: z.uuid(),
  type: z.enum(trashTypes).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** nextCursor of the previous page. */
  cursor: z.string().max(200).optional(),
});
export const trashItemSchema = z.object({
  type: z.enum(trashTypes),
  id: z.string(),
  name: z.string(),
  deletedAt: z.string(),
  /** When the purge job removes it for good. */
  purgeAt: z.string(),
});
export type TrashItem = z.infer<typeof trashItemSchema>;
export const trashListSchema = z.object({ items: z.array(trashItemSchema), nextCursor: z.string().nullable() });
export const trashItemsBodySchema = z.object({
  items: z.array(z.object({ type: z.enum(trashTypes), id: z.uuid() })).min(1).max(1000),
});
export type TrashItemsBody = z.infer<typeof trashItemsBodySchema>;
