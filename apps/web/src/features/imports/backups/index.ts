export { backupSettingsRoutes } from './routes.tsx';
