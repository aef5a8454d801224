import { redirect, type RouteObject } from 'react-router';
import { lazyRoute } from '../../../shared/ui/lazy-dialog.tsx';
import { matchesMedia, phoneQuery } from '../../../shared/ui/use-media-query.ts';
import { calendarPath, isoDate } from './calendar-route.ts';

// FullCalendar lives only in this page's chunk. A start page: the start preload loads it before the first render
// (app/preload.ts).
export const CalendarPage = lazyRoute(() => import('./pages/calendar-page.tsx').then((m) => m.CalendarPage));

/**
 * The calendar (docs/product.md#screens): /{orgId}/calendar/{day|week|month}/{yyyy}/{mm}/{dd}; /calendar opens this
 * week, or today on a phone (seven columns of 40 px show no title; issue 29).
 */
export const scheduleRoutes: RouteObject[] = [
  // A loader, not a <Navigate> element: the router redirects before rendering, so the first paint is the week itself
  // (a rendered redirect painted an empty page first, then the calendar — the menu's link lands here).
  { path: 'calendar', loader: ({ params }) => redirect(calendarPath(params.orgId ?? '', { view: matchesMedia(phoneQuery) ? 'day' : 'week', date: isoDate(new Date()) })) },
  { path: 'calendar/:view/:year/:month/:day', element: <CalendarPage /> },
];
