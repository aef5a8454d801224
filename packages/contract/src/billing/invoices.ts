import { z } from 'zod';
import { isTaiwanTaxId } from '../platform/tax-id.ts';

/**
 * Taiwan electronic uniform invoices (電子發票) for Lodestar's own charges (docs/decisions/0021). The buyer is a
 * company (B2B: 統一編號 + name) or a person (B2C): a member invoice e-mailed to the account (the default), a
 * mobile barcode (手機條碼), a citizen digital certificate (自然人憑證) or a donation (愛心碼).
 */

/** 手機條碼: "/" and 7 of 0-9, A-Z, ".", "+", "-" (the Ministry of Finance's format). */
export const isMobileBarcode = (value: string): boolean => /^\/[0-9A-Z.+-]{7}$/.test(value);
/** 自然人憑證: 2 capital letters and 14 digits. */
export const isCitizenCertificate = (value: string): boolean => /^[A-Z]{2}[0-9]{14}$/.test(value);
/** 愛心碼 (donation code of a charity): 3 to 7 digits. */
export const isDonationCode = (value: string): boolean => /^[0-9]{3,7}$/.test(value);

const upper = (schema: z.ZodString) => schema.trim().transform((v) => v.toUpperCase());

/** Each field's rule, also run by the checkout form (web contractRule) so both refuse alike. */
export const invoiceBuyerFields = {
  mobileBarcode: upper(z.string().max(20)).refine(isMobileBarcode, { message: 'invalidMobileBarcode' }),
  citizenCertificate: upper(z.string().max(20)).refine(isCitizenCertificate, { message: 'invalidCitizenCertificate' }),
  donationCode: z.string().trim().refine(isDonationCode, { message: 'invalidDonationCode' }),
  taxId: z.string().trim().refine(isTaiwanTaxId, { message: 'invalidTaxId' }),
  companyName: z.string().trim().min(1).max(60),
  email: z.email().max(80),
};
const f = invoiceBuyerFields;

export const invoiceBuyerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('member'), email: f.email }),
  z.object({ kind: z.literal('mobileBarcode'), code: f.mobileBarcode, email: f.email }),
  z.object({ kind: z.literal('citizenCertificate'), code: f.citizenCertificate, email: f.email }),
  z.object({ kind: z.literal('donation'), code: f.donationCode, email: f.email }),
  z.object({ kind: z.literal('company'), taxId: f.taxId, companyName: f.companyName, email: f.email }),
]);
export type InvoiceBuyer = z.output<typeof invoiceBuyerSchema>;
export type InvoiceBuyerInput = z.input<typeof invoiceBuyerSchema>;
export const invoiceBuyerKinds = ['member', 'mobileBarcode', 'citizenCertificate', 'donation', 'company'] as const;

/**
 * draft: written at checkout, waits for the payment; pending: paid, queued (retried with backoff); issued;
 * failed: the provider refused it (an operator must look); voided / allowed: money went back.
 */
export const invoiceStatuses = ['draft', 'pending', 'issued', 'failed', 'voided', 'allowed'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

/** The legal upload deadlines after the sale: 48 hours for B2C, 7 days for B2B. */
export const invoiceDeadlineMs = { b2c: 48 * 3_600_000, b2b: 7 * 24 * 3_600_000 } as const;
export const invoiceDeadlineOf = (buyer: InvoiceBuyer, paidAt: Date): Date =>
  new Date(paidAt.getTime() + (buyer.kind === 'company' ? invoiceDeadlineMs.b2b : invoiceDeadlineMs.b2c));

/** The two-month period (Jan–Feb, Mar–Apr, …, Taiwan time) of an invoice, with the Republic of China year a proof prints. */
export function invoicePeriod(at: Date): { year: number; rocYear: number; from: number; to: number } {
  const taipei = new Date(at.getTime() + 8 * 3_600_000);
  const year = taipei.getUTCFullYear();
  const from = taipei.getUTCMonth() - (taipei.getUTCMonth() % 2) + 1;
  return { year, rocYear: year - 1911, from, to: from + 1 };
}

/** A void is allowed within the invoice's own period, else an allowance: the period as a comparable key. */
export function invoicePeriodOf(at: Date): string {
  const { year, from } = invoicePeriod(at);
  return `${year}-${(from - 1) / 2}`;
}

/** What the purchase history shows of a charge's invoice. */
export const invoiceSummarySchema = z.object({
  status: z.enum(invoiceStatuses),
  number: z.string().nullable(),
  randomCode: z.string().nullable(),
  issuedAt: z.string().nullable(),
  /** Issued by the built-in test mode: not a real invoice. */
  testMode: z.boolean(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

/** GET /api/billing/charges/:id/invoice: the e-invoice proof (電子發票證明聯). */
export const invoiceProofSchema = invoiceSummarySchema.extend({
  amount: z.number(),
  /** Tax included (營業稅 5 %): sales amount and tax as printed on a B2B proof. */
  salesAmount: z.number(),
  taxAmount: z.number(),
  itemName: z.string(),
  seller: z.object({ name: z.string(), taxId: z.string() }),
  buyer: z.object({ kind: z.enum(invoiceBuyerKinds), taxId: z.string().nullable(), name: z.string().nullable(), carrier: z.string().nullable(), donationCode: z.string().nullable() }),
  allowanceAmount: z.number().nullable(),
});
export type InvoiceProof = z.infer<typeof invoiceProofSchema>;

/** Tax-inclusive total → sales amount and 5 % business tax (rounded as the MOF example: tax = total − round(total / 1.05)). */
export function splitTax(total: number): { salesAmount: number; taxAmount: number } {
  const salesAmount = Math.round(total / 1.05);
  return { salesAmount, taxAmount: total - salesAmount };
}
