import '../line.css';
import { useState } from 'react';
import { Alert, Button, Card, Empty, Typography } from 'antd';
import { ApartmentOutlined, NotificationOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../../shared/permissions.ts';
import { ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { useDebouncedValue } from '../../../../shared/use-debounced-value.ts';
import { useLineConversations } from '../line.api.ts';
import { ConversationList } from '../components/conversation-list.tsx';
import { ConversationPane } from '../components/conversation-pane.tsx';

/** /{orgId}/social/line[/{id}]: conversations with the official account's friends, newest first, and one open. */
export function SocialLinePage() {
  const { t } = useTranslation('line');
  usePageTitle(t('social.title'));
  const { orgId = '', conversationId } = useParams();
  const [keyword, setKeyword] = useState('');
  const search = useDebouncedValue(keyword.trim(), 300);
  const list = useLineConversations(orgId, search);
  const { isSystemAdministrator } = usePermissions(orgId);

  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  if (!list.data) return <LoadingState />;
  const { quota, items } = list.data;
  const empty = items.length === 0 && !search;

  return (
    <div className="social-line">
      <div className="social-line__head">
        <Typography.Title level={1} className="social-line__title">
          {t('social.title')}
        </Typography.Title>
        <div className="social-line__links">
          <Link to={`/${orgId}/social/line/segments`}>
            <Button icon={<NotificationOutlined aria-hidden="true" />}>{t('segments.title')}</Button>
          </Link>
          {isSystemAdministrator ? (
            <Link to={`/${orgId}/settings/channel/line/routing`}>
              <Button icon={<ApartmentOutlined aria-hidden="true" />}>{t('routing.title')}</Button>
            </Link>
          ) : null}
        </div>
      </div>
      {quota ? (
        <Typography.Text type="secondary" className="social-line__quota">
          {quota.limit === null ? t('social.quotaUnlimited', { used: quota.used.toLocaleString() }) : t('social.quota', { used: quota.used.toLocaleString(), limit: quota.limit.toLocaleString() })}
        </Typography.Text>
      ) : null}
      {empty ? (
        <Card>
          <Empty description={t('social.empty')}>
            {isSystemAdministrator ? (
              <Link to={`/${orgId}/settings/channel/line`}>
                <Button type="primary">{t('social.setUp')}</Button>
              </Link>
            ) : (
              <Alert type="info" message={t('social.askAdmin')} />
            )}
          </Empty>
        </Card>
      ) : (
        <div className={conversationId ? 'social-line__panes social-line__panes--open' : 'social-line__panes'}>
          {conversationId ? (
            <Link className="social-line__back" to={`/${orgId}/social/line`}>
              {t('social.back')}
            </Link>
          ) : null}
          <ConversationList orgId={orgId} items={items} selectedId={conversationId} keyword={keyword} onKeyword={setKeyword} />
          {conversationId ? (
            <ConversationPane key={conversationId} orgId={orgId} id={conversationId} />
          ) : (
            <Card className="social-line__placeholder">
              <Empty description={t('social.pick')} />
            </Card>
          )}
        </div>
      )}
    </div>
  );
}
