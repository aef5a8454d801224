import { Button, Drawer, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Webhook, WebhookDelivery } from '@lodestar/contract';
import { formatDateTime } from '../../../../shared/format/when.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { tagColors } from '../../../../shared/ui/tag-colors.ts';
import { phoneQuery, useMediaQuery } from '../../../../shared/ui/use-media-query.ts';
import { useDeliveries, useResendDelivery } from '../webhooks.api.ts';

const statusColor = { pending: tagColors.info, succeeded: tagColors.success, failed: '#a8071a' } as const;

export function DeliveryStatus({ status }: { status: WebhookDelivery['status'] }) {
  const { t } = useTranslation('webhooks');
  return <Tag color={statusColor[status]}>{t(`status.${status}`)}</Tag>;
}

/** One delivery's attempts and the body sent. */
function Attempts({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation('webhooks');
  return (
    <Space direction="vertical" size={8} style={{ width: '100%' }}>
      {delivery.log.length === 0 ? <Typography.Text type="secondary">{t('log.noAttempts')}</Typography.Text> : null}
      {delivery.log.map((a) => (
        <Typography.Text key={a.attempt}>
          {t('log.attemptLine', { attempt: a.attempt, at: formatDateTime(a.at), code: a.statusCode ?? '—', latency: a.latencyMs })}
          {a.error ? <Typography.Text type="danger"> · {a.error}</Typography.Text> : null}
        </Typography.Text>
      ))}
      {delivery.nextAttemptAt ? <Typography.Text type="secondary">{t('log.next', { at: formatDateTime(delivery.nextAttemptAt) })}</Typography.Text> : null}
      <Typography.Text strong>{t('log.request')}</Typography.Text>
      <pre className="webhook-payload" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: 0, maxHeight: 240, overflow: 'auto' }}>
        {JSON.stringify(JSON.parse(delivery.payload), null, 2)}
      </pre>
    </Space>
  );
}

/** The latest deliveries of one webhook with their attempts; each can be sent again. */
export function DeliveryLog({ orgId, webhook, onClose }: { orgId: string; webhook: Webhook | null; onClose: () => void }) {
  const { t } = useTranslation('webhooks');
  const phone = useMediaQuery(phoneQuery);
  const deliveries = useDeliveries(orgId, webhook?.id ?? null);
  const resend = useResendDelivery(orgId, t('notices.resent'));
  return (
    <Drawer open={Boolean(webhook)} onClose={onClose} width={phone ? '100%' : 760} title={t('log.title', { name: webhook?.name ?? '' })} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('log.intro')}</Typography.Paragraph>
      {deliveries.isLoading ? <LoadingState /> : null}
      {deliveries.isError ? <ErrorState error={deliveries.error} onRetry={() => void deliveries.refetch()} /> : null}
      {deliveries.isSuccess && deliveries.data.length === 0 ? <EmptyState description={t('log.empty')} /> : null}
      {deliveries.data && deliveries.data.length > 0 ? (
        <Table<WebhookDelivery>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={deliveries.data}
          scroll={{ x: 720 }}
          expandable={{ expandedRowRender: (delivery) => <Attempts delivery={delivery} /> }}
          columns={[
            { key: 'at', title: t('log.at'), render: (_, d) => formatDateTime(d.createdAt), width: 170 },
            { key: 'type', title: t('log.event'), width: 200, render: (_, d) => <Typography.Text code style={{ whiteSpace: 'nowrap' }}>{d.eventType}</Typography.Text> },
            { key: 'status', title: t('log.status'), render: (_, d) => <DeliveryStatus status={d.status} />, width: 110 },
            { key: 'code', title: t('log.code'), render: (_, d) => d.log.at(-1)?.statusCode ?? '—', width: 80 },
            { key: 'latency', title: t('log.latency'), render: (_, d) => (d.log.at(-1) ? `${d.log.at(-1)!.latencyMs} ms` : '—'), width: 90 },
            {
              key: 'actions',
              title: <span className="sr-only">{t('fields.actions')}</span>,
              width: 100,
              render: (_, d) => (
                <Button size="small" onClick={() => resend.mutate(d.id)} loading={resend.isPending && resend.variables === d.id} aria-label={t('log.resendOf', { event: d.eventType })}>
                  {t('log.resend')}
                </Button>
              ),
            },
          ]}
        />
      ) : null}
    </Drawer>
  );
}
