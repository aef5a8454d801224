import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { accountRoutes } from '../features/account/index.ts';
import { calendarSyncRoutes } from '../features/calendar-sync/index.ts';
import { authRoutes } from '../features/auth/index.ts';
import { errorRoutes, notFoundRoute } from '../features/errors/index.ts';
import { homeRoutes } from '../features/home/index.ts';
import { invitationRoutes } from '../features/members/index.ts';
import { contactRoutes } from '../features/contacts/index.ts';
import { companyRoutes } from '../features/companies/index.ts';
import { dealRoutes } from '../features/deals/index.ts';
import { scheduleRoutes } from '../features/schedules/index.ts';
import { bookingRoutes } from '../features/booking/index.ts';
import { trashRoutes } from '../features/trash/index.ts';
import { organizationAccountRoutes, organizationRoutes } from '../features/organizations/index.ts';
import { settingsRoutes } from '../features/settings/index.ts';
import { AccountLayout } from './account-layout.tsx';
import { OrgLayout } from './org-layout.tsx';
import { RouteError } from './route-error.tsx';
import { RouteGuard } from './route-guard.tsx';

/** Every feature's routes, assembled under the one route guard (spec section 2). */
export const routes: RouteObject[] = [
  {
    element: <RouteGuard />,
    errorElement: <RouteError />,
    children: [
      // The guard redirects `/` (to /org/redirect).
      { path: '/', element: null },
      ...invitationRoutes,
      ...authRoutes,
      ...organizationRoutes,
      {
        path: '/account',
        element: <AccountLayout />,
        children: [{ index: true, element: <Navigate to="/account/profile" replace /> }, ...accountRoutes, ...calendarSyncRoutes, ...organizationAccountRoutes],
      },
      ...errorRoutes,
      {
        path: '/:orgId',
        element: <OrgLayout />,
        children: [...homeRoutes, ...contactRoutes, ...companyRoutes, ...scheduleRoutes, ...dealRoutes, ...bookingRoutes, ...trashRoutes, ...settingsRoutes],
      },
      notFoundRoute,
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
