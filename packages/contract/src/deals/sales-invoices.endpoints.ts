import { idParamsSchema } from '../platform/common.ts';
import { endpoints } from '../platform/endpoint.ts';
import {
  salesInvoiceAllowanceBodySchema,
  salesInvoiceConnectionSchema,
  salesInvoiceIssueBodySchema,
  salesInvoiceListSchema,
  salesInvoiceSchema,
  salesInvoiceSettingsBodySchema,
  salesInvoiceSettingsSchema,
  salesInvoiceVoidBodySchema,
} from './sales-invoices.ts';

/**
 * A workspace's own e-invoices (issue 36). Who sees a deal sees its invoices; who edits it issues, voids and allows;
 * another workspace's id → 404. Issuing is a job, once per deal: a second request for a deal with an invoice answers
 * that invoice. System administrators hold the credentials.
 */
export const salesInvoicesEndpoints = endpoints('sales-invoices', {
  listOfDeal: { method: 'GET', path: '/deal/:id/invoices', access: 'member', params: idParamsSchema, response: salesInvoiceListSchema, summary: "A deal's e-invoices" },
  issue: {
    method: 'POST',
    path: '/sales-invoice',
    access: 'member',
    body: salesInvoiceIssueBodySchema,
    response: salesInvoiceSchema,
    summary: 'Issue an e-invoice for a won deal or an accepted quote',
    description: 'Queued as a job and issued once per deal (the invoice already queued or issued for the deal is answered). 409 SALES_INVOICE_NOT_BILLABLE when the deal is not won and the quote not accepted.',
  },
  void: { method: 'POST', path: '/sales-invoice/:id/void', access: 'member', params: idParamsSchema, body: salesInvoiceVoidBodySchema, response: salesInvoiceSchema, summary: 'Void an e-invoice' },
  allowance: {
    method: 'POST',
    path: '/sales-invoice/:id/allowance',
    access: 'member',
    params: idParamsSchema,
    body: salesInvoiceAllowanceBodySchema,
    response: salesInvoiceSchema,
    summary: 'Issue an allowance (折讓) against an e-invoice',
  },
  settings: { method: 'GET', path: '/settings/e-invoice', access: 'member', response: salesInvoiceSettingsSchema, summary: "The workspace's e-invoice connection" },
  saveSettings: { method: 'PUT', path: '/settings/e-invoice', access: 'member', body: salesInvoiceSettingsBodySchema, response: salesInvoiceSettingsSchema, summary: "Save the workspace's e-invoice credentials (system administrators)" },
  testConnection: { method: 'POST', path: '/settings/e-invoice/test', access: 'member', response: salesInvoiceConnectionSchema, summary: "Test the workspace's stored e-invoice credentials" },
}, { scope: 'deals' });
