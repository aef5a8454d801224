import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { activityItemSettingsRoutes } from '../../calendar/activity-items/index.ts';
import { automationSettingsRoutes } from '../../calendar/automation/index.ts';
import { performanceTargetSettingsRoutes } from '../../reports/activity-report/index.ts';
import { columnSettingsRoutes } from '../../records/column-settings/index.ts';
import { customFieldSettingsRoutes } from '../../records/custom-fields/index.ts';
import { dealSettingsRoutes } from '../../deals/deals/index.ts';
import { memberSettingsRoutes } from '../../access/member-settings/index.ts';
import { privilegeSettingsRoutes } from '../../access/privileges/index.ts';
import { SettingsLayout } from './components/settings-layout.tsx';

const WorkspacePage = lazy(() => import('./pages/workspace-page.tsx').then((m) => ({ default: m.WorkspacePage })));

/** /:orgId/settings/...: the settings area (system administrators only), its pages from their features. */
export const settingsRoutes: RouteObject[] = [
  {
    path: 'settings',
    element: <SettingsLayout />,
    children: [
      { index: true, element: <Navigate to="users" replace /> },
      ...memberSettingsRoutes,
      { path: 'workspace', element: <WorkspacePage /> },
      ...privilegeSettingsRoutes,
      ...dealSettingsRoutes,
      ...activityItemSettingsRoutes,
      ...performanceTargetSettingsRoutes,
      ...automationSettingsRoutes,
      ...customFieldSettingsRoutes,
      ...columnSettingsRoutes,
      // A settings page that does not exist (yet): back to the first one rather than a blank area.
      { path: '*', element: <Navigate to="users" replace /> },
    ],
  },
];
