import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.ts';

describe('formatMoney', () => {
  it('shows exact decimal strings with a dollar sign and thousands separators', () => {
    expect(formatMoney('1234567.5')).toBe('$1,234,567.50');
    expect(formatMoney('0')).toBe('$0.00');
    expect(formatMoney('999.99')).toBe('$999.99');
    expect(formatMoney('-1000')).toBe('-$1,000.00');
    expect(formatMoney('999999999999.99')).toBe('$999,999,999,999.99');
    expect(formatMoney(null)).toBe('');
  });
});
