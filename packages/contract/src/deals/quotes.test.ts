import { describe, expect, it } from 'vitest';
import { chineseCapitalAmount, formatQuoteAmount, quoteLineAmountCents, quoteOpenForAnswer, quoteTotals } from './quotes.rules.ts';
import { quoteAcceptBodySchema, quoteLineInputSchema, quoteNumber } from './quotes.ts';

const line = (unitPrice: string, quantity: number, discountPercent = 0, optional = false) => ({ unitPrice, quantity, discountPercent, optional });

describe('quote arithmetic (hand-computed, docs/decisions/0020-quotes.md)', () => {
  it('a line is price × quantity less its discount, rounded half up to the dollar', () => {
    expect(quoteLineAmountCents(line('1200', 3))).toBe(360_000n);
    // 333.33 × 3 = 999.99 → 1000
    expect(quoteLineAmountCents(line('333.33', 3))).toBe(100_000n);
    // 99 × 1 × 0.85 = 84.15 → 84
    expect(quoteLineAmountCents(line('99', 1, 15))).toBe(8_400n);
    // 10.5 × 1 = 10.50 → 11 (half up)
    expect(quoteLineAmountCents(line('10.50', 1))).toBe(1_100n);
    // 1999 × 7 × (1 − 12.5 %) = 12 243.875 → 12 244
    expect(quoteLineAmountCents(line('1999', 7, 12.5))).toBe(1_224_400n);
  });

  it('exclusive: 5 % once on the total, not per line', () => {
    // lines 10 and 10: per line tax would be 1 + 1 = 2 (0.5 each rounded up); on the total 20 × 5 % = 1.
    expect(quoteTotals([line('10', 1), line('10', 1)], 'exclusive')).toEqual({ lineAmounts: ['10.00', '10.00'], subtotal: '20.00', untaxed: '20.00', tax: '1.00', total: '21.00' });
    // 12 000 + 3 × 333.33 (1 000) = 13 000; tax 650; total 13 650.
    expect(quoteTotals([line('12000', 1), line('333.33', 3)], 'exclusive')).toMatchObject({ subtotal: '13000.00', tax: '650.00', total: '13650.00' });
    // 1 × 30 = 30 → tax 1.5 → 2 (half up).
    expect(quoteTotals([line('30', 1)], 'exclusive')).toMatchObject({ tax: '2.00', total: '32.00' });
  });

  it('inclusive: untaxed = round(total ÷ 1.05), tax = the rest', () => {
    // 10 500 ÷ 1.05 = 10 000, tax 500.
    expect(quoteTotals([line('10500', 1)], 'inclusive')).toMatchObject({ subtotal: '10500.00', untaxed: '10000.00', tax: '500.00', total: '10500.00' });
    // 1 000 ÷ 1.05 = 952.38 → 952, tax 48.
    expect(quoteTotals([line('1000', 1)], 'inclusive')).toMatchObject({ untaxed: '952.00', tax: '48.00', total: '1000.00' });
    // 21 ÷ 1.05 = 20, tax 1.
    expect(quoteTotals([line('21', 1)], 'inclusive')).toMatchObject({ untaxed: '20.00', tax: '1.00', total: '21.00' });
  });

  it('no tax; optional lines are priced but left out of every total', () => {
    expect(quoteTotals([line('500', 2), line('800', 1, 0, true)], 'none')).toEqual({ lineAmounts: ['1000.00', '800.00'], subtotal: '1000.00', untaxed: '1000.00', tax: '0.00', total: '1000.00' });
    expect(quoteTotals([line('500', 2), line('800', 1, 0, true)], 'exclusive')).toMatchObject({ tax: '50.00', total: '1050.00' });
  });
});

describe('amounts in Chinese capital numerals', () => {
  it.each([
    [0, '零元整'],
    [7, '柒元整'],
    [10, '壹拾元整'],
    [15, '壹拾伍元整'],
    [105, '壹佰零伍元整'],
    [1050, '壹仟零伍拾元整'],
    [1001, '壹仟零壹元整'],
    [12000, '壹萬貳仟元整'],
    [10200, '壹萬零貳佰元整'],
    [13650, '壹萬參仟陸佰伍拾元整'],
    [100000, '壹拾萬元整'],
    [1000001, '壹佰萬零壹元整'],
    [100001000, '壹億零壹仟元整'],
    [100010000, '壹億零壹萬元整'],
    [123456789, '壹億貳仟參佰肆拾伍萬陸仟柒佰捌拾玖元整'],
  ])('%d → %s', (amount, words) => {
    expect(chineseCapitalAmount(amount)).toBe(words);
  });

  it('takes money text, drops cents, writes simplified for zh-CN, refuses negatives', () => {
    expect(chineseCapitalAmount('13650.00')).toBe('壹萬參仟陸佰伍拾元整');
    expect(chineseCapitalAmount('12000.40')).toBe('壹萬貳仟元整');
    expect(chineseCapitalAmount(23000, 'zh-CN')).toBe('贰万叁仟元整');
    expect(() => chineseCapitalAmount(-1)).toThrow(RangeError);
  });
});

describe('quote formats and rules', () => {
  it('thousands separators; cents only when there are any', () => {
    expect(formatQuoteAmount('1234567.00')).toBe('1,234,567');
    expect(formatQuoteAmount('999.00')).toBe('999');
    expect(formatQuoteAmount('1234.50')).toBe('1,234.50');
  });

  it('numbers pad the sequence', () => {
    expect(quoteNumber('Q', 42)).toBe('Q-00042');
    expect(quoteNumber('ACME', 123456)).toBe('ACME-123456');
  });

  it('only a sent quote within its validity can be answered', () => {
    expect(quoteOpenForAnswer({ status: 'sent', validUntil: '2026-12-31' }, '2026-12-31')).toBe('open');
    expect(quoteOpenForAnswer({ status: 'sent', validUntil: '2026-12-30' }, '2026-12-31')).toBe('expired');
    expect(quoteOpenForAnswer({ status: 'superseded', validUntil: '2027-01-01' }, '2026-12-31')).toBe('closed');
    expect(quoteOpenForAnswer({ status: 'draft', validUntil: '2027-01-01' }, '2026-12-31')).toBe('closed');
  });

  it('lines and signatures are validated', () => {
    expect(quoteLineInputSchema.safeParse({ name: 'x', unitPrice: '1', quantity: 0 }).success).toBe(false);
    expect(quoteLineInputSchema.safeParse({ name: 'x', unitPrice: '1', quantity: 1, discountPercent: 101 }).success).toBe(false);
    expect(quoteLineInputSchema.parse({ name: 'x', unitPrice: 1, quantity: 1 })).toMatchObject({ unitPrice: '1.00', discountPercent: 0, optional: false });
    expect(quoteAcceptBodySchema.safeParse({ name: 'A', signature: 'javascript:alert(1)' }).success).toBe(false);
    expect(quoteAcceptBodySchema.safeParse({ name: 'A', signature: 'data:image/png;base64,iVBORw0KGgo=' }).success).toBe(true);
  });
});
