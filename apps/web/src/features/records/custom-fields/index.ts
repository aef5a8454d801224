export { DynamicFieldInputs, customFieldEditor } from './components/dynamic-field-inputs.tsx';
export { customFieldItems } from './components/custom-field-items.tsx';
export { cleanDynamicValues, dynamicFieldColumns, formatDynamicValue } from './dynamic-field-values.ts';
export { customFieldsQuery, useCustomFields } from './custom-fields.api.ts';
export { customFieldSettingsRoutes } from './routes.tsx';
export { CustomFieldsPage } from './pages/custom-fields-page.tsx';
