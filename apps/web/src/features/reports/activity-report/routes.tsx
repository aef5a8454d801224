import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { periodKinds } from '@lodestar/contract';

const TeamReportPage = lazy(() => import('./pages/team-report-page.tsx').then((m) => ({ default: m.TeamReportPage })));
const PersonalReportPage = lazy(() => import('./pages/personal-report-page.tsx').then((m) => ({ default: m.PersonalReportPage })));
const ActivityListPage = lazy(() => import('./pages/activity-list-page.tsx').then((m) => ({ default: m.ActivityListPage })));
const PerformanceTargetPage = lazy(() => import('./pages/performance-target-page.tsx').then((m) => ({ default: m.PerformanceTargetPage })));

/** /{orgId}/activity/report/{week|month|quarter}[/personal] and /list (docs/product.md#screens). */
export const activityReportRoutes: RouteObject[] = [
  { path: 'activity/report', element: <Navigate to="week" replace /> },
  ...periodKinds.flatMap((kind) => [
    { path: `activity/report/${kind}`, element: <TeamReportPage key={kind} kind={kind} /> },
    { path: `activity/report/${kind}/personal`, element: <PersonalReportPage key={kind} kind={kind} /> },
  ]),
  { path: 'activity/report/list', element: <ActivityListPage /> },
];

/** settings/performanceTarget (inside the settings area). */
export const performanceTargetSettingsRoutes: RouteObject[] = [{ path: 'performanceTarget', element: <PerformanceTargetPage /> }];
