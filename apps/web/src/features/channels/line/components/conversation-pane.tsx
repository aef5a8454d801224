import { useEffect, useRef, useState } from 'react';
import { Button, Card, Input, Popconfirm, Space, Tag, Typography } from 'antd';
import { CloseOutlined, DisconnectOutlined, LinkOutlined, SendOutlined, UserAddOutlined, UserSwitchOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../../shared/permissions.ts';
import { ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { touchQuery, useMediaQuery } from '../../../../shared/ui/use-media-query.ts';
import { ContactPicker } from '../../../records/contacts/index.ts';
import { OrganizationUserSelect } from '../../../access/members/index.ts';
import { useAssignLineOwner, useLineConversation, useLinkLineContact, useSendLineMessage, useTakeOverLine, useUnlinkLineContact } from '../line.api.ts';
import { ContactContext } from './contact-context.tsx';
import { SavedRepliesButton } from './saved-replies.tsx';
import { FriendAvatar } from './friend-avatar.tsx';
import { MessageItem } from './message-item.tsx';
import { AttachButtons } from './attach-buttons.tsx';

/** One conversation: who it is (contact, owner), the messages, and the reply box. */
export function ConversationPane({ orgId, id }: { orgId: string; id: string }) {
  const { t } = useTranslation('line');
  // No keyboard shortcut to mention under a finger.
  const isTouch = useMediaQuery(touchQuery);
  const view = useLineConversation(orgId, id);
  const { can } = usePermissions(orgId);
  const send = useSendLineMessage(orgId, id);
  const link = useLinkLineContact(orgId, id, t('conversation.linked'));
  const assign = useAssignLineOwner(orgId, id, t('conversation.assigned'));
  const unlink = useUnlinkLineContact(orgId, id, t('conversation.unlinked'));
  const takeOver = useTakeOverLine(orgId, id, t('conversation.tookOver'));
  const [text, setText] = useState('');
  // A saved reply's quick-reply buttons, sent with the next message (removable one by one).
  const [quickReplies, setQuickReplies] = useState<string[]>([]);
  const [picking, setPicking] = useState(false);
  const bottom = useRef<HTMLLIElement>(null);
  const count = view.data?.messages.length ?? 0;
  // A block body: newer browsers answer scrollIntoView with a promise, which React would take for a cleanup.
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [count]);

  if (view.isError) return <ErrorState error={view.error} onRetry={() => void view.refetch()} />;
  if (!view.data) return <LoadingState />;
  const { conversation, messages } = view.data;

  const submit = () => {
    const body = text.trim();
    if (!body) return;
    void send.mutateAsync({ text: body, ...(quickReplies.length > 0 ? { quickReplies } : {}) }).then(() => {
      setText('');
      setQuickReplies([]);
    }, () => undefined);
  };

  return (
    <Card
      className="social-line__conversation"
      size="small"
      title={
        <Space>
          <FriendAvatar name={conversation.displayName} pictureUrl={conversation.pictureUrl} size={32} />
          <Typography.Title level={2} className="line-conversation__name">
            {conversation.displayName}
          </Typography.Title>
          {conversation.status === 'unfollowed' ? <Tag color="red">{t('social.unfollowed')}</Tag> : null}
        </Space>
      }
    >
      <div className="line-conversation__tools">
        <Space wrap>
          <Typography.Text type="secondary">{t('conversation.contact')}</Typography.Text>
          {conversation.contact ? (
            <Link to={`/${orgId}/contact/detail/${conversation.contact.id}`}>{conversation.contact.name}</Link>
          ) : (
            <Typography.Text type="secondary">{t('conversation.noContact')}</Typography.Text>
          )}
          {can('social', 'edit') ? (
            <>
              <Button size="small" icon={<LinkOutlined aria-hidden="true" />} onClick={() => setPicking(true)}>
                {conversation.contact ? t('conversation.relink') : t('conversation.link')}
              </Button>
              {conversation.contact ? (
                <Popconfirm title={t('conversation.unlinkConfirm')} okText={t('conversation.unlink')} cancelText={t('cancel')} onConfirm={() => unlink.mutateAsync(undefined).catch(() => undefined)}>
                  <Button size="small" icon={<DisconnectOutlined aria-hidden="true" />}>
                    {t('conversation.unlink')}
                  </Button>
                </Popconfirm>
              ) : (
                <Button size="small" icon={<UserAddOutlined aria-hidden="true" />} onClick={() => void link.mutateAsync({ create: true }).catch(() => undefined)}>
                  {t('conversation.createContact')}
                </Button>
              )}
            </>
          ) : null}
        </Space>
        <Space>
          <label htmlFor="line-owner">
            <Typography.Text type="secondary">{t('conversation.owner')}</Typography.Text>
          </label>
          <OrganizationUserSelect
            orgId={orgId}
            id="line-owner"
            value={conversation.owner?.userId ?? null}
            disabled={!can('social', 'transfer')}
            placeholder={t('conversation.unassigned')}
            onChange={(userId) => void assign.mutateAsync(userId).catch(() => undefined)}
          />
        </Space>
      </div>
      {conversation.contact ? <ContactContext orgId={orgId} contactId={conversation.contact.id} /> : null}
      <ol className="line-messages" aria-label={t('conversation.messages')}>
        {messages.map((message) => (
          <MessageItem key={message.id} message={message} friendName={conversation.displayName} />
        ))}
        <li ref={bottom} aria-hidden="true" className="line-messages__end" />
      </ol>
      {can('social', 'create') && !conversation.canReply ? (
        <div className="line-reply__hint">
          <Typography.Text type="secondary">{t('conversation.readOnly', { name: conversation.owner?.name ?? '' })}</Typography.Text>
          <Button icon={<UserSwitchOutlined aria-hidden="true" />} loading={takeOver.isPending} onClick={() => void takeOver.mutateAsync(undefined).catch(() => undefined)}>
            {t('conversation.takeOver')}
          </Button>
        </div>
      ) : null}
      {can('social', 'create') && conversation.canReply && conversation.status !== 'unfollowed' ? (
        <div className="line-reply__tools">
          <SavedRepliesButton
            orgId={orgId}
            conversationId={id}
            canManage={can('social', 'edit')}
            onPick={(filled, buttons) => {
              setText(filled);
              setQuickReplies(buttons);
            }}
          />
          {quickReplies.length > 0 ? (
            <span className="line-reply__quick" aria-label={t('saved.quickReplies')}>
              {quickReplies.map((label) => (
                <Tag key={label} closable closeIcon={<CloseOutlined aria-label={t('saved.removeQuick', { label })} />} onClose={() => setQuickReplies((all) => all.filter((l) => l !== label))}>
                  {label}
                </Tag>
              ))}
            </span>
          ) : null}
        </div>
      ) : null}
      {can('social', 'create') && conversation.canReply ? (
        <div className="line-reply">
          <AttachButtons orgId={orgId} conversationId={id} disabled={conversation.status === 'unfollowed'} />
          <Input.TextArea
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
            }}
            maxLength={5000}
            autoSize={{ minRows: 2, maxRows: 6 }}
            placeholder={conversation.status === 'unfollowed' ? t('conversation.cannotSend') : t(isTouch ? 'conversation.placeholderTouch' : 'conversation.placeholder')}
            aria-label={t('conversation.reply')}
            disabled={conversation.status === 'unfollowed'}
          />
          <Button type="primary" icon={<SendOutlined aria-hidden="true" />} loading={send.isPending} disabled={!text.trim() || conversation.status === 'unfollowed'} onClick={submit}>
            {t('conversation.send')}
          </Button>
        </div>
      ) : null}
      <ContactPicker
        orgId={orgId}
        open={picking}
        onClose={() => setPicking(false)}
        onPick={(row) => {
          setPicking(false);
          void link.mutateAsync({ contactId: row.id }).catch(() => undefined);
        }}
      />
    </Card>
  );
}
