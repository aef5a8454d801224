import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { isoDate } from './calendar-route.ts';

// FullCalendar lives only in this page's chunk.
const CalendarPage = lazy(() => import('./pages/calendar-page.tsx').then((m) => ({ default: m.CalendarPage })));

function ThisWeek() {
  return <Navigate to={`week/${isoDate(new Date()).replaceAll('-', '/')}`} replace />;
}

/** The calendar (docs/product.md#screens): /{orgId}/calendar/{day|week|month}/{yyyy}/{mm}/{dd}; /calendar opens this week. */
export const scheduleRoutes: RouteObject[] = [
  { path: 'calendar', element: <ThisWeek /> },
  { path: 'calendar/:view/:year/:month/:day', element: <CalendarPage /> },
];
