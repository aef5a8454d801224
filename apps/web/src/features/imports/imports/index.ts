export { importRoutes } from './routes.tsx';
export { RecordListTools } from './components/record-list-tools.tsx';
