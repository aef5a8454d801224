import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const CustomFieldsPage = lazy(() => import('./pages/custom-fields-page.tsx').then((m) => ({ default: m.CustomFieldsPage })));

/** Settings pages of spec section 2 for custom fields and their list columns. */
export const customFieldRoutes: RouteObject[] = [
  { path: 'settings/columnContact', element: <CustomFieldsPage entity="contact" display={false} /> },
  { path: 'settings/columnCompany', element: <CustomFieldsPage entity="company" display={false} /> },
  { path: 'settings/columnDeal', element: <CustomFieldsPage entity="deal" display={false} /> },
  { path: 'settings/columnContactDisplay', element: <CustomFieldsPage entity="contact" display /> },
  { path: 'settings/columnCompanyDisplay', element: <CustomFieldsPage entity="company" display /> },
];
