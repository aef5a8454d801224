export { operatorRoutes } from './routes.tsx';
