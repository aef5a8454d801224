import { useState } from 'react';
import { Button, Input, Popconfirm, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { OperatorCoupon } from '@lodestar/contract';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { formatTwd } from '../../../billing/subscription/index.ts';
import { CouponFormDialog } from '../components/coupon-form.tsx';
import { formatInstant, useListState } from '../components/list-state.ts';
import { useDisableCoupon, useOperatorCoupons } from '../operator.api.ts';

type CouponState = 'active' | 'disabled' | 'expired' | 'usedUp' | 'scheduled';

function stateOf(coupon: OperatorCoupon, now = Date.now()): CouponState {
  if (coupon.disabledAt) return 'disabled';
  if (coupon.validUntil && Date.parse(coupon.validUntil) <= now) return 'expired';
  if (coupon.maxRedemptions !== null && coupon.redemptions >= coupon.maxRedemptions) return 'usedUp';
  if (coupon.validFrom && Date.parse(coupon.validFrom) > now) return 'scheduled';
  return 'active';
}
const stateTones: Record<CouponState, string> = { active: 'ok', disabled: 'muted', expired: 'muted', usedUp: 'warn', scheduled: 'info' };

/** /operator/coupons: every coupon, searched by code; create one, disable one. */
export function CouponsPage() {
  const { t } = useTranslation('console');
  usePageTitle(t('coupons.title'));
  const list = useListState();
  const coupons = useOperatorCoupons(list.query);
  const disable = useDisableCoupon(t('coupons.disabledMessage'));
  const [creating, setCreating] = useState(false);

  const terms = (coupon: OperatorCoupon) =>
    coupon.kind === 'percent'
      ? t('subscription:coupon.percentOff', { value: coupon.value })
      : coupon.kind === 'amount'
        ? t('subscription:coupon.amountOff', { amount: formatTwd(coupon.value) })
        : t('subscription:coupon.freeMonths', { count: coupon.value });

  const columns: TableColumnsType<OperatorCoupon> = [
    { title: t('coupons.code'), dataIndex: 'code', key: 'code', render: (code: string) => <Typography.Text strong copyable>{code}</Typography.Text> },
    { title: t('coupons.terms'), key: 'terms', render: (_, row) => terms(row) },
    {
      title: t('coupons.plans'),
      key: 'plans',
      render: (_, row) => (row.plans.length === 0 ? t('coupons.allPlans') : row.plans.map((plan) => t(`subscription:plans.${plan}.name`)).join('、')),
    },
    {
      title: t('coupons.validity'),
      key: 'validity',
      render: (_, row) => (row.validFrom || row.validUntil ? `${formatInstant(row.validFrom)} → ${formatInstant(row.validUntil)}` : t('coupons.always')),
    },
    { title: t('coupons.redemptions'), key: 'redemptions', render: (_, row) => `${row.redemptions} / ${row.maxRedemptions ?? '∞'}` },
    {
      title: t('coupons.state'),
      key: 'state',
      render: (_, row) => {
        const state = stateOf(row);
        return <Tag className={`operator-tag operator-tag--${stateTones[state]}`}>{t(`coupons.states.${state}`)}</Tag>;
      },
    },
    {
      title: t('list.actions'),
      key: 'actions',
      render: (_, row) =>
        row.disabledAt ? null : (
          <Popconfirm title={t('coupons.disableConfirm', { code: row.code })} okText={t('coupons.disable')} cancelText={t('list.cancel')} onConfirm={() => disable.mutateAsync(row.id)}>
            <Button size="small" danger aria-label={t('coupons.disableOf', { code: row.code })}>
              {t('coupons.disable')}
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <section className="operator-page">
      <Typography.Title level={1}>{t('coupons.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('coupons.intro')}</Typography.Paragraph>
      <Space wrap className="operator-toolbar">
        <Input.Search className="operator-search" aria-label={t('coupons.search')} placeholder={t('coupons.search')} allowClear enterButton onSearch={list.search} />
        <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setCreating(true)}>
          {t('coupons.new')}
        </Button>
      </Space>
      <Table<OperatorCoupon>
        rowKey="id"
        size="middle"
        scroll={{ x: 900 }}
        loading={coupons.isFetching}
        columns={columns}
        dataSource={coupons.data?.items ?? []}
        pagination={list.pagination(coupons.data?.total)}
      />
      <CouponFormDialog open={creating} onClose={() => setCreating(false)} />
    </section>
  );
}
