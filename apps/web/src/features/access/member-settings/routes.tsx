import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const UsersPage = lazy(() => import('./pages/users-page.tsx').then((m) => ({ default: m.UsersPage })));

/** Under /:orgId/settings. */
export const memberSettingsRoutes: RouteObject[] = [{ path: 'users', element: <UsersPage /> }];
