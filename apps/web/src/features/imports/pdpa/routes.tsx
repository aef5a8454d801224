import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const PdpaPage = lazy(() => import('./pages/pdpa-page.tsx').then((m) => ({ default: m.PdpaPage })));

/** Under /:orgId/settings (system administrators): Settings → PDPA requests. */
export const pdpaSettingsRoutes: RouteObject[] = [{ path: 'pdpa', element: <PdpaPage /> }];
