/** Settings → workflows: the builder and the run log. */
export { workflowSettingsRoutes } from './routes.tsx';
