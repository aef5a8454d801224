export { DynamicFieldInputs, cleanDynamicValues, dynamicFieldColumns, formatDynamicValue } from './components/dynamic-field-inputs.tsx';
export { useCustomFields } from './custom-fields.api.ts';
export { customFieldSettingsRoutes } from './routes.tsx';
export { CustomFieldsPage } from './pages/custom-fields-page.tsx';
