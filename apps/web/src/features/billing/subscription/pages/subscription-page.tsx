import { useState } from 'react';
import { Alert, Button, Card, Form, Input, InputNumber, Space, Steps, Typography } from 'antd';
import {
  debounceMs,
  defaultSelectedPlan,
  fullName,
  monthlyAmount,
  planDefinitions,
  planChangeKind,
  type Plan,
  type PlanInfo,
  type PurchasablePlan,
  type PurchaseChoice,
} from '@lodestar/contract';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../shared/session.ts';
import { Loaded } from '../components/loaded.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { CardEntry, useTapPayFields } from '../components/card-entry.tsx';
import { PlanComparison } from '../components/plan-comparison.tsx';
import { CheckoutSummary, CouponCodeField, couponCodePattern } from '../components/checkout-summary.tsx';
import { formatTwd } from '../format.ts';
import { useBillingOrgId, useCatalog, useChangePlan, useCheckout, useCheckoutQuote, usePlanInfo } from '../subscription.api.ts';
import { useDebouncedValue } from '../../../../shared/use-debounced-value.ts';
import { InvoiceBuyerFields, toInvoiceBuyer, type InvoiceBuyerValues } from '../../invoices/index.ts';

type Purchasable = PurchasablePlan;

interface PayValues {
  extraSeats: number;
  extraStorageBlocks: number;
  couponCode?: string;
  name: string;
  email: string;
  phone?: string;
  cardNumber?: string;
  cardExpiry?: string;
  cardCvc?: string;
  invoiceBuyer?: InvoiceBuyerValues;
}

const isPurchasable = (plan: Plan): plan is Purchasable => planDefinitions[plan].purchasable;

/**
 * /subscription (docs/product.md#screens: choose plan, additional options, card payment, complete). A workspace
 * that already subscribes changes its plan here; one whose renewal is unpaid (or frozen) pays what it owes.
 */
export function SubscriptionPage() {
  const { t } = useTranslation('subscription');
  usePageTitle(t('title'));
  const orgId = useBillingOrgId();
  const catalog = useCatalog();
  const info = usePlanInfo(orgId);
  return (
    <div className="subscription-page">
      <Typography.Title level={1}>{t('title')}</Typography.Title>
      {!orgId ? <Alert type="info" showIcon title={t('noWorkspace')} /> : null}
      <Loaded query={catalog}>
        {(data) => (
          <Loaded query={info}>
            {(plan) => (plan.isAdministrator ? <Purchase catalog={data} info={plan} orgId={orgId} /> : <Compare catalog={data} info={plan} />)}
          </Loaded>
        )}
      </Loaded>
    </div>
  );
}

function Compare({ catalog, info }: { catalog: NonNullable<ReturnType<typeof useCatalog>['data']>; info: PlanInfo }) {
  const { t } = useTranslation('subscription');
  return (
    <Space direction="vertical" size="large" className="full-width">
      <Alert type="info" showIcon title={t('adminOnly')} />
      <PlanComparison catalog={catalog} currentPlan={info.plan} selected={null} onSelect={null} actionLabel={() => ''} />
    </Space>
  );
}

