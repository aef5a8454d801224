import { endpoints } from '../platform/endpoint.ts';
import { historyPageSchema, historyParamsSchema, historyQuerySchema, historyRestoreBodySchema, historyRestoredSchema } from './history.ts';

/** A contact's, company's, deal's or schedule's field history, and "restore this value". */
export const historyEndpoints = endpoints('history', {
  list: {
    method: 'GET', path: '/history/:kind/:id', access: 'member', params: historyParamsSchema, query: historyQuerySchema, response: historyPageSchema,
    description: 'Who changed which field, when, from what to what and through which path; creations, deletions and restores too. Newest first, keyset paged by `before`. 404 for a record the caller may not see.',
  },
  restore: {
    method: 'POST', path: '/history/:kind/:id/restore', access: 'member', params: historyParamsSchema, body: historyRestoreBodySchema, response: historyRestoredSchema,
    description: 'Sets the field back to its value before that change, as an ordinary edit: the same validation, privileges and events (so it is in the history itself). 400 naming `field` when the change has no such field or it cannot be restored.',
  },
});
