import { Button, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { OperatorInvoice } from '@lodestar/contract';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { formatInstant } from '../components/list-state.ts';
import { useOperatorInvoices, useRetryInvoice } from '../operator.api.ts';

/**
 * /operator/invoices (issue 36): every e-invoice refused by its provider or still retrying, of Lodestar's charges and
 * of workspaces' sales, nearest upload deadline first, with the provider's last words and a retry.
 */
export function InvoicesPage() {
  const { t } = useTranslation('console');
  usePageTitle(t('invoices.title'));
  const invoices = useOperatorInvoices();
  const retry = useRetryInvoice(t('invoices.retried'));

  const columns: TableColumnsType<OperatorInvoice> = [
    {
      title: t('invoices.deadline'),
      key: 'deadline',
      render: (_, row) => (
        <Space direction="vertical" size={0}>
          <span>{row.deadlineAt ? formatInstant(row.deadlineAt) : '—'}</span>
          {row.deadlineNear ? <Tag color="red">{t('invoices.deadlineNear')}</Tag> : null}
        </Space>
      ),
    },
    {
      title: t('invoices.status'),
      key: 'status',
      render: (_, row) => (
        <Space direction="vertical" size={2}>
          <Space size={4} wrap>
            <Tag color={row.status === 'failed' ? 'error' : 'processing'} data-testid="operator-invoice-status">{t(`invoices.statuses.${row.status}`)}</Tag>
            {row.testMode ? <Tag color="gold">{t('invoices.testMode')}</Tag> : null}
          </Space>
          <span className="operator-sub">{t('invoices.attempts', { count: row.attempts })}</span>
        </Space>
      ),
    },
    {
      title: t('invoices.workspace'),
      key: 'workspace',
      render: (_, row) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{row.workspaceName}</Typography.Text>
          <span className="operator-sub">{t(`invoices.sources.${row.source}`)}</span>
        </Space>
      ),
    },
    {
      title: t('invoices.item'),
      key: 'item',
      render: (_, row) => (
        <Space direction="vertical" size={0}>
          <span>{row.itemName}</span>
          <span className="operator-sub">{t(`invoices.buyerKinds.${row.buyerKind}`, { defaultValue: row.buyerKind })}</span>
        </Space>
      ),
    },
    { title: t('invoices.amount'), key: 'amount', align: 'right', render: (_, row) => `NT$${row.amount.toLocaleString()}` },
    { title: t('invoices.error'), key: 'error', render: (_, row) => <Typography.Text type="danger" className="operator-sub">{row.lastError ?? '—'}</Typography.Text> },
    {
      title: <span className="sr-only">{t('list.actions')}</span>,
      key: 'actions',
      render: (_, row) => (
        <Button onClick={() => retry.mutate(row)} loading={retry.isPending && retry.variables?.id === row.id} data-testid="operator-invoice-retry">
          {t('invoices.retry')}
        </Button>
      ),
    },
  ];

  return (
    <section className="operator-page">
      <Typography.Title level={1}>{t('invoices.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('invoices.intro')}</Typography.Paragraph>
      <Table<OperatorInvoice>
        rowKey="id"
        size="middle"
        scroll={{ x: 900 }}
        loading={invoices.isFetching}
        columns={columns}
        dataSource={invoices.data?.items ?? []}
        locale={{ emptyText: t('invoices.empty') }}
        pagination={false}
      />
    </section>
  );
}
