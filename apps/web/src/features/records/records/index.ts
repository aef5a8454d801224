export { recordEntities, type RecordEntity } from './record-entities.ts';
export { recordRoutes } from './routes.tsx';
export { recordPicker } from './components/record-picker.tsx';
export { RecordDetail } from './components/record-detail.tsx';
export { RecordBulkActions } from './components/record-bulk-actions.tsx';
