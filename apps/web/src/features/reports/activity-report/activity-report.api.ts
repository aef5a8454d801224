import { useEffect } from 'react';
import { keepPreviousData, matchQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  activityReportsEndpoints as api,
  dealsEndpoints,
  type ActivityListQuery,
  type DealTargetBody,
  type DepartmentTargetBody,
  type PersonalQuery,
  type ReportQuery,
  type ReportSetting,
} from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { scheduleKeys } from '../../calendar/query-keys.ts';
import { activityReportKeys, statisticsKeys } from '../query-keys.ts';

export function useActivityReport(orgId: string, query: ReportQuery) {
  return useQuery({
    queryKey: activityReportKeys.report(orgId, query),
    queryFn: ({ signal }) => call(api.report, { orgId, query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePersonalReport(orgId: string, query: PersonalQuery) {
  return useQuery({
    queryKey: activityReportKeys.personal(orgId, query),
    queryFn: ({ signal }) => call(api.personal, { orgId, query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useReportDetail(orgId: string, uid: string, date: string | null) {
  return useQuery({
    queryKey: activityReportKeys.detail(orgId, uid, date ?? ''),
    queryFn: ({ signal }) => call(api.detail, { orgId, query: { uid, date: date! }, signal }),
    enabled: Boolean(uid && date),
  });
}

export function useActivityList(orgId: string, query: ActivityListQuery) {
  return useQuery({
    queryKey: activityReportKeys.list(orgId, query),
    queryFn: ({ signal }) => call(api.list, { orgId, query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every activity of a filter for an export: pages of 2 000 until the total is reached. */
export async function fetchAllActivities(orgId: string, query: Omit<ActivityListQuery, 'page' | 'pageSize'>) {
  const first = await call(api.list, { orgId, query: { ...query, page: 1, pageSize: 2000 } });
  const items = [...first.items];
  for (let page = 2; items.length < first.total && page <= 50; page++) {
    items.push(...(await call(api.list, { orgId, query: { ...query, page, pageSize: 2000 } })).items);
  }
  return items;
}

export function useReportSetting(orgId: string) {
  return useQuery({ queryKey: activityReportKeys.setting(orgId), queryFn: ({ signal }) => call(api.setting, { orgId, signal }) });
}

export function useSaveReportSetting(orgId: string, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportSetting) => call(api.saveSetting, { orgId, body, successMessage }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityReportKeys.all(orgId) }),
  });
}

export function useTargetHeader(orgId: string, enabled = true) {
  const queryClient = useQueryClient();
  // Completing, un-completing or deleting a schedule changes today's points: the header follows the calendar's own
  // invalidations (one refetch per burst, however many schedule queries were invalidated together).
  useEffect(() => {
    let queued = false;
    const schedules = { queryKey: scheduleKeys.all(orgId) };
    return queryClient.getQueryCache().subscribe((event) => {
      if (queued || event.type !== 'updated' || event.action.type !== 'invalidate' || !matchQuery(schedules, event.query)) return;
      queued = true;
      queueMicrotask(() => {
        queued = false;
        void queryClient.invalidateQueries({ queryKey: activityReportKeys.targetHeader(orgId) });
      });
    });
  }, [queryClient, orgId]);
  return useQuery({
    queryKey: activityReportKeys.targetHeader(orgId),
    queryFn: ({ signal }) => call(api.targetHeader, { orgId, signal }),
    staleTime: 60_000,
    enabled,
  });
}

export function usePerformanceTargets(orgId: string, year: number) {
  return useQuery({
    queryKey: activityReportKeys.performanceTarget(orgId, year),
    queryFn: ({ signal }) => call(api.performanceTarget, { orgId, query: { year }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A target cell is saved through the deals' own endpoint (deal_targets stay the deals module's). */
export function useSavePerformanceTarget(orgId: string, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DealTargetBody) => call(dealsEndpoints.saveTarget, { orgId, body, successMessage }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityReportKeys.all(orgId) }),
  });
}

/** A department's month target (POST /departmentTarget); target null removes it (the members' sum applies). */
export function useSaveDepartmentTarget(orgId: string, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DepartmentTargetBody) => call(dealsEndpoints.saveDepartmentTarget, { orgId, body, successMessage }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: activityReportKeys.all(orgId) }), queryClient.invalidateQueries({ queryKey: statisticsKeys.all(orgId) })]),
  });
}
