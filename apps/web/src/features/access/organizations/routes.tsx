import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const OrgRedirectPage = lazy(() => import('./pages/org-redirect-page.tsx').then((m) => ({ default: m.OrgRedirectPage })));
const FirstWorkspacePage = lazy(() => import('./pages/first-workspace-page.tsx').then((m) => ({ default: m.FirstWorkspacePage })));
const OrganizationsPage = lazy(() => import('./pages/organizations-page.tsx').then((m) => ({ default: m.OrganizationsPage })));

/** Top-level (signed-in, outside any org). */
export const organizationRoutes: RouteObject[] = [
  { path: '/org/redirect', element: <OrgRedirectPage /> },
  { path: '/org/create', element: <FirstWorkspacePage /> },
];

/** Under the account layout. */
export const organizationAccountRoutes: RouteObject[] = [{ path: 'organizations', element: <OrganizationsPage /> }];
