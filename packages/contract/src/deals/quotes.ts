import { z } from 'zod';
import { emailSchema } from '../access/auth.ts';
import { dateOnlySchema, uuidSchema } from '../platform/common.ts';
import { moneySchema } from '../platform/money.ts';
import { taxIdSchema } from '../records/identifiers.ts';
import { quoteStatuses, quoteTaxModes } from './quotes.rules.ts';

export * from './quotes.rules.ts';

/**
 * Quotes (報價單, issue 36): made from a deal's product lines, numbered per workspace, versioned (editing a sent quote
 * makes the next version and marks the older one superseded), rendered as a PDF and answered by the customer on a
 * public page. Arithmetic and numerals: quotes.rules.ts.
 */

export const quoteMaxLines = 200;
const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) => text(max).nullable().optional();

export const quoteLineInputSchema = z.object({
  productId: uuidSchema.nullable().optional(),
  name: text(200).min(1),
  description: optionalText(500),
  unitPrice: moneySchema,
  quantity: z.number().int().min(1).max(1_000_000),
  discountPercent: z.number().min(0).max(100).multipleOf(0.01).default(0),
  optional: z.boolean().default(false),
});
export type QuoteLineInput = z.input<typeof quoteLineInputSchema>;

export const quoteBuyerSchema = z.object({
  companyName: optionalText(200),
  taxId: taxIdSchema,
  address: optionalText(300),
  contactName: optionalText(100),
  contactEmail: z.union([emailSchema, z.literal('')]).nullable().optional(),
  contactPhone: optionalText(50),
});

const quoteFields = {
  title: optionalText(200),
  lines: z.array(quoteLineInputSchema).min(1).max(quoteMaxLines),
  taxMode: z.enum(quoteTaxModes),
  validUntil: dateOnlySchema,
  terms: optionalText(4000),
  buyer: quoteBuyerSchema,
};

/** New quote: the deal's product lines, its company and contact, and the workspace's defaults fill what is left out. */
export const quoteCreateBodySchema = z.object({
  dealId: uuidSchema,
  ...quoteFields,
  lines: quoteFields.lines.optional(),
  taxMode: quoteFields.taxMode.optional(),
  validUntil: quoteFields.validUntil.optional(),
  buyer: quoteFields.buyer.optional(),
});
export type QuoteCreateBody = z.infer<typeof quoteCreateBodySchema>;

/** Editing: a draft changes in place, a sent quote becomes the next version. */
export const quoteUpdateBodySchema = z.object(quoteFields).partial();
export type QuoteUpdateBody = z.infer<typeof quoteUpdateBodySchema>;

export const quoteSendBodySchema = z.object({
  /** Whom to e-mail the link and PDF to (from the sender's connected mailbox, else the system mail); absent: not e-mailed. */
  email: emailSchema.nullable().optional(),
  /** Also push the link by LINE to the deal contact's linked friend (409 QUOTE_NO_LINE_FRIEND when there is none). */
  line: z.boolean().default(false),
  message: optionalText(2000),
});
export type QuoteSendBody = z.infer<typeof quoteSendBodySchema>;

export const quoteLineSchema = z.object({
  productId: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  unitPrice: z.string(),
  quantity: z.number().int(),
  discountPercent: z.number(),
  optional: z.boolean(),
  amount: z.string(),
});
export type QuoteLine = z.infer<typeof quoteLineSchema>;

export const quoteSellerSchema = z.object({
  name: z.string(),
  taxId: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** The letterhead has the workspace's logo (the public page reads it from /public/quote/{token}/logo). */
  hasLogo: z.boolean(),
});
export type QuoteSeller = z.infer<typeof quoteSellerSchema>;

/** What the customer sees and the PDF prints. */
export const publicQuoteSchema = z.object({
  number: z.string(),
  version: z.number().int(),
  title: z.string().nullable(),
  status: z.enum(quoteStatuses),
  /** Sent and still valid: Accept and Decline are offered. */
  answerable: z.enum(['open', 'expired', 'closed']),
  issuedOn: z.string(),
  validUntil: z.string(),
  taxMode: z.enum(quoteTaxModes),
  lines: z.array(quoteLineSchema),
  subtotal: z.string(),
  untaxed: z.string(),
  tax: z.string(),
  total: z.string(),
  totalInWords: z.string(),
  terms: z.string().nullable(),
  seller: quoteSellerSchema,
  buyer: z.object({
    companyName: z.string().nullable(),
    taxId: z.string().nullable(),
    address: z.string().nullable(),
    contactName: z.string().nullable(),
    contactEmail: z.string().nullable(),
    contactPhone: z.string().nullable(),
  }),
  acceptedAt: z.string().nullable(),
  acceptedName: z.string().nullable(),
  acceptedTitle: z.string().nullable(),
  declinedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
});
export type PublicQuote = z.infer<typeof publicQuoteSchema>;

