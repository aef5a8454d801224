export { accountRoutes } from './routes.tsx';
