import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const CustomFieldsPage = lazy(() => import('./pages/custom-fields-page.tsx').then((m) => ({ default: m.CustomFieldsPage })));

/** Settings pages of docs/product.md#screens for custom field definitions (children of the settings area); the list column pages live in column-settings and deals. */
export const customFieldSettingsRoutes: RouteObject[] = [
  { path: 'columnContact', element: <CustomFieldsPage entity="contact" display={false} /> },
  { path: 'columnCompany', element: <CustomFieldsPage entity="company" display={false} /> },
  { path: 'columnDeal', element: <CustomFieldsPage entity="deal" display={false} /> },
];
