import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';

const ContactListPage = lazy(() => import('./pages/contact-list-page.tsx').then((m) => ({ default: m.ContactListPage })));
const ContactDetailPage = lazy(() => import('./pages/contact-detail-page.tsx').then((m) => ({ default: m.ContactDetailPage })));

/** Under the org layout (/:orgId/...), spec section 2. */
export const contactRoutes: RouteObject[] = [
  { path: 'contact', element: <Navigate to="list" replace /> },
  { path: 'contact/list', element: <ContactListPage /> },
  { path: 'contact/detail/:id', element: <ContactDetailPage /> },
];
