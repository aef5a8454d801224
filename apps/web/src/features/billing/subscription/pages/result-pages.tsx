import { useEffect } from 'react';
import { Button, Result, Spin } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { formatBillingDate, formatTwd } from '../format.ts';
import { useBillingOrgId, useCharge } from '../subscription.api.ts';

/** /subscription/success: also where TapPay brings the browser back after 3-D Secure (`?charge=`). */
export function SubscriptionSuccessPage() {
  const { t } = useTranslation('subscription');
  usePageTitle(t('success.title'));
  const orgId = useBillingOrgId();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const charge = useCharge(orgId, params.get('charge'));
  const status = charge.data?.status;
  useEffect(() => {
    if (status === 'failed') navigate(`/subscription/fail?orgId=${orgId}&charge=${charge.data!.id}`, { replace: true });
  }, [status, navigate, orgId, charge.data]);

  if (!charge.data || status === 'pending' || status === 'processing') {
    return <Result icon={<Spin />} title={t('success.waiting')} subTitle={t('success.waitingText')} />;
  }
  const paid = charge.data;
  return (
    <Result
      status="success"
      title={t('success.title')}
      subTitle={t('success.text', { plan: t(`plans.${paid.plan}.name`), amount: formatTwd(paid.amount), until: formatBillingDate(paid.periodEnd) })}
      extra={[
        paid.plan === 'subscribe_team' ? (
          <Button type="primary" key="invite" onClick={() => navigate(`/${orgId}/settings/users`)}>
            {t('success.invite')}
          </Button>
        ) : null,
        <Button key="info" onClick={() => navigate(`/account/planInfo?orgId=${orgId}`)}>
          {t('planInfo.title')}
        </Button>,
        <Link key="home" to={`/${orgId}/index`}>
          {t('success.home')}
        </Link>,
      ]}
    />
  );
}

/** /subscription/fail: 'Payment Failed' (docs/product.md#errors) with the gateway's reason and a way back. */
export function SubscriptionFailPage() {
  const { t } = useTranslation('subscription');
  usePageTitle(t('fail.title'));
  const orgId = useBillingOrgId();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const charge = useCharge(orgId, params.get('charge'));
  return (
    <Result
      status="error"
      title={t('fail.title')}
      subTitle={charge.data?.failureMessage ? t('fail.reason', { reason: charge.data.failureMessage }) : t('fail.text')}
      extra={[
        <Button type="primary" key="retry" onClick={() => navigate(`/subscription?orgId=${orgId}`)}>
          {t('fail.retry')}
        </Button>,
        <Link key="home" to={orgId ? `/${orgId}/index` : '/'}>
          {t('success.home')}
        </Link>,
      ]}
    />
  );
}
