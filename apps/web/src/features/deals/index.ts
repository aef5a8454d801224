export { dealRoutes } from './routes.tsx';
export { SimpleDealDialog } from './components/simple-deal-dialog.tsx';
export { DealPicker } from './components/deal-picker.tsx';
