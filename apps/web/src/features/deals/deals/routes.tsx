import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { lazyRoute } from '../../../shared/ui/lazy-dialog.tsx';

/** A start page: the start preload loads it before the first render (app/preload.ts). */
export const DealListPage = lazyRoute(() => import('./pages/deal-list-page.tsx').then((m) => m.DealListPage));
const DealDetailPage = lazy(() => import('./pages/deal-detail-page.tsx').then((m) => ({ default: m.DealDetailPage })));
const TargetsPage = lazy(() => import('./pages/targets-page.tsx').then((m) => ({ default: m.TargetsPage })));
const SalesStagesPage = lazy(() => import('./pages/sales-stages-page.tsx').then((m) => ({ default: m.SalesStagesPage })));
const ProductsPage = lazy(() => import('./pages/sales-items-page.tsx').then((m) => ({ default: () => <m.SalesItemsPage kind="product" /> })));
const CostsPage = lazy(() => import('./pages/sales-items-page.tsx').then((m) => ({ default: () => <m.SalesItemsPage kind="cost" /> })));
const PersonalTargetsRedirect = lazy(() =>
  import('./pages/personal-targets-redirect.tsx').then((m) => ({ default: m.PersonalTargetsRedirect })),
);
const LostReasonsPage = lazy(() => import('./pages/lost-reasons-page.tsx').then((m) => ({ default: m.LostReasonsPage })));
const DealColumnsPage = lazy(() => import('./pages/deal-columns-page.tsx').then((m) => ({ default: m.DealColumnsPage })));

/** Deals (docs/product.md#screens): board and list, detail, targets, and the pipeline's settings pages. */
export const dealRoutes: RouteObject[] = [
  { path: 'deal', element: <Navigate to="list" replace /> },
  { path: 'deal/list', element: <DealListPage /> },
  { path: 'deal/detail/:id', element: <DealDetailPage /> },
  { path: 'targets', element: <TargetsPage /> },
];

/** Top-level: /targets (the spec's path) opens the current workspace's targets page. */
export const dealTopLevelRoutes: RouteObject[] = [{ path: '/targets', element: <PersonalTargetsRedirect /> }];

/** The pipeline's settings pages (children of the settings area). */
export const dealSettingsRoutes: RouteObject[] = [
  { path: 'salesStage', element: <SalesStagesPage /> },
  { path: 'productList', element: <ProductsPage /> },
  { path: 'costs', element: <CostsPage /> },
  { path: 'lostReasons', element: <LostReasonsPage /> },
  { path: 'columnOpportunityDisplay', element: <DealColumnsPage /> },
];
