import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const HomePage = lazy(() => import('./pages/home-page.tsx').then((m) => ({ default: m.HomePage })));

/** Under the org layout (/:orgId/...). */
export const homeRoutes: RouteObject[] = [{ path: 'index', element: <HomePage /> }];
