import { z } from 'zod';
import { endpoints } from '../platform/endpoint.ts';
import { idParamsSchema } from '../platform/common.ts';
import { savedFilterBodySchema, savedFilterSchema } from './saved-filters.ts';

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
