export { carddavRoutes } from './routes.tsx';
