import { endpoints } from '../platform/endpoint.ts';
import { businessAnswerSchema, businessSaveBodySchema, businessSchema, idNameCheckQuerySchema, idNameCheckSchema } from './businesses.ts';

/** The workspace's business (booking page settings): one per workspace, null until saved. */
export const businessesEndpoints = endpoints('booking', {
  get: { method: 'GET', path: '/business', access: 'member', response: businessAnswerSchema },
  save: { method: 'PUT', path: '/business', access: 'member', body: businessSaveBodySchema, response: businessSchema },
  checkIdName: { method: 'GET', path: '/business/idName-check', access: 'member', query: idNameCheckQuerySchema, response: idNameCheckSchema },
}, { group: 'businesses' });
