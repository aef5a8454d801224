export { calendarSyncRoutes } from './routes.tsx';
export { CalendarSyncProviders } from './components/calendar-sync-providers.tsx';
