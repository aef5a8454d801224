export { automationSettingsRoutes } from './routes.tsx';
