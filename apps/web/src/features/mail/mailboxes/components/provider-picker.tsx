import { Alert, Button, Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MailboxProvider, OAuthMailProvider } from '@lodestar/contract';
import { useMailProviders, useStartOAuth } from '../mailboxes.api.ts';

/**
 * Connect a mailbox: Gmail, Outlook (OAuth, the provider's consent page) or any IMAP + SMTP server (the form). A
 * provider this server has no OAuth client for says so instead of offering a button that cannot work.
 */
export function ProviderPicker({ orgId, onImap }: { orgId: string; onImap: () => void }) {
  const { t } = useTranslation('mailboxes');
  const providers = useMailProviders(orgId);
  const start = useStartOAuth(orgId);
  const configured = (provider: MailboxProvider) => providers.data?.find((option) => option.provider === provider)?.configured ?? false;
  const oauth = (provider: OAuthMailProvider) => (
    <Col xs={24} md={8} key={provider}>
      <Card size="small" className="mailbox-provider" title={<Typography.Title level={3} className="card-title">{t(`providers.${provider}`)}</Typography.Title>}>
        <Typography.Paragraph type="secondary">{t(`providers.${provider}Intro`)}</Typography.Paragraph>
        {providers.data && !configured(provider) ? (
          <Alert type="info" showIcon title={t('providers.notConfigured', { name: t(`providers.${provider}`) })} />
        ) : (
          <Button type="primary" block loading={providers.isPending || (start.isPending && start.variables === provider)} onClick={() => start.mutate(provider)}>
            {t('providers.connectWith', { name: t(`providers.${provider}`) })}
          </Button>
        )}
      </Card>
    </Col>
  );
  return (
    <Card title={<Typography.Title level={2} className="side-title">{t('providers.title')}</Typography.Title>}>
      <Row gutter={[12, 12]}>
        {oauth('gmail')}
        {oauth('outlook')}
        <Col xs={24} md={8}>
          <Card size="small" className="mailbox-provider" title={<Typography.Title level={3} className="card-title">{t('providers.imap')}</Typography.Title>}>
            <Typography.Paragraph type="secondary">{t('providers.imapIntro')}</Typography.Paragraph>
            <Button block onClick={onImap}>
              {t('providers.useImap')}
            </Button>
          </Card>
        </Col>
      </Row>
    </Card>
  );
}
