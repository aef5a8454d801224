import { describe, expect, it } from 'vitest';
import { companySaveBodySchema } from './companies.ts';
import { isTaiwanTaxId, isWebAddress } from './identifiers.ts';

describe('isTaiwanTaxId', () => {
  it('accepts numbers whose weighted digit sum is divisible by 10 (the rule before 2023)', () => {
    expect(isTaiwanTaxId('22099131')).toBe(true);
    expect(isTaiwanTaxId('04595257')).toBe(true);
  });
  it('accepts a sum divisible by 5 (the 2023 change)', () => {
    expect(isTaiwanTaxId('04595252')).toBe(true); // sum 35
  });
  it('lets a 7th digit 7 count its 28 as 1 or 0', () => {
    expect(isTaiwanTaxId('01234574')).toBe(true); // sum 29, 30 with the 7 counted as 1
    expect(isTaiwanTaxId('01234579')).toBe(true); // sum 34, 35: only with both rules
    expect(isTaiwanTaxId('01234576')).toBe(false);
  });
  it('refuses wrong checksums, lengths and non-digits', () => {
    expect(isTaiwanTaxId('12345678')).toBe(false);
    expect(isTaiwanTaxId('10458573')).toBe(false);
    expect(isTaiwanTaxId('ABC-1234')).toBe(false);
    expect(isTaiwanTaxId('0459525')).toBe(false);
    expect(isTaiwanTaxId('045952570')).toBe(false);
  });
});

describe('isWebAddress', () => {
  it('accepts http(s) addresses and bare hosts', () => {
    expect(isWebAddress('https://example.com')).toBe(true);
    expect(isWebAddress('http://example.com.tw/a?b=1')).toBe(true);
    expect(isWebAddress('www.example.com')).toBe(true);
  });
  it('refuses text, spaces, other schemes and hosts without a dot', () => {
    expect(isWebAddress('not a url')).toBe(false);
    expect(isWebAddress('ftp://example.com')).toBe(false);
    expect(isWebAddress('localhost')).toBe(false);
    expect(isWebAddress('javascript:alert(1)')).toBe(false);
  });
});

describe('companySaveBodySchema', () => {
  it('names the reason of a bad tax ID, web address and e-mail; empty means none', () => {
    const bad = companySaveBodySchema.safeParse({ name: 'A', tax: '12345678', url: 'not a url' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['tax', 'invalidTaxId'], ['url', 'invalidUrl']]);
    expect(companySaveBodySchema.safeParse({ name: 'A', tax: '', url: '', email: '' }).success).toBe(true);
    expect(companySaveBodySchema.safeParse({ name: 'A', email: 'nobody' }).success).toBe(false);
  });
});
