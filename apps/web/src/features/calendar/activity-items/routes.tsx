import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const ActivityItemsPage = lazy(() => import('./pages/activity-items-page.tsx').then((m) => ({ default: m.ActivityItemsPage })));
const ActivityProfilesPage = lazy(() => import('./pages/activity-profiles-page.tsx').then((m) => ({ default: m.ActivityProfilesPage })));

/** Settings pages (docs/product.md#screens): settings/activityList lists activity items, settings/activity the profiles. */
export const activityItemSettingsRoutes: RouteObject[] = [
  { path: 'activityList', element: <ActivityItemsPage /> },
  { path: 'activity', element: <ActivityProfilesPage /> },
];
