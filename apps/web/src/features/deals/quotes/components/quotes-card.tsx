import { useState } from 'react';
import { Button, Card, Space, Table, Tag, Typography } from 'antd';
import { CopyOutlined, EditOutlined, FilePdfOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Quote, QuoteLineInput } from '@lodestar/contract';
import { feedback } from '../../../../shared/ui/feedback.ts';
import { formatMoney } from '../../../../shared/format/money.ts';
import { downloadQuotePdf, useDealQuotes } from '../quotes.api.ts';
import { QuoteFormDialog } from './quote-form-dialog.tsx';
import { SendQuoteDialog } from './send-quote-dialog.tsx';

const statusColors: Record<string, string> = { draft: 'default', sent: 'processing', accepted: 'success', declined: 'error', superseded: 'default' };

/** The deal page's Quotes card: number, version, status and total of each; new, edit, send, PDF and the customer's link. */
export function QuotesCard({ orgId, deal }: { orgId: string; deal: { id: string; canEdit: boolean; products: { productId: string | null; name: string; quotedPrice: string; num: number }[] } }) {
  const { t } = useTranslation('quotes');
  const quotes = useDealQuotes(orgId, deal.id);
  const [editing, setEditing] = useState<Quote | 'new' | null>(null);
  const [sending, setSending] = useState<Quote | null>(null);
  const initialLines: QuoteLineInput[] = deal.products.map((p) => ({ productId: p.productId, name: p.name, unitPrice: p.quotedPrice, quantity: p.num }));
  const copyLink = async (quote: Quote) => {
    await navigator.clipboard?.writeText(`${window.location.origin}${quote.publicPath}`).catch(() => undefined);
    feedback.message.success(t('notices.linkCopied'));
  };
  const statusOf = (quote: Quote) => (quote.status === 'sent' && quote.answerable === 'expired' ? 'expired' : quote.status);
  return (
    <Card
      title={
        <Typography.Title level={2} className="side-title">
          {t('title')}
        </Typography.Title>
      }
      extra={
        deal.canEdit ? (
          <Button icon={<PlusOutlined aria-hidden="true" />} onClick={() => setEditing('new')} data-testid="quote-new">
            {t('actions.new')}
          </Button>
        ) : null
      }
      data-testid="deal-quotes"
    >
      <Table<Quote>
        size="small"
        rowKey="id"
        pagination={false}
        loading={quotes.isLoading}
        dataSource={quotes.data?.items ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: deal.canEdit ? t('empty') : t('emptyReadOnly') }}
        columns={[
          { key: 'number', title: t('fields.number'), render: (_v, q) => `${q.number} v${q.version}` },
          { key: 'status', title: t('fields.status'), render: (_v, q) => <Tag color={statusColors[q.status] ?? 'default'} data-testid="quote-status">{t(`statuses.${statusOf(q)}`)}</Tag> },
          { key: 'total', title: t('fields.total'), align: 'right', render: (_v, q) => formatMoney(q.total) },
          { key: 'validUntil', dataIndex: 'validUntil', title: t('fields.validUntil') },
          {
            key: 'actions',
            title: <span className="sr-only">{t('fields.actions')}</span>,
            render: (_v, q) => (
              <Space size={0} wrap>
                {deal.canEdit && (q.status === 'draft' || q.status === 'sent') ? (
                  <>
                    <Button type="text" icon={<EditOutlined aria-hidden="true" />} aria-label={t('actions.edit')} title={t('actions.edit')} onClick={() => setEditing(q)} />
                    <Button type="text" icon={<SendOutlined aria-hidden="true" />} aria-label={t('actions.send')} title={t('actions.send')} onClick={() => setSending(q)} data-testid="quote-send" />
                  </>
                ) : null}
                <Button type="text" icon={<FilePdfOutlined aria-hidden="true" />} aria-label={t('actions.pdf')} title={t('actions.pdf')} onClick={() => void downloadQuotePdf(orgId, q)} />
                {q.status !== 'superseded' ? <Button type="text" icon={<CopyOutlined aria-hidden="true" />} aria-label={t('actions.copyLink')} title={t('actions.copyLink')} onClick={() => void copyLink(q)} data-testid="quote-copy-link" /> : null}
              </Space>
            ),
          },
        ]}
      />
      <QuoteFormDialog orgId={orgId} dealId={deal.id} quote={editing === 'new' ? null : editing} initialLines={initialLines} open={editing !== null} onClose={() => setEditing(null)} />
      <SendQuoteDialog orgId={orgId} quote={sending} onClose={() => setSending(null)} />
    </Card>
  );
}
