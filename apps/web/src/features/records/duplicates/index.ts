export { duplicatesRoutes } from './routes.tsx';
export { DuplicatesLink } from './components/duplicates-link.tsx';
