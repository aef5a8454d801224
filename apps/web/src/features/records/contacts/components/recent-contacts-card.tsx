import { Button, Card, List, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format/when.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { UserAvatar } from '../../../../shared/ui/user-avatar.tsx';
import { useRecentContacts } from '../contacts.api.ts';

/** The home page's "clients added this week" (GET customerRecently/week), newest first. */
export function RecentContactsCard({ orgId }: { orgId: string }) {
  const { t } = useTranslation('contacts');
  const recent = useRecentContacts(orgId);
  const items = recent.data?.items ?? [];
  return (
    <Card
      data-testid="recent-contacts"
      title={<Typography.Title level={2} className="card-title">{t('recent.title')}</Typography.Title>}
      extra={recent.data && recent.data.count > 0 ? <Typography.Text type="secondary">{t('recent.count', { count: recent.data.count })}</Typography.Text> : null}
    >
      {recent.isLoading ? <LoadingState /> : null}
      {recent.isError ? <ErrorState error={recent.error} onRetry={() => void recent.refetch()} /> : null}
      {recent.isSuccess && items.length === 0 ? (
        <EmptyState
          description={t('recent.empty')}
          action={
            <Link to={`/${orgId}/contact/list`}>
              <Button type="primary">{t('recent.toList')}</Button>
            </Link>
          }
        />
      ) : null}
      {items.length > 0 ? (
        <List
          dataSource={items}
          renderItem={(contact) => (
            <List.Item key={contact.id} extra={<Typography.Text type="secondary">{formatDateTime(contact.createdAt)}</Typography.Text>}>
              <List.Item.Meta
                avatar={<UserAvatar avatar={null} name={contact.name} size={32} />}
                title={<Link to={`/${orgId}/contact/detail/${contact.id}`}>{contact.name}</Link>}
                description={[contact.companyName, contact.ownerName].filter(Boolean).join(' · ') || null}
              />
            </List.Item>
          )}
        />
      ) : null}
    </Card>
  );
}
