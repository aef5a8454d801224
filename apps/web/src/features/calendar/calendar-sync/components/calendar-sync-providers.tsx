import type { CalendarProvider, CalendarSyncAccount } from '@lodestar/contract';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import {
  useCalendarSyncOverview,
  useChooseCalendars,
  useConnectCalendar,
  useDisconnectCalendar,
  useProviderCalendars,
  useSetSyncType,
  useSyncNow,
} from '../calendar-sync.api.ts';
import { ProviderCard } from './provider-card.tsx';

/** The user's Google and Outlook connections in the workspace (the calendar sync page and the first-run guide). */
export function CalendarSyncProviders({ orgId }: { orgId: string }) {
  const overview = useCalendarSyncOverview(orgId);
  if (overview.isPending) return <LoadingState />;
  if (overview.isError) return <ErrorState error={overview.error} onRetry={() => void overview.refetch()} />;
  return (
    <Space orientation="vertical" size="large" className="full-width">
      {overview.data.providers.map((entry) => (
        <ConnectedProvider key={entry.provider} orgId={orgId} provider={entry.provider} configured={entry.configured} account={entry.account} />
      ))}
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
