export { homeRoutes } from './routes.tsx';
