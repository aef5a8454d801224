import { z } from 'zod';
import { invoiceBuyerSchema, invoiceStatuses } from '../billing/invoices.ts';
import { uuidSchema } from '../platform/common.ts';

/**
 * A workspace's own e-invoices (電子發票, issue 36): issued to its customer from an accepted quote or a won deal,
 * through the workspace's own ECPay merchant — or, with no credentials, in a zero-setup test mode that issues
 * local test numbers (labelled everywhere). One invoice per deal at a time (voiding frees the deal for another).
 */

/** The workspace's e-invoice connection: `test` (nothing reaches the tax authority) or its own ECPay merchant. */
export const salesInvoiceModes = ['test', 'ecpay'] as const;
export type SalesInvoiceMode = (typeof salesInvoiceModes)[number];

/** GET /settings/e-invoice: never the keys themselves, only whether they are stored. */
export const salesInvoiceSettingsSchema = z.object({
  mode: z.enum(salesInvoiceModes),
  merchantId: z.string().nullable(),
  hasKeys: z.boolean(),
  /** The last successful "test connection" (ISO), null if never or since the credentials changed. */
  checkedAt: z.string().nullable(),
});
export type SalesInvoiceSettings = z.infer<typeof salesInvoiceSettingsSchema>;

const key16 = z.string().trim().length(16, { message: 'invalidValue' });
/**
 * PUT /settings/e-invoice. ECPay's HashKey and HashIV are 16 characters each; left out when the stored ones should
 * stay (the form never shows them again).
 */
export const salesInvoiceSettingsBodySchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('test') }),
  z.object({
    mode: z.literal('ecpay'),
    merchantId: z.string().trim().regex(/^\d{7,10}$/, { message: 'invalidValue' }),
    hashKey: key16.optional(),
    hashIv: key16.optional(),
  }),
]);
export type SalesInvoiceSettingsBody = z.input<typeof salesInvoiceSettingsBodySchema>;

/** POST /settings/e-invoice/test: the stored (or the given, unsaved) credentials against the provider. */
export const salesInvoiceConnectionSchema = z.object({ ok: z.boolean(), message: z.string().nullable() });
export type SalesInvoiceConnection = z.infer<typeof salesInvoiceConnectionSchema>;

export const salesInvoiceIssueBodySchema = z.object({
  dealId: uuidSchema,
  /** An accepted quote of this deal: the invoice's amount and item; without it the deal must be won (its amount). */
  quoteId: uuidSchema.nullable().optional(),
  buyer: invoiceBuyerSchema,
});
export type SalesInvoiceIssueBody = z.input<typeof salesInvoiceIssueBodySchema>;

export const salesInvoiceVoidBodySchema = z.object({ reason: z.string().trim().min(1).max(20) });
export const salesInvoiceAllowanceBodySchema = z.object({ amount: z.number().int().min(1).max(100_000_000), reason: z.string().trim().min(1).max(20) });
export type SalesInvoiceAllowanceBody = z.infer<typeof salesInvoiceAllowanceBodySchema>;

export const salesInvoiceSchema = z.object({
  id: z.string(),
  dealId: z.string(),
  dealName: z.string(),
  quoteId: z.string().nullable(),
  status: z.enum(invoiceStatuses),
  testMode: z.boolean(),
  buyerKind: z.enum(['member', 'mobileBarcode', 'citizenCertificate', 'donation', 'company']),
  /** 統編 and company name (B2B), carrier or donation code (B2C). */
  buyerLabel: z.string(),
  amount: z.number().int(),
  itemName: z.string(),
  number: z.string().nullable(),
  randomCode: z.string().nullable(),
  issuedAt: z.string().nullable(),
  deadlineAt: z.string().nullable(),
  lastError: z.string().nullable(),
  allowanceAmount: z.number().int().nullable(),
  allowanceNumber: z.string().nullable(),
  createdAt: z.string(),
});
export type SalesInvoice = z.infer<typeof salesInvoiceSchema>;
export const salesInvoiceListSchema = z.object({ items: z.array(salesInvoiceSchema) });
