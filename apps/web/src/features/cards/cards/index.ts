export { cardRoutes } from './routes.tsx';
