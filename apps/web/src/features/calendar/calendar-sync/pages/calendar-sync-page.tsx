import { Alert, Space, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CalendarProvider, CalendarSyncAccount } from '@lodestar/contract';
import { storedOrgId } from '../../../../shared/api-client.ts';
import { ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import {
  useCalendarFeed,
  useCalendarSyncOverview,
  useChooseCalendars,
  useConnectCalendar,
  useDisconnectCalendar,
  useProviderCalendars,
  useRegenerateFeed,
  useRevokeFeed,
  useSetSyncType,
  useSyncNow,
} from '../calendar-sync.api.ts';
import { FeedCard } from '../components/feed-card.tsx';
import { ProviderCard } from '../components/provider-card.tsx';

const outcomes = ['connected', 'denied', 'failed', 'invalid'] as const;

/** /account/calendarSync: the user's own Google / Outlook connections and ICS feed in the current workspace. */
export function CalendarSyncPage() {
  const { t } = useTranslation('calendar-sync');
  usePageTitle(t('title'));
  const orgId = storedOrgId() ?? '';
  const [params] = useSearchParams();
  const overview = useCalendarSyncOverview(orgId);
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
      {overview.isPending ? (
        <LoadingState />
      ) : overview.isError ? (
        <ErrorState error={overview.error} onRetry={() => void overview.refetch()} />
      ) : (
        overview.data.providers.map((entry) => (
          <ConnectedProvider key={entry.provider} orgId={orgId} provider={entry.provider} configured={entry.configured} account={entry.account} />
        ))
      )}
      <FeedCard url={feed.data?.url} busy={regenerate.isPending} onRegenerate={() => regenerate.mutate(undefined)} onRevoke={() => revoke.mutateAsync(undefined)} />
    </Space>
  );
}

function ConnectedProvider({ orgId, provider, configured, account }: { orgId: string; provider: CalendarProvider; configured: boolean; account: CalendarSyncAccount | null }) {
  const { t } = useTranslation('calendar-sync');
  const calendars = useProviderCalendars(orgId, provider, configured && account !== null);
  const connect = useConnectCalendar(orgId);
  const choose = useChooseCalendars(orgId, provider, t('saved'));
  const syncType = useSetSyncType(orgId, provider, t('saved'));
  const syncNow = useSyncNow(orgId, provider, t('synced'));
  const disconnect = useDisconnectCalendar(orgId, provider, t('disconnected'));
  return (
    <ProviderCard
      provider={provider}
      configured={configured}
      account={account}
      calendars={calendars.data}
      calendarsLoading={calendars.isPending && calendars.fetchStatus !== 'idle'}
      busy={{ connect: connect.isPending, sync: syncNow.isPending }}
      onConnect={() => connect.mutate(provider)}
      onChooseCalendars={(ids) => choose.mutate(ids)}
      onSyncType={(value) => syncType.mutate(value)}
      onSyncNow={() => syncNow.mutate(undefined)}
      onDisconnect={() => disconnect.mutateAsync(undefined)}
    />
  );
}
