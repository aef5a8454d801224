import { lazy } from 'react';
import { recordEntities, recordRoutes } from '../records/index.ts';

const CompanyListPage = lazy(() => import('./pages/company-list-page.tsx').then((m) => ({ default: m.CompanyListPage })));
const CompanyDetailPage = lazy(() => import('./pages/company-detail-page.tsx').then((m) => ({ default: m.CompanyDetailPage })));

/** Under the org layout (/:orgId/...), docs/product.md#screens. */
export const companyRoutes = recordRoutes(recordEntities.company, CompanyListPage, CompanyDetailPage);
