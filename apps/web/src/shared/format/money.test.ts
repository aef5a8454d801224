import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.ts';

describe('formatMoney', () => {
  it('shows exact decimal strings with a dollar sign and thousands separators', () => {
    expect(formatMoney('1234567.5')).toBe('$1,234,567.50');
    expect(formatMoney('0')).toBe('$0');
    expect(formatMoney('999.99')).toBe('$999.99');
    expect(formatMoney('-1000')).toBe('-$1,000');
    expect(formatMoney('999999999999.99')).toBe('$999,999,999,999.99');
    expect(formatMoney(null)).toBe('');
  });
  it('shows whole dollars without cents unless the amount has cents (spec section 9)', () => {
    expect(formatMoney('1200000.00')).toBe('$1,200,000');
    expect(formatMoney('1200000')).toBe('$1,200,000');
    expect(formatMoney('1200000.05')).toBe('$1,200,000.05');
  });
});
