import { lazy } from 'react';
import { recordEntities, recordRoutes } from '../records/index.ts';

const ContactListPage = lazy(() => import('./pages/contact-list-page.tsx').then((m) => ({ default: m.ContactListPage })));
const ContactDetailPage = lazy(() => import('./pages/contact-detail-page.tsx').then((m) => ({ default: m.ContactDetailPage })));

/** Under the org layout (/:orgId/...), docs/product.md#screens. */
export const contactRoutes = recordRoutes(recordEntities.contact, ContactListPage, ContactDetailPage);
