import { countSchema } from '../platform/common.ts';
import { endpoints } from '../platform/endpoint.ts';
import { duplicateDismissBodySchema, duplicateListQuerySchema, duplicateListSchema } from './duplicates.ts';

export const duplicatesEndpoints = endpoints('duplicates', {
  list: { method: 'GET', path: '/duplicates', access: 'member', query: duplicateListQuerySchema, response: duplicateListSchema },
  dismiss: { method: 'POST', path: '/duplicates/dismiss', access: 'member', body: duplicateDismissBodySchema, response: countSchema },
});
