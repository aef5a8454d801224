/** Settings → workflows: the builder and the run log. */
export { workflowRoutes, workflowSettingsRoutes } from './routes.tsx';
