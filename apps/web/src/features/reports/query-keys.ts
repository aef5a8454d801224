import type { ActivityListQuery, PersonalQuery, ReportQuery } from '@lodestar/contract';

/** The reports context's query keys (docs/ARCHITECTURE.md, "Contexts"). */
export const activityReportKeys = {
  all: (orgId: string) => ['activity-report', orgId] as const,
  report: (orgId: string, query: ReportQuery) => [...activityReportKeys.all(orgId), 'report', query] as const,
  personal: (orgId: string, query: PersonalQuery) => [...activityReportKeys.all(orgId), 'personal', query] as const,
  detail: (orgId: string, uid: string, date: string) => [...activityReportKeys.all(orgId), 'detail', uid, date] as const,
  list: (orgId: string, query: ActivityListQuery) => [...activityReportKeys.all(orgId), 'list', query] as const,
  setting: (orgId: string) => [...activityReportKeys.all(orgId), 'setting'] as const,
  targetHeader: (orgId: string) => [...activityReportKeys.all(orgId), 'targetHeader'] as const,
  performanceTarget: (orgId: string, year: number) => [...activityReportKeys.all(orgId), 'performanceTarget', year] as const,
};
