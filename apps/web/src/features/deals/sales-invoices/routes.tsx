import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const EInvoiceSettingsPage = lazy(() => import('./pages/e-invoice-settings-page.tsx').then((m) => ({ default: m.EInvoiceSettingsPage })));

/** Under settings (/:orgId/settings/...). */
export const eInvoiceSettingsRoutes: RouteObject[] = [{ path: 'eInvoice', element: <EInvoiceSettingsPage /> }];
