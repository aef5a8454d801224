import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const AutomationPage = lazy(() => import('./pages/automation-page.tsx').then((m) => ({ default: m.AutomationPage })));

/** settings/automation (docs/product.md#automation). */
export const automationSettingsRoutes: RouteObject[] = [{ path: 'automation', element: <AutomationPage /> }];
