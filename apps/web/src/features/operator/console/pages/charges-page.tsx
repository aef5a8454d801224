import { useState } from 'react';
import { DatePicker, Input, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { chargeStatuses, type ChargeStatus, type OperatorCharge } from '@lodestar/contract';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { formatTwd } from '../../../billing/subscription/index.ts';
import { formatInstant, useListState } from '../components/list-state.ts';
import { useOperatorCharges } from '../operator.api.ts';

const statusTones: Record<ChargeStatus, string> = { paid: 'ok', failed: 'bad', pending: 'warn', processing: 'info' };

/** /operator/charges: every workspace's charges, by workspace (name or id), status and date (Taiwan days). */
export function ChargesPage() {
  const { t } = useTranslation('console');
  usePageTitle(t('charges.title'));
  const list = useListState();
  const [status, setStatus] = useState<ChargeStatus | undefined>();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const query = {
    ...list.query,
    ...(status ? { status } : {}),
    ...(range?.[0] ? { from: range[0].format('YYYY-MM-DD') } : {}),
    ...(range?.[1] ? { to: range[1].format('YYYY-MM-DD') } : {}),
  };
  const charges = useOperatorCharges(query);

  const columns: TableColumnsType<OperatorCharge> = [
    { title: t('charges.createdAt'), key: 'createdAt', render: (_, row) => formatInstant(row.createdAt) },
    {
      title: t('charges.workspace'),
      key: 'workspace',
      render: (_, row) => (
        <div>
          <Typography.Text strong>{row.workspaceName}</Typography.Text>
          <div className="operator-sub">{row.receiptNumber}</div>
        </div>
      ),
    },
    { title: t('charges.plan'), key: 'plan', render: (_, row) => `${t(`subscription:plans.${row.plan}.name`)} · ${t(`charges.kinds.${row.kind}`)}` },
    {
      title: t('charges.amount'),
      key: 'amount',
      align: 'right',
      render: (_, row) => (
        <div>
          <Typography.Text strong>{formatTwd(row.amount)}</Typography.Text>
          {row.couponCode ? <div className="operator-sub">{t('charges.withCoupon', { code: row.couponCode, list: formatTwd(row.listAmount) })}</div> : null}
        </div>
      ),
    },
    {
      title: t('charges.status'),
      key: 'status',
      render: (_, row) => (
        <Space direction="vertical" size={2}>
          <Tag className={`operator-tag operator-tag--${statusTones[row.status]}`}>{t(`subscription:chargeStatus.${row.status}`)}</Tag>
          {row.status === 'failed' && row.failureMessage ? <span className="operator-sub">{row.failureMessage}</span> : null}
        </Space>
      ),
    },
  ];

  return (
    <section className="operator-page">
      <Typography.Title level={1}>{t('charges.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('charges.intro')}</Typography.Paragraph>
      <Space wrap className="operator-toolbar">
        <Input.Search className="operator-search" aria-label={t('charges.search')} placeholder={t('charges.search')} allowClear enterButton onSearch={list.search} />
        <Select<ChargeStatus>
          allowClear
          className="operator-filter"
          aria-label={t('charges.status')}
          placeholder={t('charges.anyStatus')}
          value={status}
          options={chargeStatuses.map((value) => ({ value, label: t(`subscription:chargeStatus.${value}`) }))}
          onChange={(value) => {
            setStatus(value);
            list.resetPage();
          }}
        />
        <DatePicker.RangePicker
          aria-label={t('charges.dates')}
          placeholder={[t('charges.from'), t('charges.to')]}
          value={range}
          allowEmpty={[true, true]}
          onChange={(value) => {
            setRange(value);
            list.resetPage();
          }}
        />
      </Space>
      <Table<OperatorCharge>
        rowKey="id"
        size="middle"
        scroll={{ x: 800 }}
        loading={charges.isFetching}
        columns={columns}
        dataSource={charges.data?.items ?? []}
        pagination={list.pagination(charges.data?.total)}
      />
    </section>
  );
}
