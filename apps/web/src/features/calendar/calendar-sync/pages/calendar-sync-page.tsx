import { Alert, Space, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { storedOrgId } from '../../../../shared/api-client.ts';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { useCalendarFeed, useRegenerateFeed, useRevokeFeed } from '../calendar-sync.api.ts';
import { FeedCard } from '../components/feed-card.tsx';
import { CalendarSyncProviders } from '../components/calendar-sync-providers.tsx';

const outcomes = ['connected', 'denied', 'failed', 'invalid'] as const;

/** /account/calendarSync: the user's own Google / Outlook connections and ICS feed in the current workspace. */
export function CalendarSyncPage() {
  const { t } = useTranslation('calendar-sync');
  usePageTitle(t('title'));
  const orgId = storedOrgId() ?? '';
  const [params] = useSearchParams();
  const feed = useCalendarFeed(orgId);
  const regenerate = useRegenerateFeed(orgId, feed.data?.url ? t('feed.made') : t('feed.created'));
  const revoke = useRevokeFeed(orgId, t('feed.revoked'));
  const outcome = outcomes.find((value) => value === params.get('outcome'));
  const outcomeProvider = params.get('provider') === 'outlook' ? 'outlook' : 'google';

  return (
    <Space orientation="vertical" size="large" className="calendar-sync-page">
      <div>
        <Typography.Title level={1} className="page-title">
          {t('title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      </div>
      {outcome ? (
        <Alert
          type={outcome === 'connected' ? 'success' : 'error'}
          showIcon
          closable
          title={t(`outcome.${outcome}`, { name: t(`providers.${outcomeProvider}`) })}
        />
      ) : null}
      <CalendarSyncProviders orgId={orgId} />
      <FeedCard url={feed.data?.url} busy={regenerate.isPending} onRegenerate={() => regenerate.mutate(undefined)} onRevoke={() => revoke.mutateAsync(undefined)} />
    </Space>
  );
}
