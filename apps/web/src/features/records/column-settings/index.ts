export { BuiltInColumnsCard } from './components/built-in-columns-card.tsx';
export { columnSettingQuery, useVisibleColumns } from './column-settings.api.ts';
export { columnSettingsRoutes } from './routes.tsx';
export { useColumnTitle, useFieldColumns, type FieldCells } from './field-columns.tsx';
