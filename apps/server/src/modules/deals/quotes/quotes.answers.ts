import { chineseCapitalAmount, quoteOpenForAnswer, quoteTotals, type PublicQuote, type Quote, type QuoteLineInput, type QuoteTaxMode } from '@lodestar/contract';
import type { QuoteRow } from './quotes.repository.ts';
import type { StoredQuoteLine } from './quotes.table.ts';

/** Quotes as the API answers them, and the figures stored with each version. */

/** Taipei's calendar day: validity dates are Taiwanese dates (a quote valid through the 31st is valid all that day there). */
export function todayInTaipei(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

export function storedLines(lines: QuoteLineInput[]): StoredQuoteLine[] {
  return lines.map((l) => ({
    productId: l.productId ?? null,
    name: l.name,
    description: l.description || null,
    unitPrice: String(l.unitPrice),
    quantity: l.quantity,
    discountPercent: l.discountPercent ?? 0,
    optional: l.optional ?? false,
  }));
}

/** The totals to store with a version (computed once, by the contract's rules). */
export function figures(lines: StoredQuoteLine[], taxMode: QuoteTaxMode) {
  const { subtotal, untaxed, tax, total } = quoteTotals(lines, taxMode);
  return { subtotal, untaxed, tax, total };
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export function toPublicQuote(row: QuoteRow, today = todayInTaipei()): PublicQuote {
  const { lineAmounts } = quoteTotals(row.lines, row.taxMode);
  return {
    number: row.number,
    version: row.version,
    title: row.title,
    status: row.status,
    answerable: quoteOpenForAnswer(row, today),
    issuedOn: row.issuedOn,
    validUntil: row.validUntil,
    taxMode: row.taxMode,
    lines: row.lines.map((l, i) => ({ ...l, amount: lineAmounts[i]! })),
    subtotal: row.subtotal,
    untaxed: row.untaxed,
    tax: row.tax,
    total: row.total,
    totalInWords: chineseCapitalAmount(row.total),
    terms: row.terms,
    seller: { name: row.seller.name, taxId: row.seller.taxId, address: row.seller.address, phone: row.seller.phone, email: row.seller.email, hasLogo: Boolean(row.seller.logoFileId) },
    buyer: row.buyer,
    acceptedAt: iso(row.acceptedAt),
    acceptedName: row.acceptedName,
    acceptedTitle: row.acceptedTitle,
    declinedAt: iso(row.declinedAt),
    declineReason: row.declineReason,
  };
}

export function toQuote(row: QuoteRow): Quote {
  return {
    ...toPublicQuote(row),
    id: row.id,
    dealId: row.dealId,
    publicPath: `/q/${row.publicToken}`,
    sentAt: iso(row.sentAt),
    viewCount: row.viewCount,
    lastViewedAt: iso(row.lastViewedAt),
    hasSignature: row.signature !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The event's record: the quote without its lines' detail, signature or token. */
export function eventRecord(row: QuoteRow): Record<string, unknown> {
  return {
    id: row.id,
    dealId: row.dealId,
    number: row.number,
    version: row.version,
    status: row.status,
    taxMode: row.taxMode,
    subtotal: row.subtotal,
    tax: row.tax,
    total: row.total,
    validUntil: row.validUntil,
    lineCount: row.lines.length,
    ...(row.acceptedName && { acceptedName: row.acceptedName, acceptedTitle: row.acceptedTitle }),
    ...(row.declineReason && { declineReason: row.declineReason }),
  };
}
