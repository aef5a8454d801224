import { useState } from 'react';
import { Typography } from 'antd';
import { FileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SavedAttachment } from '@lodestar/contract';
import { formatDateTime } from '../../../../shared/format/when.ts';
import { downloadSavedAttachment, useSavedAttachments, type MailRecordType } from '../mailboxes.api.ts';
import { formatSize } from './email-extras.tsx';

/**
 * The record's files kept from e-mail ("Save to record"): they stay when the message or its mailbox is removed, so
 * each names the e-mail it came from by subject. Nothing shows until one was saved.
 */
export function SavedAttachments({ orgId, entityType, entityId }: { orgId: string; entityType: MailRecordType; entityId: string }) {
  const { t } = useTranslation('mailboxes');
  const saved = useSavedAttachments(orgId, entityType, entityId);
  const [opening, setOpening] = useState<string | null>(null);
  if (!saved.data || saved.data.length === 0) return null;
  const open = async (file: SavedAttachment) => {
    setOpening(file.id);
    try {
      await downloadSavedAttachment(orgId, file);
    } catch {
      // apiDownload has said what went wrong.
    } finally {
      setOpening(null);
    }
  };
  return (
    <section className="record-mail__saved" aria-labelledby={`saved-files-${entityId}`}>
      <Typography.Title level={3} className="record-mail__saved-title" id={`saved-files-${entityId}`}>
        {t('files.savedTitle', { count: saved.data.length })}
      </Typography.Title>
      <ul className="email-files" data-testid="saved-attachments">
        {saved.data.map((file) => (
          <li key={file.id} className="email-files__item">
            <FileOutlined aria-hidden="true" />
            <button type="button" className="email-files__open" disabled={opening === file.id} aria-busy={opening === file.id} onClick={() => void open(file)} aria-label={t('files.openSaved', { name: file.filename })}>
              {file.filename}
            </button>
            <Typography.Text type="secondary">
              {formatSize(file.size)} · {t('files.savedFrom', { subject: file.subject || t('mail.noSubject'), name: file.savedBy, when: formatDateTime(file.savedAt) })}
            </Typography.Text>
          </li>
        ))}
      </ul>
    </section>
  );
}
