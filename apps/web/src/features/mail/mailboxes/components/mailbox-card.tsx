import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Form, Input, Popconfirm, Select, Space, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Mailbox } from '@lodestar/contract';
import { formatDateTime } from '../../../../shared/format/when.ts';
import { useRemoveMailbox, useStartOAuth, useSyncMailbox, useUpdateMailbox } from '../mailboxes.api.ts';

const statusTags = { idle: 'mail-tag mail-tag--ok', syncing: 'mail-tag mail-tag--busy', error: 'mail-tag mail-tag--bad', paused: 'mail-tag' } as const;

/** One connected mailbox: its health in plain words (last sync, last problem), reconnect, what it stores, remove. */
export function MailboxCard({ orgId, mailbox }: { orgId: string; mailbox: Mailbox }) {
  const { t } = useTranslation('mailboxes');
  const update = useUpdateMailbox(orgId, t('saved'));
  const reconnect = useUpdateMailbox(orgId, t('reconnected'));
  const sync = useSyncMailbox(orgId, t('synced'));
  const remove = useRemoveMailbox(orgId, t('removed'));
  const reauthorize = useStartOAuth(orgId);
  const provider = mailbox.provider;
  const [password, setPassword] = useState('');
  const save = (body: Parameters<typeof update.mutate>[0]['body']) => update.mutate({ id: mailbox.id, body });
  return (
    <Card
      title={
        <Space wrap>
          <Typography.Title level={2} className="side-title">
            {mailbox.email}
          </Typography.Title>
          <Tag className={statusTags[mailbox.status]}>{t(`status.${mailbox.status}`)}</Tag>
        </Space>
      }
      data-testid="mailbox-card"
    >
      {mailbox.status === 'error' && mailbox.lastProblem ? (
        <Alert
          type="error"
          showIcon
          className="mailbox-card__problem"
          title={t(`problem.${mailbox.lastProblem}`)}
          description={
            <Space orientation="vertical" className="full-width">
              <Typography.Text type="secondary">{t('health.since', { when: formatDateTime(mailbox.failingSince ?? mailbox.lastErrorAt ?? mailbox.createdAt) })}</Typography.Text>
              <Typography.Text>{mailbox.failureNoticedAt ? t('health.noticed', { when: formatDateTime(mailbox.failureNoticedAt) }) : t('health.willNotice')}</Typography.Text>
              {mailbox.lastProblem === 'authFailed' && provider !== 'imap' ? (
                <Button type="primary" loading={reauthorize.isPending} onClick={() => reauthorize.mutate(provider)}>
                  {t('providers.connectWith', { name: t(`providers.${provider}`) })}
                </Button>
              ) : null}
              {mailbox.lastProblem === 'authFailed' && provider === 'imap' ? (
                <Space.Compact className="full-width">
                  <Input.Password aria-label={t('fields.newPassword')} placeholder={t('fields.newPassword')} value={password} onChange={(event) => setPassword(event.target.value)} />
                  <Button type="primary" disabled={!password} loading={reconnect.isPending} onClick={() => reconnect.mutate({ id: mailbox.id, body: { password } }, { onSuccess: () => setPassword('') })}>
                    {t('health.reconnect')}
                  </Button>
                </Space.Compact>
              ) : null}
            </Space>
          }
        />
      ) : null}
      <Descriptions size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label={t('health.lastSynced')}>{mailbox.lastSyncedAt ? formatDateTime(mailbox.lastSyncedAt) : t('health.never')}</Descriptions.Item>
        <Descriptions.Item label={t('health.stored')}>{t('health.storedCount', { count: mailbox.storedCount })}</Descriptions.Item>
        {provider === 'imap' ? (
          <>
            <Descriptions.Item label={t('fields.imapHost')}>{`${mailbox.imapHost}:${mailbox.imapPort}`}</Descriptions.Item>
            <Descriptions.Item label={t('fields.smtpHost')}>{`${mailbox.smtpHost}:${mailbox.smtpPort}`}</Descriptions.Item>
          </>
        ) : (
          <Descriptions.Item label={t('providers.label')}>{t(`providers.${provider}`)}</Descriptions.Item>
        )}
      </Descriptions>
      <Form layout="vertical" className="mailbox-card__settings">
        <Form.Item label={t('fields.includeCompanyDomains')} extra={t('fields.includeCompanyDomainsHelp')}>
          <Switch checked={mailbox.includeCompanyDomains} onChange={(value) => save({ includeCompanyDomains: value })} aria-label={t('fields.includeCompanyDomains')} />
        </Form.Item>
        <Form.Item label={t('fields.excluded')} extra={t('fields.excludedHelp')}>
          <Select mode="tags" value={mailbox.excluded} tokenSeparators={[',', ' ']} open={false} suffixIcon={null} onChange={(value: string[]) => save({ excluded: value })} aria-label={t('fields.excluded')} />
        </Form.Item>
        <Form.Item label={t('fields.paused')}>
          <Switch checked={mailbox.status === 'paused'} onChange={(value) => save({ paused: value })} aria-label={t('fields.paused')} />
        </Form.Item>
      </Form>
      <Space wrap>
        <Button onClick={() => sync.mutate(mailbox.id)} loading={sync.isPending} disabled={mailbox.status === 'paused'}>
          {t('health.syncNow')}
        </Button>
        <Popconfirm title={t('removeConfirm')} onConfirm={() => remove.mutateAsync(mailbox.id)} okText={t('remove')} cancelText={t('cancel')}>
          <Button danger>{t('remove')}</Button>
        </Popconfirm>
      </Space>
    </Card>
  );
}
