/** Settings → API keys and Account → personal access tokens: the pages. */
export { apiKeySettingsRoutes, personalTokenRoutes } from './routes.tsx';
