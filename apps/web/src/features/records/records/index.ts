export { recordEntities, type RecordEntity } from './record-entities.ts';
export { recordRoutes } from './routes.tsx';
export { recordPicker } from './components/record-picker.tsx';
export { RecordDetail } from './components/record-detail.tsx';
export { RecordBulkActions } from './components/record-bulk-actions.tsx';
export { ContactPicker, ContactPickerField } from './components/contact-picker.tsx';
export { CompanyPicker, CompanyPickerField, type PickedCompany } from './components/company-picker.tsx';
export { contactRecordApi, companyRecordApi } from './record-apis.ts';
export { listQuery } from './record-api.ts';
