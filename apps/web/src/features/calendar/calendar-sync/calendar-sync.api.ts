import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed, CalendarProvider, CalendarSyncAccount, CalendarSyncOverview, CalendarSyncType, ProviderCalendar } from '@lodestar/contract';
import { apiRequest } from '../../../shared/api-client.ts';

export const calendarSyncKeys = {
  overview: (orgId: string) => ['calendar-sync', orgId, 'overview'] as const,
  calendars: (orgId: string, provider: CalendarProvider) => ['calendar-sync', orgId, provider, 'calendars'] as const,
  feed: (orgId: string) => ['calendar-sync', orgId, 'feed'] as const,
};

/** Polls while an account is syncing, so "syncing…" turns into the outcome without a reload. */
export function useCalendarSyncOverview(orgId: string) {
  return useQuery({
    queryKey: calendarSyncKeys.overview(orgId),
    queryFn: ({ signal }) => apiRequest<CalendarSyncOverview>('/calendar/sync', { orgId, signal }),
    refetchInterval: (query) => (query.state.data?.providers.some((p) => p.account?.status === 'syncing') ? 2000 : false),
  });
}

export function useProviderCalendars(orgId: string, provider: CalendarProvider, enabled: boolean) {
  return useQuery({
    queryKey: calendarSyncKeys.calendars(orgId, provider),
    queryFn: ({ signal }) => apiRequest<ProviderCalendar[]>(`/calendar/${provider}/calendars`, { orgId, signal }),
    enabled,
  });
}

/** Fetches the consent URL and leaves for the provider (it comes back to /account/calendarSync). */
export function useConnectCalendar(orgId: string) {
  return useMutation({
    mutationFn: (provider: CalendarProvider) =>
      apiRequest<{ url: string }>(`/calendar/${provider}/authorize`, { orgId, successMessage: false, overlay: true }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

function useAccountMutation<T>(orgId: string, run: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['calendar-sync', orgId] }),
  });
}

export function useChooseCalendars(orgId: string, provider: CalendarProvider, successMessage: string) {
  return useAccountMutation(
    orgId,
    (calendarIds: string[]) => apiRequest<CalendarSyncAccount>(`/calendar/${provider}/calendars`, { method: 'PUT', orgId, body: { calendarIds }, successMessage })
  );
}

export function useSetSyncType(orgId: string, provider: CalendarProvider, successMessage: string) {
  return useAccountMutation(
    orgId,
    (syncType: CalendarSyncType) => apiRequest<CalendarSyncAccount>(`/calendar/${provider}/synctype`, { method: 'PUT', orgId, body: { syncType }, successMessage })
  );
}

export function useSyncNow(orgId: string, provider: CalendarProvider, successMessage: string) {
  return useAccountMutation(
    orgId,
    () => apiRequest<CalendarSyncAccount>(`/calendar/${provider}/sync`, { method: 'POST', orgId, successMessage, overlay: false })
  );
}

export function useDisconnectCalendar(orgId: string, provider: CalendarProvider, successMessage: string) {
  return useAccountMutation(orgId, () => apiRequest<null>(`/calendar/${provider}/cancel`, { method: 'DELETE', orgId, successMessage }));
}

export function useCalendarFeed(orgId: string) {
  return useQuery({
    queryKey: calendarSyncKeys.feed(orgId),
    queryFn: ({ signal }) => apiRequest<CalendarFeed>('/calendar-feed', { orgId, signal }),
  });
}

export function useRegenerateFeed(orgId: string, successMessage: string) {
  return useAccountMutation(orgId, () => apiRequest<CalendarFeed>('/calendar-feed', { method: 'POST', orgId, successMessage }));
}

export function useRevokeFeed(orgId: string, successMessage: string) {
  return useAccountMutation(orgId, () => apiRequest<null>('/calendar-feed', { method: 'DELETE', orgId, successMessage }));
}
