import { Typography } from 'antd';
import { planDefinitions } from '@lodestar/contract';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePlanInfo } from '../subscription.api.ts';

/**
 * "Your Free plan includes 6 sales stages — Upgrade": the workspace's own plan (plan info), shown only when that
 * plan limits this kind of record (docs/product.md#limits); nothing on an unlimited plan.
 */
export function PlanLimitHint({ orgId, limit }: { orgId: string; limit: 'salesStages' | 'products' }) {
  const { t } = useTranslation('subscription');
  const info = usePlanInfo(orgId);
  if (!info.data) return null;
  const count = planDefinitions[info.data.plan].limits[limit];
  if (count === null) return null;
  return (
    <Typography.Text type="secondary" data-testid="plan-limit-hint">
      {t(`limitHint.${limit}`, { plan: t(`plans.${info.data.plan}.name`), count })}{' '}
      <Link to={`/subscription?orgId=${orgId}`}>{t('common:actions.upgrade')}</Link>
    </Typography.Text>
  );
}
