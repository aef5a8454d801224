import { describe, expect, it } from 'vitest';
import { isRealDate, maskDate } from './dates.ts';

describe('date mask (docs/product.md#validation)', () => {
  it('inserts dashes and drops non-digits', () => {
    expect(maskDate('2024')).toBe('2024');
    expect(maskDate('20240')).toBe('2024-0');
    expect(maskDate('2024a0315')).toBe('2024-03-15');
    expect(maskDate('2024-03-15-99')).toBe('2024-03-15');
  });
  it('accepts only real dates', () => {
    expect(isRealDate('2024-02-29')).toBe(true);
    expect(isRealDate('2023-02-29')).toBe(false);
    expect(isRealDate('2024-13-01')).toBe(false);
    expect(isRealDate('2024-3-1')).toBe(false);
  });
});
