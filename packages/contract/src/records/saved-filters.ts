import { z } from 'zod';
import { endpoints } from '../platform/endpoint.ts';
import { idParamsSchema, uuidSchema } from '../platform/common.ts';
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

export const savedFiltersEndpoints = endpoints(
  'saved-filters',
  {
    list: { method: 'GET', path: '/saved-filters/customer', access: 'member', response: z.object({ items: z.array(savedFilterSchema) }) },
    create: { method: 'POST', path: '/saved-filters/customer', access: 'member', body: savedFilterBodySchema, response: savedFilterSchema },
    /** Its creator or a system administrator. */
    remove: { method: 'DELETE', path: '/saved-filters/customer/:id', access: 'member', params: idParamsSchema, response: z.null() },
  },
  { scope: 'contacts' },
);
