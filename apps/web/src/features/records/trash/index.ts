export { trashRoutes } from './routes.tsx';
