export { companyRoutes } from './routes.tsx';
export { CreateCompanyDialog } from './components/create-company-dialog.tsx';
export { CompanyPicker, CompanyPickerField, type PickedCompany } from '../records/index.ts';
export { EnrichmentButton, EnrichmentStatus } from './components/company-enrichment.tsx';
