import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';

const CardSettingsPage = lazy(() => import('./pages/card-settings-page.tsx').then((m) => ({ default: m.CardSettingsPage })));

/** Business card setting (docs/product.md#screens): /{orgId}/businesscard/info, /themes, /preview, /share. */
export const cardRoutes: RouteObject[] = [
  { path: 'businesscard', element: <Navigate to="info" replace /> },
  { path: 'businesscard/:tab', element: <CardSettingsPage /> },
];
