/** Settings → webhooks: the page. */
export { webhookSettingsRoutes } from './routes.tsx';
