export { errorRoutes, notFoundRoute } from './routes.tsx';
