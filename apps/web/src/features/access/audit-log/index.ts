/** Settings → Audit log: the page. */
export { auditLogSettingsRoutes } from './routes.tsx';
