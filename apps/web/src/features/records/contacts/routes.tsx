import { lazy } from 'react';
import { lazyRoute } from '../../../shared/ui/lazy-dialog.tsx';
import { recordEntities, recordRoutes } from '../records/index.ts';

/** A start page: the start preload loads it before the first render (app/preload.ts). */
export const ContactListPage = lazyRoute(() => import('./pages/contact-list-page.tsx').then((m) => m.ContactListPage));
const ContactDetailPage = lazy(() => import('./pages/contact-detail-page.tsx').then((m) => ({ default: m.ContactDetailPage })));

/** Under the org layout (/:orgId/...), docs/product.md#screens. */
export const contactRoutes = recordRoutes(recordEntities.contact, ContactListPage, ContactDetailPage);
