export { calendarSyncRoutes } from './routes.tsx';
