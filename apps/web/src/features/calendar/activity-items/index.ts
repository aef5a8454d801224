export { activityItemSettingsRoutes } from './routes.tsx';
export { useActivityItems, useUserActivity } from './activity-items.api.ts';
