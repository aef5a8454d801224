import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { activityItemSettingsRoutes } from '../../calendar/activity-items/index.ts';
import { automationSettingsRoutes } from '../../calendar/automation/index.ts';
import { workflowSettingsRoutes } from '../../automation/workflows/index.ts';
import { channelSettingsRoutes } from '../../channels/line/index.ts';
import { performanceTargetSettingsRoutes } from '../../reports/activity-report/index.ts';
import { columnSettingsRoutes } from '../../records/column-settings/index.ts';
import { customFieldSettingsRoutes } from '../../records/custom-fields/index.ts';
import { dealSettingsRoutes } from '../../deals/deals/index.ts';
import { quoteSettingsRoutes } from '../../deals/quotes/index.ts';
import { eInvoiceSettingsRoutes } from '../../deals/sales-invoices/index.ts';
import { memberSettingsRoutes } from '../../access/member-settings/index.ts';
import { privilegeSettingsRoutes } from '../../access/privileges/index.ts';
import { roleSettingsRoutes } from '../../access/roles/index.ts';
import { webhookSettingsRoutes } from '../../access/webhooks/index.ts';
import { apiKeySettingsRoutes } from '../../access/api-keys/index.ts';
import { auditLogSettingsRoutes } from '../../access/audit-log/index.ts';
import { guideSettingsRoutes } from '../guide/index.ts';
import { backupSettingsRoutes } from '../../imports/backups/index.ts';
import { pdpaSettingsRoutes } from '../../imports/pdpa/index.ts';

// Lazy like its pages: the side menu is not part of every page's first load.
const SettingsLayout = lazy(() => import('./components/settings-layout.tsx').then((m) => ({ default: m.SettingsLayout })));
const SettingsNotFound = lazy(() => import('./components/settings-not-found.tsx').then((m) => ({ default: m.SettingsNotFound })));
const WorkspacePage = lazy(() => import('./pages/workspace-page.tsx').then((m) => ({ default: m.WorkspacePage })));

/** /:orgId/settings/...: the settings area (system administrators only), its pages from their features. */
export const settingsRoutes: RouteObject[] = [
  {
    path: 'settings',
    element: <SettingsLayout />,
    children: [
      { index: true, element: <Navigate to="users" replace /> },
      ...memberSettingsRoutes,
      ...roleSettingsRoutes,
      { path: 'workspace', element: <WorkspacePage /> },
      ...privilegeSettingsRoutes,
      ...dealSettingsRoutes,
      ...quoteSettingsRoutes,
      ...eInvoiceSettingsRoutes,
      ...activityItemSettingsRoutes,
      ...performanceTargetSettingsRoutes,
      ...automationSettingsRoutes,
      ...workflowSettingsRoutes,
      ...channelSettingsRoutes,
      ...webhookSettingsRoutes,
      ...apiKeySettingsRoutes,
      ...auditLogSettingsRoutes,
      ...customFieldSettingsRoutes,
      ...columnSettingsRoutes,
      ...guideSettingsRoutes,
      ...backupSettingsRoutes,
      ...pdpaSettingsRoutes,
      // A settings path that does not exist: the not-found page, inside the settings area.
      { path: '*', element: <SettingsNotFound /> },
    ],
  },
];
