import { centsToMoney, moneyToCents } from '../platform/money.rules.ts';

/**
 * Quote arithmetic (docs/decisions/0020-quotes.md), as Taiwanese quotes and uniform invoices do it: every line's amount
 * is rounded half up to the whole dollar (元), and business tax (營業稅 5 %) is computed once on the total of the lines,
 * never per line, so the tax printed is the tax the invoice will carry.
 * - exclusive (未稅): tax = round(subtotal × 5 %), total = subtotal + tax;
 * - inclusive (含稅): the lines already include tax: total = subtotal, untaxed = round(total ÷ 1.05), tax = total − untaxed;
 * - none (免稅 / not applicable): tax 0.
 * Optional lines are shown with their amount but left out of every total. Zod-free (the public page imports it).
 */

export const quoteTaxModes = ['exclusive', 'inclusive', 'none'] as const;
export type QuoteTaxMode = (typeof quoteTaxModes)[number];
export const quoteTaxRatePercent = 5;

export interface QuoteLineFigures {
  unitPrice: string;
  quantity: number;
  /** 0–100, at most 2 decimals. */
  discountPercent: number;
  optional: boolean;
}

export interface QuoteTotals {
  /** Each line's amount, whole dollars, as money text ("1050.00"). */
  lineAmounts: string[];
  /** Σ amounts of the non-optional lines. */
  subtotal: string;
  /** The sales amount before tax (銷售額). */
  untaxed: string;
  tax: string;
  total: string;
}

/** round(n / d) half up, for n ≥ 0 and d > 0. */
function divideHalfUp(n: bigint, d: bigint): bigint {
  return (n * 2n + d) / (d * 2n);
}

/** A line's amount in cents: unit price × quantity × (1 − discount), rounded half up to the whole dollar. */
export function quoteLineAmountCents(line: Pick<QuoteLineFigures, 'unitPrice' | 'quantity' | 'discountPercent'>): bigint {
  const basisPoints = BigInt(Math.round(line.discountPercent * 100));
  const scaled = moneyToCents(line.unitPrice) * BigInt(line.quantity) * (10_000n - basisPoints);
  // scaled is in cents × 10 000; one dollar is 100 cents.
  return divideHalfUp(scaled, 1_000_000n) * 100n;
}

export function quoteTotals(lines: QuoteLineFigures[], taxMode: QuoteTaxMode): QuoteTotals {
  const amounts = lines.map(quoteLineAmountCents);
  const subtotal = amounts.reduce((sum, amount, i) => (lines[i]!.optional ? sum : sum + amount), 0n);
  let untaxed = subtotal;
  let tax = 0n;
  if (taxMode === 'exclusive') tax = divideHalfUp(subtotal / 100n * BigInt(quoteTaxRatePercent), 100n) * 100n;
  if (taxMode === 'inclusive') {
    untaxed = divideHalfUp(subtotal / 100n * 100n, BigInt(100 + quoteTaxRatePercent)) * 100n;
    tax = subtotal - untaxed;
  }
  return {
    lineAmounts: amounts.map(centsToMoney),
    subtotal: centsToMoney(subtotal),
    untaxed: centsToMoney(untaxed),
    tax: centsToMoney(tax),
    total: centsToMoney(untaxed + tax),
  };
}

const numerals = {
  'zh-TW': { digits: '零壹貳參肆伍陸柒捌玖', units: ['', '拾', '佰', '仟'], sections: ['', '萬', '億', '兆'], end: '元整' },
  'zh-CN': { digits: '零壹贰叁肆伍陆柒捌玖', units: ['', '拾', '佰', '仟'], sections: ['', '万', '亿', '兆'], end: '元整' },
} as const;

/**
 * A whole amount in Chinese capital numerals, as quotes and cheques write it: 12000 → 壹萬貳仟元整, 10200 → 壹萬零貳佰元整,
 * 0 → 零元整. One 零 stands for any run of zeros between two written digits, across 萬 and 億 sections too. Cents are
 * dropped (quote totals are whole dollars). Up to 9 999 兆.
 */
export function chineseCapitalAmount(amount: string | number | bigint, variant: keyof typeof numerals = 'zh-TW'): string {
  const n = typeof amount === 'bigint' ? amount : moneyToCents(typeof amount === 'number' ? String(Math.trunc(amount)) : amount) / 100n;
  if (n < 0n || n >= 10n ** 16n) throw new RangeError('amount out of range');
  const { digits, units, sections, end } = numerals[variant];
  if (n === 0n) return `${digits[0]}${end}`;
  const groups: number[] = [];
  for (let rest = n; rest > 0n; rest /= 10_000n) groups.push(Number(rest % 10_000n));
  let text = '';
  let zeroPending = false;
  for (let i = groups.length - 1; i >= 0; i--) {
    const group = groups[i]!;
    if (group === 0) {
      zeroPending = text !== '';
      continue;
    }
    if (text !== '' && (zeroPending || group < 1000)) text += digits[0];
    let part = '';
    let zero = false;
    for (let pos = 3; pos >= 0; pos--) {
      const digit = Math.floor(group / 10 ** pos) % 10;
      if (digit === 0) {
        zero = part !== '';
        continue;
      }
      if (zero) part += digits[0];
      zero = false;
      part += digits[digit]! + units[pos]!;
    }
    text += part + sections[i]!;
    zeroPending = false;
  }
  return text + end;
}

/** "1234567.00" → "1,234,567" (whole dollars) or "1,234.50" (cents kept when there are any). */
export function formatQuoteAmount(money: string): string {
  const [whole = '0', fraction = '00'] = money.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === '00' ? grouped : `${grouped}.${fraction}`;
}

/** Statuses a quote goes through; "expired" is not stored: a sent quote past its validity date. */
export const quoteStatuses = ['draft', 'sent', 'accepted', 'declined', 'superseded'] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];

/** Whether a customer may still accept or decline: sent, not superseded and valid through the end of validUntil. */
export function quoteOpenForAnswer(quote: { status: QuoteStatus; validUntil: string }, today: string): 'open' | 'expired' | 'closed' {
  if (quote.status !== 'sent') return 'closed';
  return quote.validUntil < today ? 'expired' : 'open';
}
