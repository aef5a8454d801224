export { DealListPage, dealRoutes, dealSettingsRoutes, dealTopLevelRoutes } from './routes.tsx';
export { SimpleDealDialog } from './components/simple-deal-dialog.tsx';
export { DealPicker, DealPickerField } from './components/deal-picker.tsx';
export { SalesStagesEditor } from './components/sales-stages-editor.tsx';
export { SalesItemsEditor } from './components/sales-items-editor.tsx';
export { DealStageBadge } from './components/deal-stage-badge.tsx';
export { LostReasonDialog, type LostReasonChoice } from './components/lost-reason-dialog.tsx';
export { useStageTypes } from './sales-stages.api.ts';
