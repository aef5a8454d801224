/** The schedules feature's public surface: the calendar routes, the drawer and its entry points, the reminder popup. */
export { CalendarPage, scheduleRoutes } from './routes.tsx';
export { LazyScheduleDrawer as ScheduleDrawer } from './components/lazy-schedule-drawer.tsx';
export { AddScheduleButton } from './components/add-schedule-button.tsx';
export { ReminderPopup } from './components/reminder-popup.tsx';
export { calendarPath } from './calendar-route.ts';
