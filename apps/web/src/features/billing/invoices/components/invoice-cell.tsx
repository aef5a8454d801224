import { Button, Space, Tag, Typography } from 'antd';
import type { InvoiceSummary } from '@lodestar/contract';
import { useTranslation } from 'react-i18next';

const statusTones: Record<InvoiceSummary['status'], string> = { draft: 'muted', pending: 'busy', issued: 'ok', failed: 'bad', voided: 'muted', allowed: 'muted' };

/** The purchase history's invoice column: number, random code, status, and the proof. */
export function InvoiceCell({ invoice, onProof }: { invoice: InvoiceSummary | null; onProof: () => void }) {
  const { t } = useTranslation('invoices');
  if (!invoice) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Space direction="vertical" size={0}>
      {invoice.number ? (
        <Button type="link" className="invoice-number" onClick={onProof} data-testid="invoice-number">
          {invoice.number}
        </Button>
      ) : null}
      {invoice.randomCode ? <Typography.Text type="secondary">{t('proof.randomCode')} {invoice.randomCode}</Typography.Text> : null}
      <Space size={4} wrap>
        <Tag className={`billing-status billing-status--${statusTones[invoice.status]}`}>{t(`status.${invoice.status}`)}</Tag>
        {invoice.testMode ? <Tag className="billing-status billing-status--test">{t('testMode')}</Tag> : null}
      </Space>
    </Space>
  );
}
