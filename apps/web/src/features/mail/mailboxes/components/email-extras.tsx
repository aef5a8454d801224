import { useState } from 'react';
import { Button, Popover, Space, Tag, Typography } from 'antd';
import { CheckOutlined, LinkOutlined, PaperClipOutlined, SaveOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Email } from '@lodestar/contract';
import { downloadAttachment, useEmailDealOptions, useLinkEmailDeal, useSaveAttachment, type MailRecordType } from '../mailboxes.api.ts';

/** 1234 → "1.2 KB": sizes as a reader expects them. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * The e-mail's files: name, type and size; opening one fetches it from the mailbox now (nothing is stored in Lodestar).
 * "Save to record" keeps a copy as a file of the record whose page this is (once per attachment).
 */
export function EmailAttachments({ orgId, email, record }: { orgId: string; email: Email; record: { entityType: MailRecordType; entityId: string } }) {
  const { t } = useTranslation('mailboxes');
  const [opening, setOpening] = useState<number | null>(null);
  const save = useSaveAttachment(orgId, t('files.savedMessage'));
  if (email.attachments.length === 0) return null;
  const open = async (index: number) => {
    setOpening(index);
    try {
      await downloadAttachment(orgId, email, index);
    } catch {
      // apiDownload has said what went wrong.
    } finally {
      setOpening(null);
    }
  };
  return (
    <ul className="email-files" aria-label={t('files.title')}>
      {email.attachments.map((file, index) => (
        <li key={`${index}-${file.filename}`} className="email-files__item">
          <PaperClipOutlined aria-hidden="true" />
          {email.attachmentsAvailable ? (
            // A plain button drawn as a link: antd's link button is under AA contrast and fades while loading.
            <button type="button" className="email-files__open" disabled={opening === index} aria-busy={opening === index} onClick={() => void open(index)} aria-label={t('files.open', { name: file.filename || t('files.unnamed') })}>
              {file.filename || t('files.unnamed')}
            </button>
          ) : (
            <Typography.Text>{file.filename || t('files.unnamed')}</Typography.Text>
          )}
          <Typography.Text type="secondary">
            {formatSize(file.size)} · {file.contentType}
          </Typography.Text>
          {file.saved ? (
            <Tag className="mail-tag mail-tag--ok" icon={<CheckOutlined aria-hidden="true" />}>
              {t('files.saved')}
            </Tag>
          ) : email.attachmentsAvailable ? (
            <Button
              size="small"
              className="email-files__save"
              icon={<SaveOutlined aria-hidden="true" />}
              loading={save.isPending && save.variables?.index === index}
              aria-label={t('files.saveNamed', { name: file.filename || t('files.unnamed') })}
              onClick={() => save.mutate({ id: email.id, index, ...record })}
            >
              {t('files.save')}
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The deals an e-mail is on (by the one-open-deal rule or a member), and "link to deal" among its contacts' open deals. */
export function EmailDeals({ orgId, email }: { orgId: string; email: Email }) {
  const { t } = useTranslation('mailboxes');
  const [picking, setPicking] = useState(false);
  const options = useEmailDealOptions(orgId, email.id, picking);
  const link = useLinkEmailDeal(orgId, t('deals.saved'));
  const readable = email.html !== null || email.text !== null;
  const choices = (options.data ?? []).filter((deal) => !deal.linked);
  const picker = (
    <Space orientation="vertical" size={4} className="email-deals__picker">
      {options.isPending ? <Typography.Text type="secondary">{t('deals.loading')}</Typography.Text> : null}
      {options.data && choices.length === 0 ? <Typography.Text type="secondary">{t('deals.none')}</Typography.Text> : null}
      {choices.map((deal) => (
        <Button
          key={deal.id}
          block
          className="email-deals__choice"
          onClick={() => link.mutate({ id: email.id, dealId: deal.id, linked: true }, { onSuccess: () => setPicking(false) })}
        >
          {t('deals.choice', { deal: deal.name, contact: deal.contactName })}
        </Button>
      ))}
    </Space>
  );
  if (email.deals.length === 0 && !readable) return null;
  return (
    <Space wrap size={4} className="email-deals">
      {email.deals.map((deal) => (
        <Tag
          key={deal.id}
          className="mail-tag"
          closable={readable}
          closeIcon={readable ? <span aria-label={t('deals.unlink', { deal: deal.name })}>×</span> : undefined}
          onClose={(event) => {
            event.preventDefault();
            link.mutate({ id: email.id, dealId: deal.id, linked: false });
          }}
        >
          <Link to={`/${orgId}/deal/detail/${deal.id}`}>{t(deal.via === 'auto' ? 'deals.onAuto' : 'deals.on', { deal: deal.name })}</Link>
        </Tag>
      ))}
      {readable ? (
        <Popover trigger="click" open={picking} onOpenChange={setPicking} title={t('deals.pickTitle')} content={picker}>
          <Button size="small" icon={<LinkOutlined aria-hidden="true" />}>
            {t('deals.link')}
          </Button>
        </Popover>
      ) : null}
    </Space>
  );
}
