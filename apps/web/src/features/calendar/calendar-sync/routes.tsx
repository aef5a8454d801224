import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const CalendarSyncPage = lazy(() => import('./pages/calendar-sync-page.tsx').then((m) => ({ default: m.CalendarSyncPage })));

/** Under the account layout: /account/calendarSync (the OAuth callback returns here). */
export const calendarSyncRoutes: RouteObject[] = [{ path: 'calendarSync', element: <CalendarSyncPage /> }];
