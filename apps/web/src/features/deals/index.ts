export { dealRoutes, dealSettingsRoutes } from './routes.tsx';
export { SimpleDealDialog } from './components/simple-deal-dialog.tsx';
export { DealPicker } from './components/deal-picker.tsx';