function Purchase({ catalog, info, orgId }: { catalog: NonNullable<ReturnType<typeof useCatalog>['data']>; info: PlanInfo; orgId: string | null }) {
  const { t } = useTranslation('subscription');
  const navigate = useNavigate();
  const session = useSession();
  const owing = info.status === 'payment_failed';
  const subscribed = info.status === 'subscribed' || info.status === 'cancelled';
  const initial: Purchasable = isPurchasable(info.plan) ? info.plan : (defaultSelectedPlan as Purchasable);
  const [plan, setPlan] = useState<Purchasable>(initial);
  const [form] = Form.useForm<PayValues>();
  const extraSeats = Form.useWatch('extraSeats', form) ?? info.extraSeats;
  const extraStorageBlocks = Form.useWatch('extraStorageBlocks', form) ?? info.extraStorageBlocks;
  const checkout = useCheckout(orgId);
  const change = useChangePlan(orgId, t('change.saved'));
  const tappay = useTapPayFields(catalog.provider === 'tappay' ? catalog.tappay : null);
  const [cardError, setCardError] = useState<string | null>(null);
  const choice: PurchaseChoice = { plan, extraSeats: planDefinitions[plan].extraSeats ? extraSeats : 0, extraStorageBlocks };
  // Issue 30 #1: the price with the coupon is asked as the code is typed, and exactly that is paid.
  const typedCode = (Form.useWatch('couponCode', form) ?? '').trim();
  const askedCode = useDebouncedValue(typedCode, debounceMs.couponCheck);
  const sentCode = couponCodePattern.test(askedCode) ? askedCode : undefined;
  const quote = useCheckoutQuote(owing || subscribed ? null : orgId, { ...choice, ...(sentCode ? { couponCode: sentCode } : {}) });
  const quoteCurrent = askedCode === typedCode && !quote.isFetching && !quote.isPlaceholderData && quote.data !== undefined;
  const couponRefused = typedCode !== '' && (!couponCodePattern.test(typedCode) || (quoteCurrent && quote.data?.couponRefusal !== null));

  const pay = async (values: PayValues) => {
    setCardError(null);
    // Never pay an amount the page has not shown (the code still being checked, or refused).
    if (!owing && (!quoteCurrent || couponRefused)) return;
    const expectedAmount = owing ? (info.amountDue ?? 0) : quote.data!.amount;
    let payment;
    if (catalog.provider === 'tappay') {
      try {
        payment = { kind: 'prime' as const, prime: await tappay.getPrime() };
      } catch {
        setCardError(t('card.invalid'));
        return;
      }
    } else {
      payment = { kind: 'sandboxCard' as const, number: values.cardNumber ?? '', expiry: values.cardExpiry ?? '', cvc: values.cardCvc ?? '' };
    }
    const result = await checkout.mutateAsync({
      ...choice,
      ...(!owing && sentCode ? { couponCode: sentCode } : {}),
      expectedAmount,
      payment,
      cardholder: { name: values.name, email: values.email, phone: values.phone ?? '' },
      // The e-invoice goes to the account's e-mail (docs/decisions/0021).
      invoiceBuyer: toInvoiceBuyer(values.invoiceBuyer, session.profile?.email ?? values.email),
    });
    if (result.paymentUrl) {
      // 3-D Secure: the bank's page, then TapPay brings the browser back to /subscription/success.
      window.location.assign(result.paymentUrl);
      return;
    }
    const target = result.charge.status === 'paid' ? 'success' : 'fail';
    navigate(`/subscription/${target}?orgId=${orgId}&charge=${result.charge.id}`);
  };

  // Retry the declined renewal with the card on file (after the bank lifted a block, say).
  const paySaved = async () => {
    const values = form.getFieldsValue();
    const result = await checkout.mutateAsync({ ...choice, expectedAmount: info.amountDue ?? 0, payment: { kind: 'savedCard' }, cardholder: { name: values.name || '-', email: values.email, phone: values.phone ?? '' } });
    navigate(`/subscription/${result.charge.status === 'paid' ? 'success' : 'fail'}?orgId=${orgId}&charge=${result.charge.id}`);
  };

  if (subscribed) {
    const current: PurchaseChoice = { plan: initial, extraSeats: info.extraSeats, extraStorageBlocks: info.extraStorageBlocks };
    return (
      <Space direction="vertical" size="large" className="full-width">
        <Alert type="info" showIcon title={t('change.intro', { plan: t(`plans.${info.plan}.name`) })} action={<Link to={`/account/planInfo?orgId=${orgId}`}>{t('planInfo.title')}</Link>} />
        <PlanComparison
          catalog={catalog}
          currentPlan={info.plan}
          selected={info.plan}
          onSelect={(next) => isPurchasable(next) && change.mutate({ ...current, plan: next })}
          actionLabel={(next) => {
            if (!isPurchasable(next)) return '';
            const kind = planChangeKind(current, { ...current, plan: next });
            return t(`change.${kind}`);
          }}
        />
        <Typography.Paragraph type="secondary">{t('change.rules')}</Typography.Paragraph>
      </Space>
    );
  }

  return (
    <Form<PayValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      name="subscription"
      initialValues={{
        extraSeats: info.extraSeats,
        extraStorageBlocks: info.extraStorageBlocks,
        // The one display rule (docs/decisions/0012-person-names.md): a CJK name family first, a Latin one given name first.
        name: session.profile ? fullName(session.profile.firstName, session.profile.lastName) : '',
        email: session.profile?.email ?? '',
      }}
      onFinish={(values) => void pay(values).catch(() => {})}
    >
      <Steps
        className="subscription-steps"
        current={2}
        items={[{ title: t('steps.plan') }, { title: t('steps.options') }, { title: t('steps.payment') }, { title: t('steps.complete') }]}
      />
      {catalog.testMode ? <Alert className="form-tip" type="warning" showIcon title={t('testModeBanner')} /> : null}
      {owing ? (
        <Alert
          className="form-tip"
          type="error"
          showIcon
          title={info.frozen ? t('owing.frozen') : t('owing.failed')}
          description={t('owing.amount', { amount: formatTwd(info.amountDue ?? 0) })}
          action={
            info.card ? (
              <Button loading={checkout.isPending} onClick={() => void paySaved().catch(() => {})}>
                {t('owing.paySaved', { card: `${info.card.brand} •••• ${info.card.last4}` })}
              </Button>
            ) : null
          }
        />
      ) : (
        <>
          <Typography.Title level={2}>{t('steps.plan')}</Typography.Title>
          <PlanComparison catalog={catalog} currentPlan={info.plan} selected={plan} onSelect={(next) => isPurchasable(next) && setPlan(next)} actionLabel={(next) => (next === plan ? t('compare.selected') : t('compare.choose'))} />
          <Typography.Title level={2}>{t('steps.options')}</Typography.Title>
          <Card>
            {planDefinitions[plan].extraSeats ? (
              <Form.Item name="extraSeats" label={t('options.extraSeats', { price: formatTwd(catalog.options.extraSeat.monthlyPrice) })}>
                <InputNumber min={0} max={catalog.options.extraSeat.max} precision={0} />
              </Form.Item>
            ) : null}
            <Form.Item name="extraStorageBlocks" label={t('options.extraStorage', { price: formatTwd(catalog.options.extraStorage.monthlyPrice) })}>
              <InputNumber min={0} max={catalog.options.extraStorage.max} precision={0} />
            </Form.Item>
            <CouponCodeField typed={typedCode} quote={quote.data} checking={!quoteCurrent} />
            <Typography.Text strong data-testid="monthly-total">
              {t('options.total', { amount: formatTwd(monthlyAmount(choice)) })}
            </Typography.Text>
            <CheckoutSummary quote={quote.data} />
          </Card>
        </>
      )}
      <Typography.Title level={2}>{t('invoice')}</Typography.Title>
      <Card className="invoice-buyer-card">
        <InvoiceBuyerFields />
      </Card>
      <Typography.Title level={2}>{t('steps.payment')}</Typography.Title>
      <Card>
        <Form.Item name="name" label={t('card.holder')} rules={[{ required: true, message: t('common:validation.required') }]}>
          <Input autoComplete="cc-name" />
        </Form.Item>
        <Form.Item name="email" label={t('card.email')} rules={[{ required: true, type: 'email', message: t('common:validation.invalidEmail') }]}>
          <Input autoComplete="email" />
        </Form.Item>
        <Form.Item name="phone" label={t('card.phone')}>
          <Input autoComplete="tel" />
        </Form.Item>
        <CardEntry catalog={catalog} tapPayFailed={tappay.failed} />
        {cardError ? <Alert type="error" showIcon title={cardError} /> : null}
        <Typography.Paragraph type="secondary">{t('card.recurring')}</Typography.Paragraph>
        <Button
          type="primary"
          htmlType="submit"
          data-testid="pay-button"
          loading={checkout.isPending || (!owing && !quoteCurrent)}
          disabled={(catalog.provider === 'tappay' && !tappay.ready) || (!owing && couponRefused)}
        >
          {owing ? t('owing.pay', { amount: formatTwd(info.amountDue ?? 0) }) : t('pay', { amount: formatTwd(quote.data?.amount ?? monthlyAmount(choice)) })}
        </Button>
      </Card>
    </Form>
  );
}
