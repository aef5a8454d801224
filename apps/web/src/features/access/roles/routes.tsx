import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const RolesPage = lazy(() => import('./pages/roles-page.tsx').then((m) => ({ default: m.RolesPage })));

/** Under /:orgId/settings. */
export const roleSettingsRoutes: RouteObject[] = [{ path: 'roles', element: <RolesPage /> }];
