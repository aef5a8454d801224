import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const CustomFieldsPage = lazy(() => import('./pages/custom-fields-page.tsx').then((m) => ({ default: m.CustomFieldsPage })));

/** Settings pages of spec section 2 for custom fields and their list columns (children of the settings area). */
export const customFieldSettingsRoutes: RouteObject[] = [
  { path: 'columnContact', element: <CustomFieldsPage entity="contact" display={false} /> },
  { path: 'columnCompany', element: <CustomFieldsPage entity="company" display={false} /> },
  { path: 'columnDeal', element: <CustomFieldsPage entity="deal" display={false} /> },
  { path: 'columnContactDisplay', element: <CustomFieldsPage entity="contact" display /> },
  { path: 'columnCompanyDisplay', element: <CustomFieldsPage entity="company" display /> },
];
