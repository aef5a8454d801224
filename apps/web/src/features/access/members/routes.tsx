import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const AcceptInvitationPage = lazy(() => import('./pages/accept-invitation-page.tsx').then((m) => ({ default: m.AcceptInvitationPage })));

/** The invitation link (signed in or not: the page offers login and sign-up itself). */
export const invitationRoutes: RouteObject[] = [{ path: '/user/orgAccepted', element: <AcceptInvitationPage /> }];
