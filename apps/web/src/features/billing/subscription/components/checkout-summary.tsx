import { Form, Input, Typography } from 'antd';
import type { CheckoutQuote } from '@lodestar/contract';
import { useTranslation } from 'react-i18next';
import { formatBillingDate, formatTwd } from '../format.ts';

/** A code the server could accept (couponCodeSchema): others are not sent and are said to be unknown at once. */
export const couponCodePattern = /^[A-Za-z0-9_-]{3,40}$/;

type Coupon = NonNullable<CheckoutQuote['coupon']>;

function useCouponTerms() {
  const { t } = useTranslation('subscription');
  return (coupon: Coupon) =>
    coupon.kind === 'percent'
      ? t('coupon.percentOff', { value: coupon.value })
      : coupon.kind === 'amount'
        ? t('coupon.amountOff', { amount: formatTwd(coupon.value) })
        : t('coupon.freeMonths', { count: coupon.value });
}

/**
 * The coupon code on /subscription, checked as it is typed (issue 30 #1): what it takes off, or why it gives
 * nothing. `checking` while the typed code has not been asked about yet.
 */
export function CouponCodeField({ typed, quote, checking }: { typed: string; quote: CheckoutQuote | undefined; checking: boolean }) {
  const { t } = useTranslation('subscription');
  const terms = useCouponTerms();
  const malformed = typed !== '' && !couponCodePattern.test(typed);
  const refusal = malformed ? 'notFound' : typed && !checking ? quote?.couponRefusal : null;
  const applied = typed && !checking && quote?.coupon && quote.coupon.code === typed.toUpperCase() ? quote.coupon : null;
  const help = refusal ? t(`coupon.refusal.${refusal}`) : typed && checking ? t('coupon.checking') : applied ? t('coupon.applied', { code: applied.code, terms: terms(applied) }) : undefined;
  return (
    <Form.Item
      name="couponCode"
      label={t('coupon.code')}
      validateStatus={refusal ? 'error' : applied ? 'success' : typed && checking ? 'validating' : undefined}
      help={help ? <span data-testid="coupon-status">{help}</span> : undefined}
      hasFeedback={Boolean(typed)}
    >
      <Input maxLength={40} autoComplete="off" />
    </Form.Item>
  );
}

/** What is charged now, the discount, and the monthly price from the first renewal (docs/decisions/0010: one charge per coupon). */
export function CheckoutSummary({ quote }: { quote: CheckoutQuote | undefined }) {
  const { t } = useTranslation('subscription');
  const terms = useCouponTerms();
  if (!quote) return null;
  const { coupon } = quote;
  return (
    <div data-testid="checkout-summary">
      <dl className="checkout-summary">
        {coupon ? (
          <div className="checkout-summary__row">
            <dt>{t(coupon.waiting ? 'summary.waitingCoupon' : 'summary.coupon', { code: coupon.code, terms: terms(coupon) })}</dt>
            <dd>{quote.discount > 0 ? `−${formatTwd(quote.discount)}` : t('coupon.freeMonths', { count: coupon.value })}</dd>
          </div>
        ) : null}
        <div className="checkout-summary__row checkout-summary__total">
          <dt>{t('summary.dueToday')}</dt>
          <dd data-testid="due-today">{formatTwd(quote.amount)}</dd>
        </div>
      </dl>
      {/* Outside the list: a <dl> holds only its dt/dd groups (axe's definition-list rule). */}
      <Typography.Paragraph type="secondary" className="checkout-summary__note" data-testid="renewal-price">
        {t('summary.renewal', { amount: formatTwd(quote.renewalAmount), date: formatBillingDate(quote.periodEnd) })}
        {coupon && coupon.kind !== 'freeMonths' ? ` ${t('summary.onceOnly')}` : ''}
      </Typography.Paragraph>
    </div>
  );
}
