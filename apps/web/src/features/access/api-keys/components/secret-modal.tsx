import { Alert, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const snippet = { whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 12, padding: 8, margin: 0 } as const;
import type { ApiKeyCreated } from '@lodestar/contract';

/** The new key's secret, shown this once with a copy button, and how to use it (curl, MCP). */
export function SecretModal({ created, orgId, onClose }: { created: ApiKeyCreated | null; orgId: string | null; onClose: () => void }) {
  const { t } = useTranslation('api-keys');
  const secret = created?.secret ?? '';
  const origin = window.location.origin;
  const workspace = orgId ?? '<workspace id>';
  const curl = `curl -H "Authorization: Bearer ${secret}" "${origin}/api/page/customer/listV2?orgId=${workspace}"`;
  const mcp = JSON.stringify({ mcpServers: { lodestar: { command: 'node', args: ['<lodestar>/apps/server/bin/lodestar-mcp.mjs'], env: { LODESTAR_URL: origin, LODESTAR_API_KEY: secret, LODESTAR_WORKSPACE_ID: workspace } } } }, null, 2);
  return (
    <Modal open={created !== null} title={t('secret.title')} onCancel={onClose} onOk={onClose} okText={t('secret.done')} cancelButtonProps={{ style: { display: 'none' } }} width={640}>
      <Alert type="warning" showIcon message={t('secret.once')} style={{ marginBottom: 12 }} />
      <Typography.Paragraph copyable={{ text: secret, tooltips: [t('secret.copy'), t('secret.copied')] }} style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
        {secret}
      </Typography.Paragraph>
      <Typography.Paragraph strong>{t('secret.curl')}</Typography.Paragraph>
      <Typography.Paragraph copyable={{ text: curl }}>
        <pre style={snippet}>{curl}</pre>
      </Typography.Paragraph>
      <Typography.Paragraph strong>{t('secret.mcp')}</Typography.Paragraph>
      <Typography.Paragraph copyable={{ text: mcp }}>
        <pre style={snippet}>{mcp}</pre>
      </Typography.Paragraph>
    </Modal>
  );
}
