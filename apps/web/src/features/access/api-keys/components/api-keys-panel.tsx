import { useState } from 'react';
import { Alert, Button, Card, Modal, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { PlusOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ApiKey, ApiKeyCreated } from '@lodestar/contract';
import { formatDate, formatDateTime } from '../../../../shared/format/when.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { tagColors } from '../../../../shared/ui/tag-colors.ts';
import type { KeyCalls } from '../api-keys.api.ts';
import { ApiKeyDialog } from './api-key-dialog.tsx';
import { SecretModal } from './secret-modal.tsx';

function State({ apiKey }: { apiKey: ApiKey }) {
  const { t } = useTranslation('api-keys');
  if (apiKey.revokedAt) return <Tag>{t('state.revoked')}</Tag>;
  if (apiKey.expiresAt && new Date(apiKey.expiresAt).getTime() <= Date.now()) return <Tag color={tagColors.warning}>{t('state.expired')}</Tag>;
  return <Tag color={tagColors.success}>{t('state.active')}</Tag>;
}

/** The list, the create dialog and the secret shown once: Settings → API keys and Account → personal access tokens. */
export function ApiKeysPanel({ title, intro, createLabels, calls, orgId }: {
  title: string;
  intro: string;
  /** The button and the dialog's title: "Create key" or "Create token". */
  createLabels: { button: string; title: string };
  calls: KeyCalls;
  orgId: string | null;
}) {
  const { t } = useTranslation('api-keys');
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const { list } = calls;

  const confirmRevoke = (apiKey: ApiKey) =>
    Modal.confirm({
      title: t('revokeTitle', { name: apiKey.name }),
      content: t('revokeText'),
      okText: t('revokeConfirm'),
      okButtonProps: { danger: true },
      cancelText: t('common:actions.cancel'),
      onOk: () => calls.revoke(apiKey.id),
    });

  return (
    <Card
      title={<Typography.Title level={1} className="card-title">{title}</Typography.Title>}
      extra={
        <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setCreating(true)}>
          {createLabels.button}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>
      {list.isLoading ? <LoadingState /> : null}
      {list.isError ? <ErrorState error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.isSuccess && list.data?.length === 0 ? <EmptyState description={t('empty')} /> : null}
      {list.data && list.data.length > 0 ? (
        <Table<ApiKey>
          rowKey="id"
          size="middle"
          pagination={false}
          dataSource={list.data}
          scroll={{ x: 820 }}
          columns={[
            {
              key: 'name',
              title: t('fields.name'),
              render: (_, k) => (
                <Space direction="vertical" size={0}>
                  <Typography.Text strong>{k.name}</Typography.Text>
                  <Typography.Text type="secondary" code>{`${k.prefix}…`}</Typography.Text>
                </Space>
              ),
            },
            {
              key: 'scopes',
              title: t('fields.scopes'),
              render: (_, k) => (
                <Space size={[4, 4]} wrap>
                  {k.scopes.map((scope) => {
                    const [area, level] = scope.split(':') as [string, string];
                    return <Tag key={scope}>{`${t(`areas.${area}`)} · ${t(`levels.${level}`)}`}</Tag>;
                  })}
                </Space>
              ),
            },
            { key: 'lastUsed', title: t('fields.lastUsed'), width: 170, render: (_, k) => (k.lastUsedAt ? formatDateTime(k.lastUsedAt) : <Typography.Text type="secondary">{t('never')}</Typography.Text>) },
            { key: 'expires', title: t('fields.expiry'), width: 120, render: (_, k) => (k.expiresAt ? formatDate(k.expiresAt) : <Typography.Text type="secondary">{t('noExpiry')}</Typography.Text>) },
            { key: 'state', title: t('fields.state'), width: 100, render: (_, k) => <State apiKey={k} /> },
            {
              key: 'actions',
              title: <span className="sr-only">{t('fields.actions')}</span>,
              align: 'right',
              width: 64,
              render: (_, k) => (
                <Tooltip title={t('revoke')}>
                  <Button type="text" danger icon={<StopOutlined aria-hidden="true" />} aria-label={t('revokeOf', { name: k.name })} disabled={Boolean(k.revokedAt)} onClick={() => confirmRevoke(k)} />
                </Tooltip>
              ),
            },
          ]}
        />
      ) : null}
      <ApiKeyDialog title={createLabels.title} okText={createLabels.button} open={creating} onClose={() => setCreating(false)} create={calls.create} creating={calls.creating} onCreated={setCreated} />
      <SecretModal created={created} orgId={orgId} onClose={() => setCreated(null)} />
      {list.data?.some((k) => k.allowedIps.length > 0) ? <Alert type="info" showIcon message={t('ipNote')} style={{ marginTop: 12 }} /> : null}
    </Card>
  );
}
