import { useState } from 'react';
import { Button, Card, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Quote, SalesInvoice } from '@lodestar/contract';
import { formatDateTime } from '../../../../shared/format/when.ts';
import { useDealQuotes } from '../../quotes/index.ts';
import { useDealInvoices, useEInvoiceSettings } from '../sales-invoices.api.ts';
import { InvoiceActionDialog, type InvoiceAction } from './invoice-action-dialog.tsx';
import { IssueInvoiceDialog } from './issue-invoice-dialog.tsx';

const statusColors: Record<SalesInvoice['status'], string> = { draft: 'default', pending: 'processing', issued: 'success', failed: 'error', voided: 'default', allowed: 'warning' };

/**
 * The deal page's E-invoices card: each invoice's number and random code, buyer, amount and status (a refusal with
 * the provider's words); issue one when the deal is won or a quote was accepted; void or allow an issued one.
 */
export function InvoicesCard({ orgId, deal }: { orgId: string; deal: { id: string; amount: string; status: string; canEdit: boolean } }) {
  const { t } = useTranslation('sales-invoices');
  const invoices = useDealInvoices(orgId, deal.id);
  const quotes = useDealQuotes(orgId, deal.id);
  const settings = useEInvoiceSettings(orgId);
  const [issuing, setIssuing] = useState(false);
  const [action, setAction] = useState<InvoiceAction | null>(null);
  const items = invoices.data?.items ?? [];
  const accepted: Quote[] = (quotes.data?.items ?? []).filter((q) => q.status === 'accepted');
  const won = deal.status === 'closed';
  const hasLive = items.some((i) => i.status !== 'voided');
  const billable = won || accepted.length > 0;
  const testMode = settings.data?.mode !== 'ecpay';
  return (
    <Card
      title={
        <Typography.Title level={2} className="side-title">
          {t('title')}
        </Typography.Title>
      }
      extra={
        deal.canEdit && invoices.isSuccess && billable && !hasLive ? (
          <Button icon={<PlusOutlined aria-hidden="true" />} onClick={() => setIssuing(true)} data-testid="invoice-issue">
            {t('actions.issue')}
          </Button>
        ) : null
      }
      data-testid="deal-invoices"
    >
      <Table<SalesInvoice>
        size="small"
        rowKey="id"
        pagination={false}
        loading={invoices.isLoading}
        dataSource={items}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: billable ? t('empty') : t('emptyNotBillable') }}
        columns={[
          {
            key: 'number',
            title: t('fields.number'),
            render: (_v, i) => (
              <Space direction="vertical" size={0}>
                <span data-testid="invoice-number">{i.number ?? '—'}</span>
                {i.randomCode ? <Typography.Text type="secondary">{t('fields.randomCode', { code: i.randomCode })}</Typography.Text> : null}
              </Space>
            ),
          },
          {
            key: 'status',
            title: t('fields.status'),
            render: (_v, i) => (
              <Space direction="vertical" size={2}>
                <Space size={4} wrap>
                  <Tag color={statusColors[i.status]} data-testid="invoice-status">{t(`statuses.${i.status}`)}</Tag>
                  {i.testMode ? <Tag color="gold">{t('testMode')}</Tag> : null}
                </Space>
                {i.status === 'failed' || (i.status === 'pending' && i.lastError) ? <Typography.Text type="danger" className="invoice-error">{i.lastError}</Typography.Text> : null}
              </Space>
            ),
          },
          { key: 'buyer', title: t('fields.buyer'), render: (_v, i) => <span>{t(`buyerKinds.${i.buyerKind}`)}<br /><Typography.Text type="secondary">{i.buyerLabel}</Typography.Text></span> },
          {
            key: 'amount',
            title: t('fields.amount'),
            align: 'right',
            render: (_v, i) => (
              <span>
                NT${i.amount.toLocaleString()}
                {i.allowanceAmount ? <><br /><Typography.Text type="secondary">{t('fields.allowed', { amount: i.allowanceAmount.toLocaleString() })}</Typography.Text></> : null}
              </span>
            ),
          },
          { key: 'issuedAt', title: t('fields.issuedAt'), render: (_v, i) => formatDateTime(i.issuedAt) || '—' },
          {
            key: 'actions',
            title: <span className="sr-only">{t('fields.actions')}</span>,
            render: (_v, i) =>
              deal.canEdit && i.status !== 'voided' ? (
                <Space size={0} wrap>
                  {i.status === 'issued' || i.status === 'allowed' ? (
                    <Button type="link" onClick={() => setAction({ kind: 'allowance', invoice: i })} disabled={i.amount <= (i.allowanceAmount ?? 0)}>
                      {t('actions.allowance')}
                    </Button>
                  ) : null}
                  {i.status !== 'allowed' ? (
                    <Button type="link" danger onClick={() => setAction({ kind: 'void', invoice: i })} data-testid="invoice-void">
                      {i.status === 'issued' ? t('actions.void') : t('actions.cancel')}
                    </Button>
                  ) : null}
                </Space>
              ) : null,
          },
        ]}
      />
      <IssueInvoiceDialog orgId={orgId} deal={{ id: deal.id, amount: deal.amount, won }} acceptedQuotes={accepted} testMode={testMode} open={issuing} onClose={() => setIssuing(false)} />
      <InvoiceActionDialog orgId={orgId} dealId={deal.id} action={action} onClose={() => setAction(null)} />
    </Card>
  );
}
