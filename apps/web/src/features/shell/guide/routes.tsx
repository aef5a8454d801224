import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const GuideSettingsPage = lazy(() => import('./pages/guide-settings-page.tsx').then((m) => ({ default: m.GuideSettingsPage })));

/** settings/guide (a child of the settings area): reopen the first-run guide. */
export const guideSettingsRoutes: RouteObject[] = [{ path: 'guide', element: <GuideSettingsPage /> }];
