import { lazy } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { accountRoutes } from '../features/access/account/index.ts';
import { personalTokenRoutes } from '../features/access/api-keys/index.ts';
import { calendarSyncRoutes } from '../features/calendar/calendar-sync/index.ts';
import { mailboxesRoutes } from '../features/mail/mailboxes/index.ts';
import { carddavRoutes } from '../features/cards/carddav/index.ts';
import { authRoutes, signInRoutes } from '../features/access/auth/index.ts';
import { errorRoutes, notFoundRoute } from '../features/shell/errors/index.ts';
import { homeRoutes } from '../features/shell/home/index.ts';
import { invitationRoutes } from '../features/access/members/index.ts';
import { contactRoutes } from '../features/records/contacts/index.ts';
import { companyRoutes } from '../features/records/companies/index.ts';
import { dealRoutes, dealTopLevelRoutes } from '../features/deals/deals/index.ts';
import { scheduleRoutes } from '../features/calendar/schedules/index.ts';
import { bookingRoutes } from '../features/booking/booking/index.ts';
import { cardRoutes } from '../features/cards/cards/index.ts';
import { statisticsRoutes } from '../features/reports/statistics/index.ts';
import { trashRoutes } from '../features/records/trash/index.ts';
import { duplicatesRoutes } from '../features/records/duplicates/index.ts';
import { organizationAccountRoutes, organizationRoutes } from '../features/access/organizations/index.ts';
import { settingsRoutes } from '../features/shell/settings/index.ts';
import { activityReportRoutes } from '../features/reports/activity-report/index.ts';
import { subscriptionAccountRoutes, subscriptionRoutes } from '../features/billing/subscription/index.ts';
import { operatorRoutes } from '../features/operator/console/index.ts';
import { importRoutes } from '../features/imports/imports/index.ts';
import { socialRoutes } from '../features/channels/line/index.ts';
import { workflowRoutes } from '../features/automation/workflows/index.ts';
import { storedLanguage } from '../shared/i18n.ts';
import { lazyRoute } from '../shared/ui/lazy-dialog.tsx';
import { antdLocaleFor } from './antd-locale.ts';
import { RouteError } from './route-error.tsx';
import { RouteGuard } from './route-guard.tsx';

// The two shells load with their first page (the route guard's Suspense shows a spinner meanwhile): the sign-in
// pages need neither, and the first load stays small (scripts/check-initial-bundle.ts).
const AccountLayout = lazy(() => import('./account-layout.tsx').then((m) => ({ default: m.AccountLayout })));
export const OrgLayout = lazyRoute(() => import('./org-layout.tsx').then((m) => m.OrgLayout));
// antd's providers, theme and texts (both asked for at once): every page but the plain sign-in pages (login, sign-up,
// forgot password). main.tsx loads them, the layout and the page before the first render (app/preload.ts).
export const AntdShell = lazyRoute(() => Promise.all([import('./antd-shell.tsx'), antdLocaleFor(storedLanguage())]).then(([m]) => m.AntdShell));

/** Every feature's routes, assembled under the one route guard (docs/product.md#screens). */
export const routes: RouteObject[] = [
  {
    element: <RouteGuard />,
    errorElement: <RouteError />,
    children: [
      // The guard redirects `/` (to /org/redirect).
      { path: '/', element: null },
      // Plain HTML, no antd: the first page most visitors load (scripts/check-initial-bundle.ts).
      ...signInRoutes,
      {
        element: <AntdShell />,
        children: [
          ...invitationRoutes,
          ...authRoutes,
          ...organizationRoutes,
          ...dealTopLevelRoutes,
          {
            path: '/account',
            element: <AccountLayout />,
            children: [{ index: true, element: <Navigate to="/account/profile" replace /> }, ...accountRoutes, ...personalTokenRoutes, ...calendarSyncRoutes, ...mailboxesRoutes, ...carddavRoutes, ...organizationAccountRoutes, ...subscriptionAccountRoutes],
          },
          // The subscription flow under the account header (docs/product.md#screens: /subscription, /success, /fail).
          { element: <AccountLayout />, children: subscriptionRoutes },
          // The operator console (issue 30 #15): its own frame, operators only.
          ...operatorRoutes,
          ...errorRoutes,
          {
            path: '/:orgId',
            element: <OrgLayout />,
            children: [...homeRoutes, ...contactRoutes, ...companyRoutes, ...scheduleRoutes, ...dealRoutes, ...statisticsRoutes, ...bookingRoutes, ...cardRoutes, ...activityReportRoutes, ...trashRoutes, ...duplicatesRoutes, ...settingsRoutes, ...importRoutes, ...socialRoutes, ...workflowRoutes],
          },
          notFoundRoute,
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
