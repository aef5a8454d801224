import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const PrivilegesPage = lazy(() => import('./pages/privileges-page.tsx').then((m) => ({ default: m.PrivilegesPage })));
const PrivilegePage = lazy(() => import('./pages/privilege-page.tsx').then((m) => ({ default: m.PrivilegePage })));

/** Under /:orgId/settings. */
export const privilegeSettingsRoutes: RouteObject[] = [
  { path: 'privilege', element: <PrivilegesPage /> },
  { path: 'privilege/:privilegeId', element: <PrivilegePage /> },
];
