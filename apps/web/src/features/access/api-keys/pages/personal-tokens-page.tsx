import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../shared/session.ts';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { usePersonalTokens } from '../api-keys.api.ts';
import { ApiKeysPanel } from '../components/api-keys-panel.tsx';

/** /account/tokens: the user's personal access tokens, for their own scripts. */
export function PersonalTokensPage() {
  const { t } = useTranslation('api-keys');
  usePageTitle(t('personal.title'));
  const session = useSession();
  const calls = usePersonalTokens({ created: t('notices.created'), revoked: t('notices.revoked') });
  return <ApiKeysPanel title={t('personal.title')} intro={t('personal.intro')} createLabels={{ button: t('personal.create'), title: t('personal.createTitle') }} calls={calls} orgId={session.profile?.orgId ?? session.user?.orgId ?? null} />;
}
