import { describe, expect, it } from 'vitest';
import { invoiceBuyerSchema, invoiceDeadlineOf, invoicePeriod, invoicePeriodOf, isCitizenCertificate, isDonationCode, isMobileBarcode, splitTax } from './invoices.ts';

describe('e-invoice buyer rules', () => {
  it('mobile barcode: "/" + 7 of 0-9 A-Z . + -', () => {
    expect(isMobileBarcode('/ABC+123')).toBe(true);
    expect(isMobileBarcode('/-F-K0PR')).toBe(true);
    expect(isMobileBarcode('/abc+123')).toBe(false);
    expect(isMobileBarcode('ABC+1234')).toBe(false);
    expect(isMobileBarcode('/ABC+12')).toBe(false);
    expect(isMobileBarcode('/ABC_123')).toBe(false);
  });
  it('citizen certificate: 2 letters + 14 digits; donation code: 3-7 digits', () => {
    expect(isCitizenCertificate('AB12345678901234')).toBe(true);
    expect(isCitizenCertificate('A123456789012345')).toBe(false);
    expect(isDonationCode('168')).toBe(true);
    expect(isDonationCode('1234567')).toBe(true);
    expect(isDonationCode('12')).toBe(false);
    expect(isDonationCode('12345678')).toBe(false);
  });
  it('the schema names the field and the reason; codes are upper-cased', () => {
    const bad = invoiceBuyerSchema.safeParse({ kind: 'company', taxId: '12345678', companyName: 'ACME', email: 'a@b.tw' });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['taxId', 'invalidTaxId']]);
    const barcode = invoiceBuyerSchema.safeParse({ kind: 'mobileBarcode', code: '/x', email: 'a@b.tw' });
    expect(barcode.error?.issues[0]?.message).toBe('invalidMobileBarcode');
    expect(invoiceBuyerSchema.parse({ kind: 'mobileBarcode', code: ' /abc+123 ', email: 'a@b.tw' })).toMatchObject({ code: '/ABC+123' });
    expect(invoiceBuyerSchema.parse({ kind: 'company', taxId: '04595257', companyName: 'ACME', email: 'a@b.tw' }).kind).toBe('company');
  });
  it('deadlines (48 h B2C, 7 days B2B), two-month periods in Taiwan time, tax split', () => {
    const paid = new Date('2026-03-01T00:00:00Z');
    expect(invoiceDeadlineOf({ kind: 'member', email: 'a@b.tw' }, paid).toISOString()).toBe('2026-03-03T00:00:00.000Z');
    expect(invoiceDeadlineOf({ kind: 'company', taxId: '04595257', companyName: 'A', email: 'a@b.tw' }, paid).toISOString()).toBe('2026-03-08T00:00:00.000Z');
    expect(invoicePeriod(new Date('2026-12-05T17:00:00Z'))).toEqual({ year: 2026, rocYear: 115, from: 11, to: 12 });
    expect(invoicePeriod(new Date('2026-12-31T16:30:00Z'))).toEqual({ year: 2027, rocYear: 116, from: 1, to: 2 });
    // 2026-02-28 17:00 UTC is 1 March in Taipei: the Mar–Apr period, not Jan–Feb.
    expect(invoicePeriodOf(new Date('2026-02-28T17:00:00Z'))).toBe(invoicePeriodOf(new Date('2026-04-30T10:00:00Z')));
    expect(invoicePeriodOf(new Date('2026-02-28T15:00:00Z'))).not.toBe(invoicePeriodOf(new Date('2026-03-01T00:00:00Z')));
    expect(splitTax(1490)).toEqual({ salesAmount: 1419, taxAmount: 71 });
    expect(splitTax(290)).toEqual({ salesAmount: 276, taxAmount: 14 });
  });
});
