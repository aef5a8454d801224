import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calendarSyncEndpoints as api, type CalendarProvider, type CalendarSyncType } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { calendarSyncKeys } from '../query-keys.ts';

/** Polls while an account is syncing, so "syncing…" turns into the outcome without a reload. */
export function useCalendarSyncOverview(orgId: string) {
  return useQuery({
    queryKey: calendarSyncKeys.overview(orgId),
    queryFn: ({ signal }) => call(api.overview, { orgId, signal }),
    refetchInterval: (query) => (query.state.data?.providers.some((p) => p.account?.status === 'syncing') ? 2000 : false),
  });
}

export function useProviderCalendars(orgId: string, provider: CalendarProvider, enabled: boolean) {
  return useQuery({
    queryKey: calendarSyncKeys.calendars(orgId, provider),
    queryFn: ({ signal }) => call(api.calendars, { params: { provider }, orgId, signal }),
    enabled,
  });
}

/** Fetches the consent URL and leaves for the provider (it comes back to /account/calendarSync). */
export function useConnectCalendar(orgId: string) {
  return useMutation({
    mutationFn: (provider: CalendarProvider) => call(api.authorize, { params: { provider }, orgId, successMessage: false, overlay: true }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

function useAccountMutation<T>(orgId: string, run: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarSyncKeys.all(orgId) }),
  });
}

export function useChooseCalendars(orgId: string, provider: CalendarProvider, successMessage: string) {
  return useAccountMutation(orgId, (calendarIds: string[]) => call(api.chooseCalendars, { params: { provider }, orgId, body: { calendarIds }, successMessage }));
}

export function useSetSyncType(orgId: string, provider: CalendarProvider, successMessage: string) {
  return useAccountMutation(orgId, (syncType: CalendarSyncType) => call(api.setSyncType, { params: { provider }, orgId, body: { syncType }, successMessage }));
}

export function useSyncNow(orgId: string, provider: CalendarProvider, successMessage: string) {
  return useAccountMutation(orgId, () => call(api.syncNow, { params: { provider }, orgId, successMessage, overlay: false }));
}

export function useDisconnectCalendar(orgId: string, provider: CalendarProvider, successMessage: string) {
  return useAccountMutation(orgId, () => call(api.cancel, { params: { provider }, orgId, successMessage }));
}

export function useCalendarFeed(orgId: string) {
  return useQuery({
    queryKey: calendarSyncKeys.feed(orgId),
    queryFn: ({ signal }) => call(api.feed, { orgId, signal }),
  });
}

export function useRegenerateFeed(orgId: string, successMessage: string) {
  return useAccountMutation(orgId, () => call(api.regenerateFeed, { orgId, successMessage }));
}

export function useRevokeFeed(orgId: string, successMessage: string) {
  return useAccountMutation(orgId, () => call(api.revokeFeed, { orgId, successMessage }));
}
