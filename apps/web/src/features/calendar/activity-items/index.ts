export { activityItemSettingsRoutes } from './routes.tsx';
export { useUserActivity } from './activity-items.api.ts';
