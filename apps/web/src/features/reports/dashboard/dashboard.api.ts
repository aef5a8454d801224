import { queryOptions, useQuery } from '@tanstack/react-query';
import { contactsEndpoints, dealsEndpoints, monthRange, schedulesEndpoints } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { dashboardKeys } from '../query-keys.ts';

/**
 * The home dashboard reads what the owning contexts already answer: the deal list with its drill-down filters,
 * the day's calendar, the reminders and the caller's monthly targets. Nothing here is computed in the browser
 * beyond picking this month out of the year. The `…Query` options are also the home page's start preload
 * (features/shell/home/home.api.ts).
 */

/** The deal cards' filters (the same filter each card's "see all" link opens), from today's date (YYYY-MM-DD). */
export function dashboardDealFilters(today: string): { stalled: Record<string, string>; expected: Record<string, string> } {
  const month = monthRange(Number(today.slice(0, 4)), Number(today.slice(5, 7)));
  return {
    stalled: { status: 'developing', stalled: 'true' },
    expected: { status: 'developing', estimatedFrom: month.from, estimatedTo: month.to },
  };
}

/** A few deals of the deal list for a filter (the same filter the card's "see all" link opens). */
export function dashboardDealsQuery(orgId: string, kind: string, query: Record<string, string>) {
  return queryOptions({
    queryKey: dashboardKeys.deals(orgId, kind, query),
    queryFn: ({ signal }) => call(dealsEndpoints.list, { orgId, query: { ...query, limit: 5 } as never, signal }),
  });
}

export function useDashboardDeals(orgId: string, kind: string, query: Record<string, string>, enabled: boolean) {
  return useQuery({ ...dashboardDealsQuery(orgId, kind, query), enabled });
}

/** Whether the workspace holds any contact the caller can see (one row of the contact list; its first page carries the total). */
export function useAnyContact(orgId: string, enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.anyContact(orgId),
    queryFn: ({ signal }) => call(contactsEndpoints.list, { orgId, query: { limit: 1 } as never, signal }),
    enabled,
  });
}

export function todaySchedulesQuery(orgId: string, date: string) {
  return queryOptions({
    queryKey: dashboardKeys.today(orgId, date),
    queryFn: ({ signal }) => call(schedulesEndpoints.date, { orgId, query: { date }, signal }),
  });
}

export function useTodaySchedules(orgId: string, date: string, enabled: boolean) {
  return useQuery({ ...todaySchedulesQuery(orgId, date), enabled });
}

export function remindersQuery(orgId: string) {
  return queryOptions({
    queryKey: dashboardKeys.reminders(orgId),
    queryFn: ({ signal }) => call(schedulesEndpoints.reminders, { orgId, signal }),
  });
}

export function useReminders(orgId: string, enabled: boolean) {
  return useQuery({ ...remindersQuery(orgId), enabled });
}

/** The caller's own targets and won amounts of a year (GET /dealTarget). */
export function myTargetsQuery(orgId: string, year: number) {
  return queryOptions({
    queryKey: dashboardKeys.target(orgId, year),
    queryFn: ({ signal }) => call(dealsEndpoints.targets, { orgId, query: { year }, signal }),
  });
}

export function useMyTargets(orgId: string, year: number, enabled: boolean) {
  return useQuery({ ...myTargetsQuery(orgId, year), enabled });
}
