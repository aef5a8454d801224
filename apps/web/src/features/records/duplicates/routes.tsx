import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const DuplicatesPage = lazy(() => import('./pages/duplicates-page.tsx').then((m) => ({ default: m.DuplicatesPage })));

export const duplicatesRoutes: RouteObject[] = [{ path: 'duplicates', element: <DuplicatesPage /> }];
