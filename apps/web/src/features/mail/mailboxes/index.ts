export { mailboxesRoutes } from './routes.tsx';
