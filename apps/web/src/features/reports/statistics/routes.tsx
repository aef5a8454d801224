import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';

const ranking = () => import('./pages/ranking-pages.tsx');
const DashboardPage = lazy(() => import('./pages/dashboard-page.tsx').then((m) => ({ default: m.StatisticsDashboardPage })));
const PerformancePage = lazy(() => import('./pages/performance-page.tsx').then((m) => ({ default: m.PerformancePage })));
const ForecastPage = lazy(() => import('./pages/forecast-page.tsx').then((m) => ({ default: m.ForecastPage })));
const ProductRankingPage = lazy(() => ranking().then((m) => ({ default: m.ProductRankingPage })));
const SalesRankingPage = lazy(() => ranking().then((m) => ({ default: m.SalesRankingPage })));

/** docs/product.md#statistics-and-dashboard, under the org layout (/:orgId/statistics/...). */
export const statisticsRoutes: RouteObject[] = [
  { path: 'statistics', element: <Navigate to="dashboard" replace /> },
  { path: 'statistics/dashboard', element: <DashboardPage /> },
  { path: 'statistics/performance', element: <PerformancePage /> },
  { path: 'statistics/pointOpportunity', element: <ForecastPage /> },
  { path: 'statistics/productRanking', element: <ProductRankingPage /> },
  { path: 'statistics/performanceRanking', element: <SalesRankingPage /> },
];
