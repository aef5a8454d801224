import { z } from 'zod';
import { uuidSchema } from '../platform/common.ts';
import { advanceFilterSchema } from './records.ts';

/**
 * Saved contact filters (docs/product.md#contacts): the contact list's toolbar and tag choice kept under a name, shared
 * by the workspace — opened again from the list, and the audience of a LINE segment message.
 */
export const savedFilterBodySchema = z.object({
  name: z.string().trim().min(1).max(50),
  filter: advanceFilterSchema,
});
export type SavedFilterBody = z.infer<typeof savedFilterBodySchema>;

export const savedFilterSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  filter: advanceFilterSchema,
  createdByUserId: uuidSchema.nullable(),
  createdAt: z.string(),
});
export type SavedFilter = z.infer<typeof savedFilterSchema>;

/** A workspace keeps at most this many saved contact filters. */
export const savedFiltersMax = 100;
