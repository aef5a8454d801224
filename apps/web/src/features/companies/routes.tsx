import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';

const CompanyListPage = lazy(() => import('./pages/company-list-page.tsx').then((m) => ({ default: m.CompanyListPage })));
const CompanyDetailPage = lazy(() => import('./pages/company-detail-page.tsx').then((m) => ({ default: m.CompanyDetailPage })));

export const companyRoutes: RouteObject[] = [
  { path: 'company', element: <Navigate to="list" replace /> },
  { path: 'company/list', element: <CompanyListPage /> },
  { path: 'company/detail/:id', element: <CompanyDetailPage /> },
];
