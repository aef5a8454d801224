export { importRoutes } from './routes.tsx';
export { ContactListTools } from './components/contact-list-tools.tsx';
