import { z } from 'zod';
import { endpoints } from '../platform/endpoint.ts';
import { idParamsSchema } from '../platform/common.ts';
import { lostReasonListSchema, lostReasonSaveBodySchema, lostReasonSchema } from './lost-reasons.ts';

/**
 * The workspace's lost reasons (Settings → Lost reasons). Every member reads them (the close-as-lost dialog);
 * system administrators add, rename and delete (others 403). A duplicate label → 409 LOST_REASON_EXISTS; more
 * than 20 → 400 naming `label`; another workspace's id → 404. Deleting a reason keeps its deals, without reason.
 */
export const lostReasonsEndpoints = endpoints('lost-reasons', {
  list: { method: 'GET', path: '/settings/lostReason', access: 'member', response: lostReasonListSchema },
  create: { method: 'POST', path: '/settings/lostReason', access: 'member', body: lostReasonSaveBodySchema, response: lostReasonSchema },
  update: { method: 'PUT', path: '/settings/lostReason/:id', access: 'member', params: idParamsSchema, body: lostReasonSaveBodySchema, response: lostReasonSchema },
  remove: { method: 'DELETE', path: '/settings/lostReason/:id', access: 'member', params: idParamsSchema, response: z.null() },
});
