import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const WorkflowsPage = lazy(() => import('./pages/workflows-page.tsx').then((m) => ({ default: m.WorkflowsPage })));

/** Under /:orgId/settings (administrators). */
export const workflowSettingsRoutes: RouteObject[] = [{ path: 'workflows', element: <WorkflowsPage /> }];
/** /:orgId/workflows: the same page for members who hold the automation privilege but not the settings area. */
export const workflowRoutes: RouteObject[] = [{ path: 'workflows', element: <WorkflowsPage /> }];
