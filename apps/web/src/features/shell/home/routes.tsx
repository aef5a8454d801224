import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../../shared/ui/lazy-dialog.tsx';

/** A start page: the start preload loads it before the first render (app/preload.ts). */
export const HomePage = lazyRoute(() => import('./pages/home-page.tsx').then((m) => m.HomePage));

/** Under the org layout (/:orgId/...). */
export const homeRoutes: RouteObject[] = [{ path: 'index', element: <HomePage /> }];
