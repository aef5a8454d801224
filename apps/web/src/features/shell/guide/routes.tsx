import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../../shared/ui/lazy-dialog.tsx';

const GuideSettingsPage = lazy(() => import('./pages/guide-settings-page.tsx').then((m) => ({ default: m.GuideSettingsPage })));

/** settings/guide (a child of the settings area): reopen the first-run guide. */
export const guideSettingsRoutes: RouteObject[] = [{ path: 'guide', element: <GuideSettingsPage /> }];

/**
 * The first-run guide, loaded only for a caller whose guide is open (most visits to the home page never show it): the
 * home page's start preload fetches it once the guide's state says open (preload.ts preloadFirstRunGuide), and the
 * page shows the guide and the dashboard together once it is in, so nothing is pushed down the page.
 */
export const FirstRunGuide = lazyRoute(() => import('./components/first-run-guide.tsx').then((m) => m.FirstRunGuide));
