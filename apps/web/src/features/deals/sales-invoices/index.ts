export { InvoicesCard } from './components/invoices-card.tsx';
export { eInvoiceSettingsRoutes } from './routes.tsx';
