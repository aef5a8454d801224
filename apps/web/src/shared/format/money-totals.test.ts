import { describe, expect, it } from 'vitest';
import { formatCount, formatTotal } from './money.ts';

describe('statistic totals', () => {
  it('whole dollars without cents, cents when there are any, always a dollar sign and thousands separators', () => {
    expect(formatTotal('1234567.00')).toBe('$1,234,567');
    expect(formatTotal('1234567.5')).toBe('$1,234,567.50');
    expect(formatTotal('0.00')).toBe('$0');
    expect(formatTotal('999.99')).toBe('$999.99');
    expect(formatTotal('-1500.00')).toBe('-$1,500');
  });

  it('counts with thousands separators', () => {
    expect(formatCount(50000)).toBe('50,000');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1234567)).toBe('1,234,567');
  });
});
