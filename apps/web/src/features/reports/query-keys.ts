import type { ActivityListQuery, PersonalQuery, ReportQuery, StatisticsFeature } from '@lodestar/contract';

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

/** A statistic's filter: the period, and optionally one person or a department. */
export interface StatisticsFilter {
  from: string;
  to: string;
  uid?: string | undefined;
  departmentId?: string | undefined;
  stageTypeId?: string | undefined;
  /** The product ranking only: also the open deals expected in the period. */
  includeOpen?: 'true' | undefined;
}

export const statisticsKeys = {
  all: (orgId: string) => ['statistics', orgId] as const,
  screen: (orgId: string, screen: string, filter: StatisticsFilter) => [...statisticsKeys.all(orgId), screen, filter] as const,
  people: (orgId: string, feature: StatisticsFeature) => [...statisticsKeys.all(orgId), 'people', feature] as const,
};

export const dashboardKeys = {
  all: (orgId: string) => ['dashboard', orgId] as const,
  deals: (orgId: string, kind: string, query: Record<string, string>) => [...dashboardKeys.all(orgId), 'deals', kind, query] as const,
  anyContact: (orgId: string) => [...dashboardKeys.all(orgId), 'anyContact'] as const,
  today: (orgId: string, date: string) => [...dashboardKeys.all(orgId), 'today', date] as const,
  reminders: (orgId: string) => [...dashboardKeys.all(orgId), 'reminders'] as const,
  target: (orgId: string, year: number) => [...dashboardKeys.all(orgId), 'target', year] as const,
};
