import { Alert, Button, Card, Descriptions, Modal, Progress, Space, Tag, Typography } from 'antd';
import type { PlanInfo } from '@lodestar/contract';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { ChangeCardButton } from '../components/change-card.tsx';
import { CouponRedeem } from '../components/coupon-redeem.tsx';
import { Loaded } from '../components/loaded.tsx';
import { formatBillingDate, formatBytes, formatTwd } from '../format.ts';
import { useBillingOrgId, useCancelSubscription, useDismissNotices, usePlanInfo, useResumeSubscription } from '../subscription.api.ts';

/** /account/planInfo: plan, seats, storage used of the quota, next renewal date and amount; change plan or cancel at period end. */
export function PlanInfoPage() {
  const { t } = useTranslation('subscription');
  usePageTitle(t('planInfo.title'));
  const orgId = useBillingOrgId();
  const info = usePlanInfo(orgId);
  return (
    <Card title={<Typography.Title level={1} className="card-title">{t('planInfo.title')}</Typography.Title>}>
      {orgId ? <Loaded query={info}>{(data) => <PlanInfoBody info={data} />}</Loaded> : <Alert type="info" showIcon title={t('noWorkspace')} />}
    </Card>
  );
}

const statusColors: Record<string, string> = { subscribed: 'green', payment_failed: 'red', cancelled: 'orange', ended: 'default' };

function PlanInfoBody({ info }: { info: PlanInfo }) {
  const { t } = useTranslation('subscription');
  const navigate = useNavigate();
  const cancel = useCancelSubscription(info.orgId, t('planInfo.cancelled'));
  const resume = useResumeSubscription(info.orgId, t('planInfo.resumed'));
  const dismiss = useDismissNotices(info.orgId);
  const storagePercent = info.storageLimitBytes ? Math.min(100, Math.round((info.storageUsedBytes / info.storageLimitBytes) * 100)) : 0;
  const confirmCancel = () =>
    Modal.confirm({
      title: t('planInfo.cancelTitle'),
      content: t('planInfo.cancelText', { date: formatBillingDate(info.currentPeriodEnd) }),
      okText: t('planInfo.cancel'),
      okButtonProps: { danger: true },
      cancelText: t('common:actions.cancel'),
      onOk: () => cancel.mutateAsync(),
    });
  return (
    <Space direction="vertical" size="large" className="full-width">
      {info.notices.map((notice) => (
        <Alert
          key={notice.id}
          type={notice.kind === 'paid' ? 'success' : 'error'}
          showIcon
          closable
          onClose={() => dismiss.mutate([notice.id])}
          title={t(`notices.${notice.kind}`, { amount: formatTwd(notice.amount ?? 0) })}
        />
      ))}
      {info.status === 'payment_failed' ? (
        <Alert
          type="error"
          showIcon
          title={info.frozen ? t('owing.frozen') : t('owing.failed')}
          description={t('owing.amount', { amount: formatTwd(info.amountDue ?? 0) })}
          action={info.isAdministrator ? <Button onClick={() => navigate(`/subscription?orgId=${info.orgId}`)}>{t('owing.payNow')}</Button> : null}
        />
      ) : null}
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('planInfo.workspace')}>{info.workspaceName}</Descriptions.Item>
        <Descriptions.Item label={t('planInfo.plan')}>
          <span data-testid="plan-name">{t(`plans.${info.plan}.name`)}</span> {info.status ? <Tag color={statusColors[info.status]}>{t(`status.${info.status}`)}</Tag> : null}
        </Descriptions.Item>
        <Descriptions.Item label={t('planInfo.seats')}>
          {info.seatLimit === null ? t('planInfo.seatsUnlimited', { used: info.seatsUsed }) : t('planInfo.seatsOf', { used: info.seatsUsed, limit: info.seatLimit })}
        </Descriptions.Item>
        <Descriptions.Item label={t('planInfo.storage')}>
          {info.storageLimitBytes === null ? formatBytes(info.storageUsedBytes) : t('planInfo.storageOf', { used: formatBytes(info.storageUsedBytes), limit: formatBytes(info.storageLimitBytes) })}
          {info.storageLimitBytes ? <Progress percent={storagePercent} size="small" aria-label={t('planInfo.storage')} /> : null}
        </Descriptions.Item>
        {info.currentPeriodEnd ? (
          <Descriptions.Item label={t('planInfo.period')}>
            {formatBillingDate(info.currentPeriodStart)} – {formatBillingDate(info.currentPeriodEnd)}
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label={t('planInfo.nextRenewal')}>
          {info.nextRenewalAt ? t('planInfo.nextRenewalText', { date: formatBillingDate(info.nextRenewalAt), amount: formatTwd(info.nextAmount ?? 0) }) : info.cancelAtPeriodEnd ? t('planInfo.endsOn', { date: formatBillingDate(info.currentPeriodEnd) }) : '—'}
        </Descriptions.Item>
        {info.pendingChange ? <Descriptions.Item label={t('planInfo.pendingChange')}>{t(`plans.${info.pendingChange.plan}.name`)}</Descriptions.Item> : null}
        {info.pendingCoupon ? <Descriptions.Item label={t('coupon.code')}>{t('coupon.pending', { code: info.pendingCoupon.code })}</Descriptions.Item> : null}
        {info.card ? <Descriptions.Item label={t('planInfo.card')}>{`${info.card.brand} •••• ${info.card.last4}`}{info.provider === 'sandbox' ? <Tag className="tag-gap">{t('testModeTag')}</Tag> : null}</Descriptions.Item> : null}
      </Descriptions>
      {info.isAdministrator ? (
        <Space wrap>
          <Button type="primary" onClick={() => navigate(`/subscription?orgId=${info.orgId}`)}>
            {info.status === 'subscribed' || info.status === 'cancelled' ? t('planInfo.changePlan') : t('planInfo.upgrade')}
          </Button>
          {info.status === 'subscribed' || info.status === 'payment_failed' ? (
            <Button danger onClick={confirmCancel}>
              {t('planInfo.cancel')}
            </Button>
          ) : null}
          {info.status === 'cancelled' ? <Button onClick={() => resume.mutate()}>{t('planInfo.resume')}</Button> : null}
          {info.status && info.status !== 'ended' ? <ChangeCardButton orgId={info.orgId} /> : null}
          <Button onClick={() => navigate(`/account/purchase/history?orgId=${info.orgId}`)}>{t('history.title')}</Button>
        </Space>
      ) : (
        <Typography.Text type="secondary">{t('adminOnly')}</Typography.Text>
      )}
      {info.isAdministrator ? (
        <div>
          <Typography.Title level={2} className="card-title">{t('coupon.title')}</Typography.Title>
          <CouponRedeem orgId={info.orgId} />
        </div>
      ) : null}
    </Space>
  );
}
