import { useState } from 'react';
import { Button, Card, Collapse, Space, Switch, Tag, Typography } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Email, EmailThread, SummaryEntityType } from '@lodestar/contract';
import { formatDateTime } from '../../../../shared/format/when.ts';
import { ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { useRecordSummary } from '../../../records/notes/index.ts';
import { useRecordEmails, useSetEmailPrivate, type MailRecordType } from '../mailboxes.api.ts';
import { ComposeDialog, type ComposeDraft } from './compose-dialog.tsx';
import { EmailBody } from './email-body.tsx';
import { EmailAttachments, EmailDeals } from './email-extras.tsx';
import { SavedAttachments } from './saved-attachments.tsx';
import '../mailboxes.css';

const people = (list: { address: string; name: string | null }[]) => list.map((a) => a.name || a.address).join(', ');

/** The other party of an e-mail: whom a reply goes to. */
const counterpart = (email: Email) => (email.direction === 'in' ? [email.from.address] : email.to.map((a) => a.address));

const replySubject = (subject: string) => (/^re:/i.test(subject) ? subject : `Re: ${subject}`);

function EmailItem({
  orgId,
  email,
  record,
  onReply,
  onPrivate,
}: {
  orgId: string;
  email: Email;
  record: { entityType: MailRecordType; entityId: string };
  onReply: () => void;
  onPrivate: (value: boolean) => void;
}) {
  const { t } = useTranslation('mailboxes');
  return (
    <div className="record-mail__email" data-testid="record-email">
      <div className="record-mail__meta">
        <Typography.Text strong>{email.direction === 'out' ? t('mail.fromMe', { name: email.ownerName }) : people([email.from])}</Typography.Text>
        <Typography.Text type="secondary">{t('mail.toWhom', { to: people(email.to) })}</Typography.Text>
        <Typography.Text type="secondary">{formatDateTime(email.sentAt)}</Typography.Text>
        {email.private ? <Tag className="mail-tag">{t('mail.private')}</Tag> : null}
      </div>
      <EmailBody email={email} />
      <EmailAttachments orgId={orgId} email={email} record={record} />
      <EmailDeals orgId={orgId} email={email} />
      <Space wrap className="mailbox-form__actions">
        {email.html !== null || email.text !== null ? (
          <Button size="small" onClick={onReply}>
            {t('mail.reply')}
          </Button>
        ) : null}
        {email.mine ? (
          <Space size={4}>
            <Switch size="small" checked={email.private} onChange={onPrivate} aria-label={t('mail.privateSwitch')} />
            <Typography.Text type="secondary">{t('mail.privateSwitch')}</Typography.Text>
          </Space>
        ) : null}
      </Space>
    </div>
  );
}

/**
 * A contact's, company's or deal's e-mail on its page (shared/extension-points.tsx `RecordMail`): "replied" or
 * "awaiting reply for N days", threads newest first (each oldest first), new e-mail and replies from the member's
 * mailbox, each message's files (opened from the mailbox on demand) and deals (link / unlink).
 */
export function RecordMailCard({ orgId, entityType, entityId }: { orgId: string; entityType: SummaryEntityType; entityId: string }) {
  const { t } = useTranslation('mailboxes');
  const summary = useRecordSummary(orgId, entityType, entityId).data?.mail;
  const recordType: MailRecordType = entityType === 'company' || entityType === 'deal' ? entityType : 'contact';
  const threads = useRecordEmails(orgId, recordType, entityId);
  const setPrivate = useSetEmailPrivate(orgId, recordType, entityId);
  const [draft, setDraft] = useState<ComposeDraft | null>(null);
  if (!summary) return null;
  const latest = threads.data?.threads[0]?.emails.at(-1);
  const threadItems = (threads.data?.threads ?? []).map((thread: EmailThread) => ({
    key: thread.threadId,
    label: (
      <span>
        <Typography.Text strong>{thread.subject || t('mail.noSubject')}</Typography.Text> <Typography.Text type="secondary">· {t('mail.count', { count: thread.emails.length })} · {formatDateTime(thread.lastAt)}</Typography.Text>
      </span>
    ),
    children: thread.emails.map((email) => (
      <EmailItem
        key={email.id}
        orgId={orgId}
        email={email}
        record={{ entityType: recordType, entityId }}
        onReply={() => setDraft({ to: counterpart(email), subject: replySubject(email.subject), replyToId: email.id })}
        onPrivate={(value) => setPrivate.mutate({ id: email.id, value })}
      />
    )),
  }));
  return (
    <Card
      className="record-mail"
      title={
        <Space wrap>
          <Typography.Title level={2} className="side-title">
            {t('mail.title')}
          </Typography.Title>
          {summary.state === 'replied' ? <Tag className="mail-tag mail-tag--ok">{t('mail.replied')}</Tag> : null}
          {summary.state === 'awaiting' ? <Tag className="mail-tag mail-tag--wait">{t('mail.awaiting', { count: summary.awaitingDays ?? 0 })}</Tag> : null}
        </Space>
      }
    >
      <Button className="record-mail__new" icon={<MailOutlined aria-hidden="true" />} onClick={() => setDraft({ to: latest ? counterpart(latest) : [], subject: '' })}>
        {t('mail.new')}
      </Button>
      {threads.isPending ? <LoadingState /> : null}
      {threads.isError ? <ErrorState error={threads.error} onRetry={() => void threads.refetch()} /> : null}
      {threads.data && threadItems.length === 0 ? <Typography.Paragraph type="secondary">{t('mail.empty')}</Typography.Paragraph> : null}
      {threadItems.length > 0 ? <Collapse ghost items={threadItems} defaultActiveKey={threadItems[0] ? [threadItems[0].key] : []} /> : null}
      <SavedAttachments orgId={orgId} entityType={recordType} entityId={entityId} />
      <ComposeDialog orgId={orgId} entityType={recordType} entityId={entityId} draft={draft} onClose={() => setDraft(null)} />
    </Card>
  );
}
