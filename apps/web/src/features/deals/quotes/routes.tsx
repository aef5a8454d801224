import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const QuoteSettingsPage = lazy(() => import('./pages/quote-settings-page.tsx').then((m) => ({ default: m.QuoteSettingsPage })));

/** Under settings (/:orgId/settings/...). */
export const quoteSettingsRoutes: RouteObject[] = [{ path: 'quotes', element: <QuoteSettingsPage /> }];
