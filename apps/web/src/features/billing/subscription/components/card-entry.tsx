import { useEffect, useState } from 'react';
import { Alert, Form, Input, Typography } from 'antd';
import type { BillingCatalog } from '@lodestar/contract';
import { useTranslation } from 'react-i18next';

/**
 * The card: TapPay Fields (the card number stays in TapPay's iframes; we only receive a one-time prime), or the
 * sandbox form in test mode (published test numbers; nothing is charged).
 */
interface TapPayDirect {
  setupSDK(appId: number, appKey: string, serverType: 'sandbox' | 'production'): void;
  card: {
    setup(options: { fields: Record<string, { element: string; placeholder: string }>; styles?: Record<string, Record<string, string>> }): void;
    getPrime(callback: (result: { status: number; msg: string; card?: { prime: string } }) => void): void;
  };
}

declare global {
  interface Window {
    TPDirect?: TapPayDirect;
  }
}

function loadSdk(url: string): Promise<TapPayDirect> {
  if (window.TPDirect) return Promise.resolve(window.TPDirect);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => (window.TPDirect ? resolve(window.TPDirect) : reject(new Error('TapPay SDK missing')));
    script.onerror = () => reject(new Error('TapPay SDK failed to load'));
    document.head.appendChild(script);
  });
}

/** TapPay Fields in three placeholders; answers getPrime() for the pay button. */
export function useTapPayFields(tappay: BillingCatalog['tappay']) {
  const [sdk, setSdk] = useState<TapPayDirect | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!tappay) return;
    let cancelled = false;
    loadSdk(tappay.sdkUrl)
      .then((direct) => {
        if (cancelled) return;
        direct.setupSDK(tappay.appId, tappay.appKey, tappay.serverType);
        direct.card.setup({
          fields: {
            number: { element: '#tappay-card-number', placeholder: '**** **** **** ****' },
            expirationDate: { element: '#tappay-card-expiry', placeholder: 'MM / YY' },
            ccv: { element: '#tappay-card-ccv', placeholder: 'CCV' },
          },
        });
        setSdk(direct);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [tappay]);
  const getPrime = () =>
    new Promise<string>((resolve, reject) => {
      if (!sdk) return reject(new Error('not ready'));
      sdk.card.getPrime((result) => (result.status === 0 && result.card ? resolve(result.card.prime) : reject(new Error(result.msg))));
    });
  return { ready: sdk !== null, failed, getPrime };
}

export function CardEntry({ catalog, tapPayFailed }: { catalog: BillingCatalog; tapPayFailed: boolean }) {
  const { t } = useTranslation('subscription');
  const required = [{ required: true, message: t('common:validation.required') }];
  if (catalog.provider === 'tappay') {
    return (
      <div className="card-entry" data-testid="tappay-fields">
        {tapPayFailed ? <Alert type="error" showIcon title={t('card.sdkFailed')} /> : null}
        <Typography.Text>{t('card.number')}</Typography.Text>
        <div id="tappay-card-number" className="tappay-field" />
        <Typography.Text>{t('card.expiry')}</Typography.Text>
        <div id="tappay-card-expiry" className="tappay-field" />
        <Typography.Text>{t('card.cvc')}</Typography.Text>
        <div id="tappay-card-ccv" className="tappay-field" />
        <Typography.Paragraph type="secondary">{t('card.tappayNote')}</Typography.Paragraph>
      </div>
    );
  }
  return (
    <div className="card-entry" data-testid="sandbox-card">
      <Alert
        className="form-tip"
        type="warning"
        showIcon
        title={t('card.testMode')}
        description={t('card.testCards', { cards: catalog.testCards.map((card) => `${card.number} (${t(`card.outcome.${card.outcome}`)})`).join(', ') })}
      />
      <Form.Item name="cardNumber" label={t('card.number')} rules={[...required, { pattern: /^[0-9 ]{12,23}$/, message: t('card.invalidNumber') }]}>
        <Input inputMode="numeric" autoComplete="off" placeholder="4242 4242 4242 4242" />
      </Form.Item>
      <Form.Item name="cardExpiry" label={t('card.expiry')} rules={[...required, { pattern: /^(0[1-9]|1[0-2])\/?[0-9]{2}$/, message: t('card.invalidExpiry') }]}>
        <Input autoComplete="off" placeholder="MM/YY" />
      </Form.Item>
      <Form.Item name="cardCvc" label={t('card.cvc')} rules={[...required, { pattern: /^[0-9]{3,4}$/, message: t('card.invalidCvc') }]}>
        <Input inputMode="numeric" autoComplete="off" placeholder="123" />
      </Form.Item>
    </div>
  );
}
