import { idParamsSchema } from '../platform/common.ts';
import { endpoints } from '../platform/endpoint.ts';
import { mergeBodySchema, mergeListQuerySchema, mergeListSchema, mergeResultSchema, mergeUndoResultSchema } from './merges.ts';

export const mergesEndpoints = endpoints('merges', {
  merge: { method: 'POST', path: '/merges', access: 'member', body: mergeBodySchema, response: mergeResultSchema },
  list: { method: 'GET', path: '/merges', access: 'member', query: mergeListQuerySchema, response: mergeListSchema },
  undo: { method: 'POST', path: '/merges/:id/undo', access: 'member', params: idParamsSchema, response: mergeUndoResultSchema },
});
