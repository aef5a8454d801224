export { HomePage, homeRoutes } from './routes.tsx';
