import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Modal, Table, Tag, Typography } from 'antd';
import type { Charge } from '@lodestar/contract';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { Loaded } from '../components/loaded.tsx';
import { formatBillingDate, formatTwd } from '../format.ts';
import { useBillingOrgId, useCharges } from '../subscription.api.ts';
import { InvoiceCell, InvoiceProofDialog } from '../../invoices/index.ts';

const statusTones: Record<Charge['status'], string> = { paid: 'ok', failed: 'bad', pending: 'busy', processing: 'busy' };

/** /account/purchase/history: every charge and its state, each with a printable receipt. */
export function PurchaseHistoryPage() {
  const { t } = useTranslation('subscription');
  usePageTitle(t('history.title'));
  const orgId = useBillingOrgId();
  const charges = useCharges(orgId);
  const [receipt, setReceipt] = useState<Charge | null>(null);
  const [proofOf, setProofOf] = useState<string | null>(null);
  return (
    <Card title={<Typography.Title level={1} className="card-title">{t('history.title')}</Typography.Title>}>
      {!orgId ? <Alert type="info" showIcon title={t('noWorkspace')} /> : null}
      <Loaded query={charges}>
        {(rows) => (
          <Table<Charge>
            rowKey="id"
            dataSource={rows}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('history.empty') }}
            columns={[
              { title: t('history.date'), key: 'date', render: (_, row) => formatBillingDate(row.paidAt ?? row.createdAt) },
              { title: t('history.receiptNumber'), dataIndex: 'receiptNumber', responsive: ['md'] },
              { title: t('planInfo.plan'), key: 'plan', responsive: ['md'], render: (_, row) => t(`plans.${row.plan}.name`) },
              { title: t('planInfo.period'), key: 'period', responsive: ['md'], render: (_, row) => `${formatBillingDate(row.periodStart)} – ${formatBillingDate(row.periodEnd)}` },
              { title: t('history.amount'), key: 'amount', align: 'right', render: (_, row) => formatTwd(row.amount) },
              { title: t('history.status'), key: 'status', render: (_, row) => <Tag className={`billing-status billing-status--${statusTones[row.status]}`}>{t(`chargeStatus.${row.status}`)}</Tag> },
              { title: t('history.invoice'), key: 'invoice', render: (_, row) => <InvoiceCell invoice={row.invoice} onProof={() => setProofOf(row.id)} /> },
              { title: t('history.receipt'), key: 'receipt', render: (_, row) => <Button type="link" onClick={() => setReceipt(row)}>{t('history.view')}</Button> },
            ]}
          />
        )}
      </Loaded>
      <Modal
        open={receipt !== null}
        onCancel={() => setReceipt(null)}
        title={t('history.receipt')}
        footer={[
          <Button key="print" type="primary" onClick={() => window.print()}>
            {t('history.print')}
          </Button>,
          <Button key="close" onClick={() => setReceipt(null)}>
            {t('common:actions.close')}
          </Button>,
        ]}
      >
        {receipt ? <Receipt charge={receipt} /> : null}
      </Modal>
      <InvoiceProofDialog orgId={orgId} chargeId={proofOf} onClose={() => setProofOf(null)} />
    </Card>
  );
}

/** The receipt; printing shows only it (the print rule below hides the rest of the page). */
function Receipt({ charge }: { charge: Charge }) {
  const { t } = useTranslation('subscription');
  return (
    <div className="billing-receipt" data-testid="receipt">
      <style>{'@media print { body * { visibility: hidden; } .billing-receipt, .billing-receipt * { visibility: visible; } .billing-receipt { position: absolute; inset: 0; padding: 24px; } }'}</style>
      <Typography.Title level={3}>Lodestar — {t('history.receipt')}</Typography.Title>
      {charge.provider === 'sandbox' ? <Alert type="warning" showIcon title={t('history.testReceipt')} /> : null}
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('history.receiptNumber')}>{charge.receiptNumber}</Descriptions.Item>
        <Descriptions.Item label={t('planInfo.workspace')}>{charge.workspaceName}</Descriptions.Item>
        <Descriptions.Item label={t('history.date')}>{formatBillingDate(charge.paidAt ?? charge.createdAt)}</Descriptions.Item>
        <Descriptions.Item label={t('planInfo.plan')}>{t(`plans.${charge.plan}.name`)}</Descriptions.Item>
        {charge.extraSeats > 0 ? <Descriptions.Item label={t('history.extraSeats')}>{charge.extraSeats}</Descriptions.Item> : null}
        {charge.extraStorageBlocks > 0 ? <Descriptions.Item label={t('history.extraStorage')}>{charge.extraStorageBlocks * 10} GB</Descriptions.Item> : null}
        <Descriptions.Item label={t('planInfo.period')}>{`${formatBillingDate(charge.periodStart)} – ${formatBillingDate(charge.periodEnd)}`}</Descriptions.Item>
        {charge.couponCode ? <Descriptions.Item label={t('coupon.code')}>{`${charge.couponCode} (−${formatTwd(charge.listAmount - charge.amount)})`}</Descriptions.Item> : null}
        <Descriptions.Item label={t('history.amount')}>{`${formatTwd(charge.amount)} ${charge.currency}`}</Descriptions.Item>
        <Descriptions.Item label={t('history.status')}>{t(`chargeStatus.${charge.status}`)}</Descriptions.Item>
        {charge.card ? <Descriptions.Item label={t('planInfo.card')}>{`${charge.card.brand} •••• ${charge.card.last4}`}</Descriptions.Item> : null}
        {charge.providerTradeId ? <Descriptions.Item label={t('history.tradeId')}>{charge.providerTradeId}</Descriptions.Item> : null}
      </Descriptions>
    </div>
  );
}
