import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const UsersPage = lazy(() => import('./pages/users-page.tsx').then((m) => ({ default: m.UsersPage })));
const AcceptInvitationPage = lazy(() => import('./pages/accept-invitation-page.tsx').then((m) => ({ default: m.AcceptInvitationPage })));

/** Under /:orgId/settings. */
export const memberSettingsRoutes: RouteObject[] = [{ path: 'users', element: <UsersPage /> }];

/** The invitation link (signed in or not: the page offers login and sign-up itself). */
export const invitationRoutes: RouteObject[] = [{ path: '/user/orgAccepted', element: <AcceptInvitationPage /> }];
