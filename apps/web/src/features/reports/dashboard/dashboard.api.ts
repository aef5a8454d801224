import { useQuery } from '@tanstack/react-query';
import { contactsEndpoints, dealsEndpoints, schedulesEndpoints } from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { dashboardKeys } from '../query-keys.ts';

/**
 * The home dashboard reads what the owning contexts already answer: the deal list with its drill-down filters,
 * the day's calendar, the reminders and the caller's monthly targets. Nothing here is computed in the browser
 * beyond picking this month out of the year.
 */

/** A few deals of the deal list for a filter (the same filter the card's "see all" link opens). */
export function useDashboardDeals(orgId: string, kind: string, query: Record<string, string>, enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.deals(orgId, kind, query),
    queryFn: ({ signal }) => call(dealsEndpoints.list, { orgId, query: { ...query, limit: 5 } as never, signal }),
    enabled,
  });
}

/** Whether the workspace holds any contact the caller can see (one row of the contact list; its first page carries the total). */
export function useAnyContact(orgId: string, enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.anyContact(orgId),
    queryFn: ({ signal }) => call(contactsEndpoints.list, { orgId, query: { limit: 1 } as never, signal }),
    enabled,
  });
}

export function useTodaySchedules(orgId: string, date: string, enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.today(orgId, date),
    queryFn: ({ signal }) => call(schedulesEndpoints.date, { orgId, query: { date }, signal }),
    enabled,
  });
}

export function useReminders(orgId: string, enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.reminders(orgId),
    queryFn: ({ signal }) => call(schedulesEndpoints.reminders, { orgId, signal }),
    enabled,
  });
}

/** The caller's own targets and won amounts of a year (GET /dealTarget). */
export function useMyTargets(orgId: string, year: number, enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.target(orgId, year),
    queryFn: ({ signal }) => call(dealsEndpoints.targets, { orgId, query: { year }, signal }),
    enabled,
  });
}
