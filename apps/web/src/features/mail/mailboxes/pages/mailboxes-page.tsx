import { useState } from 'react';
import { Alert, Button, Space, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { storedOrgId } from '../../../../shared/api-client.ts';
import { ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { useMailboxes } from '../mailboxes.api.ts';
import { ConnectForm } from '../components/connect-form.tsx';
import { MailboxCard } from '../components/mailbox-card.tsx';
import { MailSearchCard } from '../components/mail-search-card.tsx';
import { ProviderPicker } from '../components/provider-picker.tsx';
import { TemplatesCard } from '../components/templates-card.tsx';
import '../mailboxes.css';

const outcomes = ['connected', 'denied', 'failed', 'invalid'] as const;

/** /account/mailboxes: the member's own mailboxes in the current workspace, their health, and connecting one. */
export function MailboxesPage() {
  const { t } = useTranslation('mailboxes');
  usePageTitle(t('title'));
  const orgId = storedOrgId() ?? '';
  const mailboxes = useMailboxes(orgId);
  const [adding, setAdding] = useState(false);
  const [imap, setImap] = useState(false);
  const [params] = useSearchParams();
  const outcome = outcomes.find((value) => value === params.get('outcome'));
  const outcomeProvider = params.get('provider') === 'outlook' ? 'outlook' : 'gmail';
  const showForm = adding || mailboxes.data?.length === 0;
  const done = () => {
    setAdding(false);
    setImap(false);
  };
  return (
    <Space orientation="vertical" size="large" className="mailboxes-page">
      <div>
        <Typography.Title level={1} className="page-title">
          {t('title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">{t('privacy')}</Typography.Paragraph>
      </div>
      {outcome ? (
        <Alert type={outcome === 'connected' ? 'success' : 'error'} showIcon closable title={t(`outcome.${outcome}`, { name: t(`providers.${outcomeProvider}`) })} />
      ) : null}
      {mailboxes.isPending ? <LoadingState /> : null}
      {mailboxes.isError ? <ErrorState error={mailboxes.error} onRetry={() => void mailboxes.refetch()} /> : null}
      {mailboxes.data?.map((mailbox) => (
        <MailboxCard key={mailbox.id} orgId={orgId} mailbox={mailbox} />
      ))}
      {mailboxes.data && showForm && !imap ? <ProviderPicker orgId={orgId} onImap={() => setImap(true)} /> : null}
      {mailboxes.data && showForm && imap ? <ConnectForm orgId={orgId} onDone={done} /> : null}
      {mailboxes.data && !showForm ? (
        <Button icon={<PlusOutlined aria-hidden="true" />} onClick={() => setAdding(true)}>
          {t('connect.another')}
        </Button>
      ) : null}
      {mailboxes.data && mailboxes.data.length > 0 ? <MailSearchCard orgId={orgId} /> : null}
      <TemplatesCard orgId={orgId} />
    </Space>
  );
}
