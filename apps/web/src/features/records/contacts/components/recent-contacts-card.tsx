import { Button, Card, List, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format/when.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { UserAvatar } from '../../../../shared/ui/user-avatar.tsx';
import { useRecentContacts } from '../contacts.api.ts';

/** How many of the week's clients the home card lists; the rest are one "see all" away. */
export const recentContactsShown = 5;

/** The home page's "clients added this week" (GET customerRecently/week), newest first: the first five and a link to the list. */
export function RecentContactsCard({ orgId }: { orgId: string }) {
  const { t } = useTranslation('contacts');
  const recent = useRecentContacts(orgId);
  const items = (recent.data?.items ?? []).slice(0, recentContactsShown);
  return (
    <Card
      data-testid="recent-contacts"
      title={<Typography.Title level={2} className="card-title">{t('recent.title')}</Typography.Title>}
      extra={
        recent.data && recent.data.count > 0 ? (
          <Link to={`/${orgId}/contact/list`} data-testid="recent-contacts-all">
            {t('recent.seeAll', { count: recent.data.count })}
          </Link>
        ) : null
      }
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
