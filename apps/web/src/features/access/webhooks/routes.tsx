import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const WebhooksPage = lazy(() => import('./pages/webhooks-page.tsx').then((m) => ({ default: m.WebhooksPage })));

/** Under /:orgId/settings. */
export const webhookSettingsRoutes: RouteObject[] = [{ path: 'webhooks', element: <WebhooksPage /> }];
