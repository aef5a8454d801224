import { useState } from 'react';
import { Alert, Button, Space, Typography } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Workflow } from '@lodestar/contract';
import { formatDateTime } from '../../../../shared/format/when.ts';
import { useRotateHookSecret } from '../workflows.api.ts';

/**
 * A webhook-in trigger's URL and signing secret: the URL exists once the workflow is saved; the secret is shown once,
 * when made or replaced (the old one stops working at once).
 */
export function HookPanel({ orgId, workflowId, hook }: { orgId: string; workflowId: string | null; hook: Workflow['hook'] | undefined }) {
  const { t } = useTranslation('workflows');
  const rotate = useRotateHookSecret(orgId);
  const [secret, setSecret] = useState<string | null>(null);
  if (!workflowId || !hook) return <Alert type="info" showIcon message={t('hook.saveFirst')} />;
  const made = Boolean(hook.secretCreatedAt) || secret !== null;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={6} data-testid="workflow-hook">
      <Typography.Text type="secondary">{t('hook.url')}</Typography.Text>
      <Typography.Text code copyable style={{ overflowWrap: 'anywhere' }}>{`${window.location.origin}${hook.path}`}</Typography.Text>
      {secret ? (
        <Alert type="warning" showIcon message={t('hook.secretOnce')} description={<Typography.Text code copyable data-testid="workflow-hook-secret" style={{ overflowWrap: 'anywhere' }}>{secret}</Typography.Text>} />
      ) : (
        <Typography.Text type="secondary">{hook.secretCreatedAt ? t('hook.secretMade', { at: formatDateTime(hook.secretCreatedAt) }) : t('hook.noSecret')}</Typography.Text>
      )}
      <Button icon={<KeyOutlined aria-hidden="true" />} style={{ minHeight: 44 }} loading={rotate.isPending} onClick={() => rotate.mutate(workflowId, { onSuccess: (answer) => setSecret(answer.secret) })}>
        {made ? t('hook.rotate') : t('hook.make')}
      </Button>
      <Typography.Text type="secondary">{t('hook.howTo', { field: '{{field}}' })}</Typography.Text>
    </Space>
  );
}
