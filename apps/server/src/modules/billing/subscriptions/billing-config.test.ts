import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../config.ts';

describe('billing configuration', () => {
  it('defaults to the sandbox, and to TapPay once a partner key is set', () => {
    const plain = parseConfig({});
    expect(plain.ok && plain.config.billing.provider).toBe('sandbox');
    const tappay = parseConfig({ TAPPAY_PARTNER_KEY: 'partner_x', TAPPAY_MERCHANT_ID: 'm' });
    expect(tappay.ok && tappay.config.billing).toMatchObject({
      provider: 'tappay',
      tappay: { partnerKey: 'partner_x', merchantId: 'm', apiUrl: 'https://sandbox.tappaysdk.com', serverType: 'sandbox', threeDomainSecure: true },
    });
  });

  it('refuses TapPay without a merchant id, and the sandbox can be forced', () => {
    const missing = parseConfig({ BILLING_PROVIDER: 'tappay', TAPPAY_PARTNER_KEY: 'partner_x' });
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.problems[0]).toMatch(/TAPPAY_MERCHANT_ID/);
    const forced = parseConfig({ BILLING_PROVIDER: 'sandbox', TAPPAY_PARTNER_KEY: 'partner_x' });
    expect(forced.ok && forced.config.billing.provider).toBe('sandbox');
  });
});
