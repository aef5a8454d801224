import { useState } from 'react';
import { Alert, Button, Card, Modal, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, SendOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Webhook } from '@lodestar/contract';
import { formatDateTime } from '../../../../shared/format/when.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { tagColors } from '../../../../shared/ui/tag-colors.ts';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { DeliveryLog, DeliveryStatus } from '../components/delivery-log.tsx';
import { WebhookDialog } from '../components/webhook-dialog.tsx';
import { useDeleteWebhook, useTestWebhook, useWebhooks } from '../webhooks.api.ts';

type Dialog = { open: false } | { open: true; editing: Webhook | null };

function State({ webhook }: { webhook: Webhook }) {
  const { t } = useTranslation('webhooks');
  if (webhook.enabled) return <Tag color={tagColors.success}>{t('state.on')}</Tag>;
  if (webhook.disabledAt) return <Tooltip title={t('state.failingHelp', { at: formatDateTime(webhook.disabledAt) })}><Tag color="#a8071a">{t('state.failing')}</Tag></Tooltip>;
  return <Tag>{t('state.off')}</Tag>;
}

/** /{orgId}/settings/webhooks: send chosen events to other systems (docs/product.md#webhooks). */
export function WebhooksPage() {
  const { t } = useTranslation('webhooks');
  usePageTitle(t('title'));
  const { orgId = '' } = useParams();
  const webhooks = useWebhooks(orgId);
  const remove = useDeleteWebhook(orgId, t('notices.deleted'));
  const test = useTestWebhook(orgId, t('notices.testQueued'));
  const [dialog, setDialog] = useState<Dialog>({ open: false });
  const [secret, setSecret] = useState<string | null>(null);
  const [log, setLog] = useState<Webhook | null>(null);

  const confirmDelete = (webhook: Webhook) =>
    Modal.confirm({
      title: t('deleteTitle', { name: webhook.name }),
      content: t('deleteText'),
      okText: t('common:actions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common:actions.cancel'),
      onOk: () => remove.mutateAsync(webhook.id),
    });

  return (
    <Card
      title={<Typography.Title level={1} className="card-title">{t('title')}</Typography.Title>}
      extra={
        <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setDialog({ open: true, editing: null })}>
          {t('createButton')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      {webhooks.isLoading ? <LoadingState /> : null}
      {webhooks.isError ? <ErrorState error={webhooks.error} onRetry={() => void webhooks.refetch()} /> : null}
      {webhooks.isSuccess && webhooks.data.length === 0 ? <EmptyState description={t('empty')} /> : null}
      {webhooks.data && webhooks.data.length > 0 ? (
        <Table<Webhook>
          rowKey="id"
          size="middle"
          pagination={false}
          dataSource={webhooks.data}
          scroll={{ x: 760 }}
          columns={[
            {
              key: 'name',
              title: t('fields.name'),
              render: (_, w) => (
                <Space direction="vertical" size={0}>
                  <Typography.Text strong>{w.name}</Typography.Text>
                  <Typography.Text type="secondary" ellipsis={{ tooltip: w.url }} style={{ maxWidth: 280 }}>
                    {w.url}
                  </Typography.Text>
                </Space>
              ),
            },
            { key: 'events', title: t('fields.eventTypes'), width: 120, render: (_, w) => t('eventCount', { count: w.eventTypes.length }) },
            { key: 'state', title: t('fields.state'), width: 120, render: (_, w) => <State webhook={w} /> },
            {
              key: 'last',
              title: t('fields.lastDelivery'),
              width: 190,
              render: (_, w) =>
                w.lastDelivery ? (
                  <Space size={4} wrap>
                    <DeliveryStatus status={w.lastDelivery.status} />
                    <Typography.Text type="secondary">{formatDateTime(w.lastDelivery.at)}</Typography.Text>
                  </Space>
                ) : (
                  <Typography.Text type="secondary">{t('never')}</Typography.Text>
                ),
            },
            {
              key: 'actions',
              title: <span className="sr-only">{t('fields.actions')}</span>,
              align: 'right',
              width: 176,
              render: (_, w) => (
                <Space size={4}>
                  <Tooltip title={t('test')}>
                    <Button type="text" icon={<SendOutlined aria-hidden="true" />} aria-label={t('testOf', { name: w.name })} onClick={() => test.mutate(w.id)} disabled={!w.enabled} />
                  </Tooltip>
                  <Tooltip title={t('log.open')}>
                    <Button type="text" icon={<UnorderedListOutlined aria-hidden="true" />} aria-label={t('log.openOf', { name: w.name })} onClick={() => setLog(w)} />
                  </Tooltip>
                  <Tooltip title={t('edit')}>
                    <Button type="text" icon={<EditOutlined aria-hidden="true" />} aria-label={t('editOf', { name: w.name })} onClick={() => setDialog({ open: true, editing: w })} />
                  </Tooltip>
                  <Tooltip title={t('common:actions.delete')}>
                    <Button type="text" danger icon={<DeleteOutlined aria-hidden="true" />} aria-label={t('deleteOf', { name: w.name })} onClick={() => confirmDelete(w)} />
                  </Tooltip>
                </Space>
              ),
            },
          ]}
        />
      ) : null}
      <WebhookDialog orgId={orgId} open={dialog.open} editing={dialog.open ? dialog.editing : null} onClose={() => setDialog({ open: false })} onCreated={setSecret} />
      <Modal open={secret !== null} title={t('secret.title')} onCancel={() => setSecret(null)} onOk={() => setSecret(null)} okText={t('secret.done')} cancelButtonProps={{ style: { display: 'none' } }}>
        <Alert type="warning" showIcon message={t('secret.once')} style={{ marginBottom: 12 }} />
        <Typography.Paragraph copyable={{ text: secret ?? '' }} style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
          {secret}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary">{t('secret.howTo')}</Typography.Paragraph>
      </Modal>
      <DeliveryLog orgId={orgId} webhook={log} onClose={() => setLog(null)} />
    </Card>
  );
}
