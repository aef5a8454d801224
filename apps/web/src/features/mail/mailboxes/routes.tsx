import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const MailboxesPage = lazy(() => import('./pages/mailboxes-page.tsx').then((m) => ({ default: m.MailboxesPage })));

/** Under the account layout: /account/mailboxes. */
export const mailboxesRoutes: RouteObject[] = [{ path: 'mailboxes', element: <MailboxesPage /> }];
