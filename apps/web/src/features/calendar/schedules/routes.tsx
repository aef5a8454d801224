import { Navigate, type RouteObject } from 'react-router';
import { lazyRoute } from '../../../shared/ui/lazy-dialog.tsx';
import { isoDate } from './calendar-route.ts';

// FullCalendar lives only in this page's chunk. A start page: the start preload loads it before the first render
// (app/preload.ts).
export const CalendarPage = lazyRoute(() => import('./pages/calendar-page.tsx').then((m) => m.CalendarPage));

function ThisWeek() {
  return <Navigate to={`week/${isoDate(new Date()).replaceAll('-', '/')}`} replace />;
}

/** The calendar (docs/product.md#screens): /{orgId}/calendar/{day|week|month}/{yyyy}/{mm}/{dd}; /calendar opens this week. */
export const scheduleRoutes: RouteObject[] = [
  { path: 'calendar', element: <ThisWeek /> },
  { path: 'calendar/:view/:year/:month/:day', element: <CalendarPage /> },
];
