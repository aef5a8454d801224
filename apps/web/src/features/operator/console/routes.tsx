import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';

const OperatorLayout = lazy(() => import('./components/operator-layout.tsx').then((m) => ({ default: m.OperatorLayout })));
const WorkspacesPage = lazy(() => import('./pages/workspaces-page.tsx').then((m) => ({ default: m.WorkspacesPage })));
const CouponsPage = lazy(() => import('./pages/coupons-page.tsx').then((m) => ({ default: m.CouponsPage })));
const ChargesPage = lazy(() => import('./pages/charges-page.tsx').then((m) => ({ default: m.ChargesPage })));
const InvoicesPage = lazy(() => import('./pages/invoices-page.tsx').then((m) => ({ default: m.InvoicesPage })));
const AuditPage = lazy(() => import('./pages/audit-page.tsx').then((m) => ({ default: m.AuditPage })));

/** The operator console (issue 30 #15): lazy pages under their own frame, nothing of it in a workspace's first load. */
export const operatorRoutes: RouteObject[] = [
  {
    path: '/operator',
    element: <OperatorLayout />,
    children: [
      { index: true, element: <Navigate to="/operator/workspaces" replace /> },
      { path: 'workspaces', element: <WorkspacesPage /> },
      { path: 'coupons', element: <CouponsPage /> },
      { path: 'charges', element: <ChargesPage /> },
      { path: 'invoices', element: <InvoicesPage /> },
      { path: 'audit', element: <AuditPage /> },
    ],
  },
];
