import { Alert, Button, Descriptions, Modal, Typography } from 'antd';
import { invoicePeriod, type InvoiceProof } from '@lodestar/contract';
import { useTranslation } from 'react-i18next';
import { formatTwd } from '../../../../shared/format/money.ts';
import { useInvoiceProof } from '../invoices.api.ts';

/** An instant in Taiwan time, 'YYYY-MM-DD HH:mm:ss' (invoices are dated in Taipei whatever the browser's zone). */
const taipeiDateTime = (iso: string) => new Date(new Date(iso).getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/** The e-invoice proof sheet of a charge in a dialog; printing shows only the proof. */
export function InvoiceProofDialog({ orgId, chargeId, onClose }: { orgId: string | null; chargeId: string | null; onClose: () => void }) {
  const { t } = useTranslation('invoices');
  const proof = useInvoiceProof(orgId, chargeId);
  return (
    <Modal
      open={chargeId !== null}
      onCancel={onClose}
      title={t('proof.title')}
      footer={[
        <Button key="print" type="primary" onClick={() => window.print()}>
          {t('proof.print')}
        </Button>,
        <Button key="close" onClick={onClose}>
          {t('common:actions.close')}
        </Button>,
      ]}
    >
      {proof.isError ? <Alert type="error" showIcon title={t('proof.unavailable')} /> : null}
      {proof.data ? <ProofSheet proof={proof.data} /> : null}
    </Modal>
  );
}

function ProofSheet({ proof }: { proof: InvoiceProof }) {
  const { t } = useTranslation('invoices');
  const issued = proof.issuedAt ? taipeiDateTime(proof.issuedAt) : null;
  const period = proof.issuedAt ? invoicePeriod(new Date(proof.issuedAt)) : null;
  const number = proof.number ? `${proof.number.slice(0, 2)}-${proof.number.slice(2)}` : '—';
  return (
    <div className="invoice-proof" data-testid="invoice-proof">
      <style>{'@media print { body * { visibility: hidden; } .invoice-proof, .invoice-proof * { visibility: visible; } .invoice-proof { position: absolute; inset: 0; padding: 24px; } }'}</style>
      {proof.testMode ? <Alert type="warning" showIcon title={t('proof.testMode')} /> : null}
      <div className="invoice-proof-sheet">
        <Typography.Text strong>{proof.seller.name}</Typography.Text>
        <Typography.Title level={3}>{t('proof.heading')}</Typography.Title>
        {period ? <Typography.Title level={4}>{t('proof.period', period)}</Typography.Title> : null}
        <Typography.Title level={3} className="invoice-proof-number">
          {number}
        </Typography.Title>
        <Typography.Text>{issued ?? '—'}</Typography.Text>
        <Descriptions column={2} size="small" className="invoice-proof-lines">
          <Descriptions.Item label={t('proof.randomCode')}>{proof.randomCode ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('proof.total')}>{formatTwd(proof.amount)}</Descriptions.Item>
          <Descriptions.Item label={t('proof.seller')}>{proof.seller.taxId}</Descriptions.Item>
          <Descriptions.Item label={t('proof.buyer')}>{proof.buyer.taxId ?? '—'}</Descriptions.Item>
        </Descriptions>
      </div>
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('proof.item')}>{proof.itemName}</Descriptions.Item>
        {proof.buyer.name ? <Descriptions.Item label={t('buyer.companyName')}>{proof.buyer.name}</Descriptions.Item> : null}
        {proof.buyer.kind === 'company' ? (
          <>
            <Descriptions.Item label={t('proof.salesAmount')}>{formatTwd(proof.salesAmount)}</Descriptions.Item>
            <Descriptions.Item label={t('proof.tax')}>{formatTwd(proof.taxAmount)}</Descriptions.Item>
          </>
        ) : null}
        {proof.buyer.carrier ? <Descriptions.Item label={t(`buyer.kinds.${proof.buyer.kind}`)}>{proof.buyer.carrier}</Descriptions.Item> : null}
        {proof.buyer.donationCode ? <Descriptions.Item label={t('buyer.code.donation')}>{proof.buyer.donationCode}</Descriptions.Item> : null}
        <Descriptions.Item label={t('proof.status')}>{t(`status.${proof.status}`)}</Descriptions.Item>
        {proof.allowanceAmount ? <Descriptions.Item label={t('proof.allowance')}>{formatTwd(proof.allowanceAmount)}</Descriptions.Item> : null}
      </Descriptions>
    </div>
  );
}
