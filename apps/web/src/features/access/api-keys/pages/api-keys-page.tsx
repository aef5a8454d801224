import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { useWorkspaceKeys } from '../api-keys.api.ts';
import { ApiKeysPanel } from '../components/api-keys-panel.tsx';

/** /{orgId}/settings/apiKeys: the workspace's API keys (system administrators). */
export function ApiKeysPage() {
  const { t } = useTranslation('api-keys');
  usePageTitle(t('title'));
  const { orgId = '' } = useParams();
  const calls = useWorkspaceKeys(orgId, { created: t('notices.created'), revoked: t('notices.revoked') });
  return <ApiKeysPanel title={t('title')} intro={t('intro')} createLabels={{ button: t('create'), title: t('createTitle') }} calls={calls} orgId={orgId} />;
}
