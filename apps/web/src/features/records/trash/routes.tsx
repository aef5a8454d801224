import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const TrashPage = lazy(() => import('./pages/trash-page.tsx').then((m) => ({ default: m.TrashPage })));

export const trashRoutes: RouteObject[] = [{ path: 'trash', element: <TrashPage /> }];
