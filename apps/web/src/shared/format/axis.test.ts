import { describe, expect, it } from 'vitest';
import { categoryLabelLayout, formatAxisValue, textWidth } from './axis.ts';

describe('axis values (issue 30, defect 6)', () => {
  it('writes 萬 and 億 in zh-TW, 万 and 亿 in zh-CN', () => {
    expect(formatAxisValue(1_000_000, 'zh-TW')).toBe('100萬');
    expect(formatAxisValue(15_000, 'zh-TW')).toBe('1.5萬');
    expect(formatAxisValue(250_000_000, 'zh-TW')).toBe('2.5億');
    expect(formatAxisValue(1_000_000, 'zh-CN')).toBe('100万');
    expect(formatAxisValue(120_000_000, 'zh-CN')).toBe('1.2亿');
  });
  it('writes K, M and B in English', () => {
    expect(formatAxisValue(1_000_000, 'en-US')).toBe('1M');
    expect(formatAxisValue(1_250_000, 'en-US', '$')).toBe('$1.3M');
    expect(formatAxisValue(300_000, 'en-US')).toBe('300K');
    expect(formatAxisValue(2_000_000_000, 'en-US')).toBe('2B');
  });
  it('writes small values whole, and signs before the prefix', () => {
    expect(formatAxisValue(0, 'zh-TW')).toBe('0');
    expect(formatAxisValue(9_999, 'zh-TW', '$')).toBe('$9,999');
    expect(formatAxisValue(999, 'en-US')).toBe('999');
    expect(formatAxisValue(-15_000, 'en-US', '$')).toBe('-$15K');
  });
  it('keeps an axis label short: never more than 7 characters for amounts up to 99 億', () => {
    for (const value of [0, 2_500, 25_000, 250_000, 2_500_000, 25_000_000, 250_000_000, 9_900_000_000]) {
      expect(formatAxisValue(value, 'zh-TW', '$').length).toBeLessThanOrEqual(7);
      expect(formatAxisValue(value, 'en-US', '$').length).toBeLessThanOrEqual(7);
    }
  });
});

describe('category labels', () => {
  it('stay straight when they fit, rotate when they do not, and thin out when even rotated ones would touch', () => {
    const months = Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`);
    expect(categoryLabelLayout(months, 100, 12)).toMatchObject({ rotate: false, step: 1 });
    expect(categoryLabelLayout(months, 40, 12)).toMatchObject({ rotate: true, step: 1 });
    expect(categoryLabelLayout(months, 8, 12).step).toBeGreaterThan(1);
    expect(textWidth('拜訪', 12)).toBe(24);
  });
});
