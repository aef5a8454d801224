import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const RecordColumnsPage = lazy(() => import('./pages/record-columns-page.tsx').then((m) => ({ default: m.RecordColumnsPage })));

/** The contact and company list column settings (children of the settings area). */
export const columnSettingsRoutes: RouteObject[] = [
  { path: 'columnContactDisplay', element: <RecordColumnsPage entity="contact" /> },
  { path: 'columnCompanyDisplay', element: <RecordColumnsPage entity="company" /> },
];
