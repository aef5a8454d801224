import { Button } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format/when.ts';
import { ItemList, ItemMeta } from '../../../../shared/ui/item-list.tsx';
import { PanelCard } from '../../../../shared/ui/panel-card.tsx';
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
    <PanelCard
      testId="recent-contacts"
      title={<h2 className="card-title">{t('recent.title')}</h2>}
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
        <ItemList
          items={items}
          itemKey={(contact) => contact.id}
          renderItem={(contact) => (
            <ItemMeta
              avatar={<UserAvatar avatar={null} name={contact.name} size={32} />}
              title={<Link to={`/${orgId}/contact/detail/${contact.id}`}>{contact.name}</Link>}
              description={[contact.companyName, contact.ownerName].filter(Boolean).join(' · ') || null}
              extra={<span className="text-secondary">{formatDateTime(contact.createdAt)}</span>}
            />
          )}
        />
      ) : null}
    </PanelCard>
  );
}
