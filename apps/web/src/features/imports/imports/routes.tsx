import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const pages = () => import('./pages/import-pages.tsx');
const UploadPage = lazy(() => pages().then((m) => ({ default: m.ImportUploadPage })));
const CheckPage = lazy(() => pages().then((m) => ({ default: m.ImportCheckPage })));
const DonePage = lazy(() => pages().then((m) => ({ default: m.ImportDonePage })));

/** Under /:orgId (docs/product.md#screens): upload, the check step /import/contact/{id}, /import/done/contact?id=. */
export const importRoutes: RouteObject[] = [
  { path: 'import/contact', element: <UploadPage /> },
  { path: 'import/contact/:id', element: <CheckPage /> },
  { path: 'import/done/contact', element: <DonePage /> },
];
