export { pdpaSettingsRoutes } from './routes.tsx';
