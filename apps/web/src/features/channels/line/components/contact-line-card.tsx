import { useState } from 'react';
import { Button, Card, List, Modal, Tag, Typography } from 'antd';
import { QrcodeOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LineBindCode, SummaryConversation, SummaryEntityType } from '@lodestar/contract';
import { formatDateTime } from '../../../../shared/format/when.ts';
import { useRecordSummary } from '../../../records/notes/index.ts';
import { useLineBindCode } from '../line.api.ts';
import { FriendAvatar } from './friend-avatar.tsx';
import '../line.css';

function messageText(t: (key: string) => string, message: SummaryConversation['messages'][number]): string {
  return message.text ?? t(`kinds.${message.kind}`);
}

/** The binding code dialog: the code, how the customer uses it, until when. */
function BindCodeDialog({ code, onClose }: { code: LineBindCode | null; onClose: () => void }) {
  const { t } = useTranslation('line');
  return (
    <Modal open={code !== null} title={t('bind.title')} onCancel={onClose} footer={<Button onClick={onClose}>{t('bind.close')}</Button>}>
      {code ? (
        <div className="line-bind">
          <Typography.Paragraph>{t('bind.howTo')}</Typography.Paragraph>
          <Typography.Text className="line-bind__code" copyable={{ text: code.code, tooltips: [t('bind.copy'), t('bind.copied')] }} data-testid="line-bind-code">
            {code.code}
          </Typography.Text>
          <Typography.Paragraph type="secondary">{t('bind.expires', { when: formatDateTime(code.expiresAt) })}</Typography.Paragraph>
          {code.addFriendUrl ? (
            <Typography.Paragraph>
              {t('bind.addFriend')}{' '}
              <Typography.Link href={code.addFriendUrl} target="_blank" rel="noreferrer" copyable={{ text: code.addFriendUrl, tooltips: [t('bind.copy'), t('bind.copied')] }}>
                {code.addFriendUrl}
              </Typography.Link>
            </Typography.Paragraph>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}

/**
 * A contact's LINE conversation on its page (shared/extension-points.tsx `RecordConversation`): the friend, the
 * latest messages and the way to the thread; an unlinked contact offers a one-time binding code.
 */
export function ContactLineCard({ orgId, entityType, entityId }: { orgId: string; entityType: SummaryEntityType; entityId: string }) {
  const { t } = useTranslation('line');
  const summary = useRecordSummary(orgId, entityType, entityId);
  const bind = useLineBindCode(orgId);
  const [code, setCode] = useState<LineBindCode | null>(null);
  const conversation = summary.data?.conversation;
  if (!conversation) return null;
  const friend = conversation.friend;
  const title = (
    <Typography.Title level={2} className="side-title">
      {t('card.title')}
    </Typography.Title>
  );
  if (!friend) {
    return (
      <Card size="small" className="story-card line-card" data-testid="contact-line" title={title}>
        <Typography.Paragraph type="secondary">{t('card.notLinked')}</Typography.Paragraph>
        {conversation.canLink ? (
          <Button icon={<QrcodeOutlined aria-hidden="true" />} loading={bind.isPending} onClick={() => void bind.mutateAsync(entityId).then(setCode, () => undefined)}>
            {t('bind.get')}
          </Button>
        ) : null}
        <BindCodeDialog code={code} onClose={() => setCode(null)} />
      </Card>
    );
  }
  const thread = `/${orgId}/social/line/${friend.conversationId}`;
  return (
    <Card
      size="small"
      className="story-card line-card"
      data-testid="contact-line"
      title={title}
      extra={<Link to={thread}>{t('card.open', { count: conversation.total })}</Link>}
    >
      <div className="line-card__friend">
        <FriendAvatar name={friend.displayName} pictureUrl={friend.pictureUrl} size={32} />
        <div className="line-card__who">
          <Typography.Text strong>{friend.displayName}</Typography.Text>
          <Typography.Text type="secondary">{friend.owner ? t('card.owner', { name: friend.owner }) : t('conversation.unassigned')}</Typography.Text>
        </div>
        {friend.status === 'unfollowed' ? <Tag color="red">{t('social.unfollowed')}</Tag> : null}
      </div>
      <List
        size="small"
        dataSource={conversation.messages}
        locale={{ emptyText: t('card.noMessages') }}
        renderItem={(message) => (
          <List.Item className={`line-card__message line-card__message--${message.direction}`}>
            <span className="line-card__text">{messageText(t, message)}</span>
            <span className="muted line-card__when">{formatDateTime(message.createdAt)}</span>
          </List.Item>
        )}
      />
    </Card>
  );
}
