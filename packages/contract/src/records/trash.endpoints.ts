import { countSchema } from '../platform/common.ts';
import { endpoints } from '../platform/endpoint.ts';
import { trashItemsBodySchema, trashListQuerySchema, trashListSchema } from './trash.ts';

export const trashEndpoints = endpoints('trash', {
  list: { method: 'GET', path: '/trash', access: 'member', query: trashListQuerySchema, response: trashListSchema },
  restore: { method: 'POST', path: '/trash/restore', access: 'member', body: trashItemsBodySchema, response: countSchema },
  deleteForever: { method: 'POST', path: '/trash/deleteForever', access: 'member', body: trashItemsBodySchema, response: countSchema },
  empty: { method: 'POST', path: '/trash/empty', access: 'member', response: countSchema },
});
