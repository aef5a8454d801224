import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const WorkflowsPage = lazy(() => import('./pages/workflows-page.tsx').then((m) => ({ default: m.WorkflowsPage })));

/** Under /:orgId/settings. */
export const workflowSettingsRoutes: RouteObject[] = [{ path: 'workflows', element: <WorkflowsPage /> }];
