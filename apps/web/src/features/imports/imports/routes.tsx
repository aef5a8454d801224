import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { importKinds } from '@lodestar/contract';

const pages = () => import('./pages/import-pages.tsx');
const UploadPage = lazy(() => pages().then((m) => ({ default: m.ImportUploadPage })));
const CheckPage = lazy(() => pages().then((m) => ({ default: m.ImportCheckPage })));
const DonePage = lazy(() => pages().then((m) => ({ default: m.ImportDonePage })));

/** Under /:orgId (docs/product.md#screens), per kind: upload, the check step /import/{kind}/{id}, /import/done/{kind}?id=. */
export const importRoutes: RouteObject[] = importKinds.flatMap((kind) => [
  { path: `import/${kind}`, element: <UploadPage kind={kind} /> },
  { path: `import/${kind}/:id`, element: <CheckPage kind={kind} /> },
  { path: `import/done/${kind}`, element: <DonePage kind={kind} /> },
]);
