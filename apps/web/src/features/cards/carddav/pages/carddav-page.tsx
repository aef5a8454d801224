import { Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { storedOrgId } from '../../../../shared/api-client.ts';
import { ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { useAppPasswords, useRevokeAppPassword } from '../carddav.api.ts';
import { AppPasswordForm } from '../components/app-password-form.tsx';
import { AppPasswordList } from '../components/app-password-list.tsx';
import { CopyField } from '../components/copy-field.tsx';
import { SetupSteps } from '../components/setup-steps.tsx';
import '../carddav.css';

const cardTitle = (id: string, text: string) => (
  <Typography.Title level={2} className="card-title" id={id}>
    {text}
  </Typography.Title>
);

/** /account/addressBook: the phone address book (read-only CardDAV) of the current workspace and its app passwords. */
export function CarddavPage() {
  const { t } = useTranslation('carddav');
  usePageTitle(t('title'));
  const orgId = storedOrgId() ?? '';
  const list = useAppPasswords(orgId);
  const revoke = useRevokeAppPassword(orgId, t('list.revoked'));
  return (
    <Space orientation="vertical" size="large" className="carddav-page">
      <div>
        <Typography.Title level={1} className="page-title">
          {t('title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      </div>
      {list.isPending ? <LoadingState /> : null}
      {list.isError ? <ErrorState error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.data ? (
          <>
            <Card title={cardTitle('carddav-connection', t('connection.title'))}>
              <section aria-labelledby="carddav-connection" className="carddav-connection">
                <CopyField id="carddav-server" label={t('connection.server')} value={list.data.serverUrl} />
                <CopyField id="carddav-username" label={t('connection.username')} value={list.data.username} />
                <Typography.Paragraph type="secondary">{t('connection.password')}</Typography.Paragraph>
              </section>
            </Card>
            <Card title={cardTitle('carddav-passwords', t('list.title'))}>
              <section aria-labelledby="carddav-passwords">
                <Typography.Paragraph type="secondary">{t('list.intro')}</Typography.Paragraph>
                <AppPasswordForm orgId={orgId} />
                <AppPasswordList items={list.data.items} onRevoke={(id) => revoke.mutateAsync(id)} />
              </section>
            </Card>
          </>
      ) : null}
      <Card title={cardTitle('carddav-setup', t('setup.title'))}>
        <section aria-labelledby="carddav-setup">
          <SetupSteps />
        </section>
      </Card>
    </Space>
  );
}
