import { Alert } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatTwd } from '../format.ts';
import { usePlanInfo } from '../subscription.api.ts';

/**
 * The in-app notice of a declined renewal, on every page of the workspace, for its administrator only
 * (members learn of it only if the workspace gets frozen).
 */
export function BillingNoticeBanner({ orgId, isAdministrator }: { orgId: string; isAdministrator: boolean }) {
  const { t } = useTranslation('subscription');
  const info = usePlanInfo(isAdministrator ? orgId : null);
  if (!isAdministrator || info.data?.status !== 'payment_failed') return null;
  return (
    <Alert
      className="billing-notice"
      type="error"
      showIcon
      banner
      title={t('owing.failed')}
      description={t('owing.amount', { amount: formatTwd(info.data.amountDue ?? 0) })}
      action={<Link to={`/subscription?orgId=${orgId}`}>{t('owing.payNow')}</Link>}
    />
  );
}
