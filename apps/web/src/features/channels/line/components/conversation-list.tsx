import { Badge, Card, Input, List, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LineConversation } from '@lodestar/contract';
import { formatDateTime } from '../../../../shared/format/when.ts';
import { FriendAvatar } from './friend-avatar.tsx';

interface Props {
  orgId: string;
  items: LineConversation[];
  selectedId: string | undefined;
  keyword: string;
  onKeyword: (keyword: string) => void;
}

/** Newest first, with unread counts and a search over names and the last message. */
export function ConversationList({ orgId, items, selectedId, keyword, onKeyword }: Props) {
  const { t } = useTranslation('line');
  return (
    <Card className="social-line__list" size="small">
      <Input.Search value={keyword} onChange={(event) => onKeyword(event.target.value)} placeholder={t('social.search')} aria-label={t('social.search')} allowClear />
      <nav aria-label={t('social.conversations')}>
        <List
          dataSource={items}
          locale={{ emptyText: t('social.noMatch') }}
          renderItem={(item) => (
            <List.Item className={`line-conversation${item.id === selectedId ? ' line-conversation--selected' : ''}`}>
              <Link to={`/${orgId}/social/line/${item.id}`} className="line-conversation__link" aria-current={item.id === selectedId ? 'page' : undefined}>
                <Badge count={item.unread} size="small" aria-label={t('social.unread', { count: item.unread })}>
                  <FriendAvatar name={item.displayName} pictureUrl={item.pictureUrl} />
                </Badge>
                <span className="line-conversation__text">
                  <span className="line-conversation__head">
                    <Typography.Text strong ellipsis>
                      {item.displayName}
                    </Typography.Text>
                    <Typography.Text type="secondary" className="line-conversation__when">
                      {formatDateTime(item.lastMessageAt)}
                    </Typography.Text>
                  </span>
                  <Typography.Text type="secondary" ellipsis className="line-conversation__preview">
                    {item.status === 'unfollowed' ? <Tag>{t('social.unfollowed')}</Tag> : null}
                    {item.lastMessage ?? (item.lastMessageKind ? t(`kinds.${item.lastMessageKind}`) : '')}
                  </Typography.Text>
                </span>
              </Link>
            </List.Item>
          )}
        />
      </nav>
    </Card>
  );
}