export const quoteSchema = publicQuoteSchema.extend({
  id: z.string(),
  dealId: z.string(),
  /** The public page's path (/q/<token>): an unguessable token, not the id. */
  publicPath: z.string(),
  sentAt: z.string().nullable(),
  viewCount: z.number().int(),
  lastViewedAt: z.string().nullable(),
  hasSignature: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Quote = z.infer<typeof quoteSchema>;
export const quoteListSchema = z.object({ items: z.array(quoteSchema) });

/** The ways a quote can reach its buyer (the send dialog offers only these). */
export const quoteChannelsSchema = z.object({
  /** The buyer contact's e-mail on the quote (editable in the dialog). */
  email: z.string().nullable(),
  /** The sender's connected mailbox the e-mail goes from; null: the system mail. */
  mailbox: z.string().nullable(),
  /** The deal's contact is linked to a followed friend of the connected LINE official account. */
  line: z.boolean(),
});
export type QuoteChannels = z.infer<typeof quoteChannelsSchema>;

/** The CSV export: the current version of each visible quote, by the day it was made (Taipei's calendar). */
export const quoteExportQuerySchema = z.object({ from: dateOnlySchema.optional(), to: dateOnlySchema.optional() });

export const quoteTokenParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, { message: 'invalidValue' }) });

/** A signature drawn on the phone: a PNG data URL, at most ~200 kB. */
export const quoteSignatureMaxLength = 300_000;
export const quoteAcceptBodySchema = z.object({
  name: text(100).min(1),
  title: optionalText(100),
  signature: z.string().max(quoteSignatureMaxLength).regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, { message: 'invalidValue' }).nullable().optional(),
});
export type QuoteAcceptBody = z.infer<typeof quoteAcceptBodySchema>;
export const quoteDeclineBodySchema = z.object({ reason: text(1000).min(1) });
export type QuoteDeclineBody = z.infer<typeof quoteDeclineBodySchema>;

/** The workspace's quote settings (Settings → Quotes): numbering prefix, letterhead, defaults, what acceptance does. */
export const quoteSettingsSchema = z.object({
  prefix: z.string(),
  /** null: the workspace's name. */
  sellerName: z.string().nullable(),
  sellerTaxId: z.string().nullable(),
  sellerAddress: z.string().nullable(),
  sellerPhone: z.string().nullable(),
  sellerEmail: z.string().nullable(),
  defaultTerms: z.string().nullable(),
  validDays: z.number().int(),
  /** An accepted quote closes its deal as won. */
  markDealWon: z.boolean(),
  /** The letterhead's logo (a PNG or JPEG uploaded in Settings → Quotes), as a member's file URL; null: none. */
  logoUrl: z.string().nullable(),
});
export const quoteSettingsBodySchema = z.object({
  prefix: z.string().trim().regex(/^[A-Za-z0-9-]{1,12}$/, { message: 'invalidValue' }),
  sellerName: z.string().trim().max(200).nullable(),
  sellerTaxId: taxIdSchema.transform((v) => v || null),
  sellerAddress: z.string().trim().max(300).nullable(),
  sellerPhone: z.string().trim().max(50).nullable(),
  sellerEmail: z.union([emailSchema, z.literal('')]).nullable().transform((v) => v || null),
  defaultTerms: z.string().trim().max(4000).nullable(),
  validDays: z.number().int().min(1).max(365),
  markDealWon: z.boolean(),
});
export type QuoteSettings = z.infer<typeof quoteSettingsSchema>;
export const defaultQuoteSettings: QuoteSettings = {
  prefix: 'Q',
  sellerName: null,
  sellerTaxId: null,
  sellerAddress: null,
  sellerPhone: null,
  sellerEmail: null,
  defaultTerms: null,
  validDays: 30,
  markDealWon: true,
  logoUrl: null,
};
/** The logo: a PNG or JPEG (what the PDF can embed), at most 1 MB. */
export const quoteLogoTypes = ['image/png', 'image/jpeg'] as const;
export const quoteLogoMaxBytes = 1024 * 1024;

/** The quote number: prefix and the workspace's sequence, at least 5 digits (Q-00042). */
export const quoteNumber = (prefix: string, sequence: number) => `${prefix}-${String(sequence).padStart(5, '0')}`;
