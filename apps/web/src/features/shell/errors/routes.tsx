import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const pages = () => import('./pages/error-pages.tsx');
const UnauthorizedPage = lazy(() => pages().then((m) => ({ default: m.UnauthorizedPage })));
const PageNotFoundPage = lazy(() => pages().then((m) => ({ default: m.PageNotFoundPage })));
const FrozenPage = lazy(() => pages().then((m) => ({ default: m.FrozenPage })));
const NotFoundPage = lazy(() => pages().then((m) => ({ default: m.NotFoundPage })));

/** docs/product.md#errors destinations; standalone, outside the org layout. */
export const errorRoutes: RouteObject[] = [
  { path: '/:orgId/error/unauthorized', element: <UnauthorizedPage /> },
  { path: '/:orgId/error/pageNotFound', element: <PageNotFoundPage /> },
  { path: '/:orgId/frozen', element: <FrozenPage /> },
];

export const notFoundRoute: RouteObject = { path: '*', element: <NotFoundPage /> };
