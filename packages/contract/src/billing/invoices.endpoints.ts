import { z } from 'zod';
import { endpoints } from '../platform/endpoint.ts';
import { invoiceProofSchema } from './invoices.ts';

/** The e-invoice of one of the workspace's charges (docs/decisions/0021); a `user` endpoint like the other billing reads. */
export const invoicesEndpoints = endpoints('billing', {
  proof: {
    method: 'GET',
    path: '/billing/charges/:id/invoice',
    access: 'user',
    params: z.object({ id: z.uuid() }),
    query: z.object({ orgId: z.uuid() }),
    response: invoiceProofSchema,
    description: "A member of the workspace: the e-invoice proof (證明聯) of a paid charge — number, date, random code, seller's and buyer's tax IDs, total.",
  },
});
