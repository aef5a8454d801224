export { InvoiceBuyerFields, toInvoiceBuyer, type InvoiceBuyerValues } from './components/invoice-buyer-fields.tsx';
export { InvoiceCell } from './components/invoice-cell.tsx';
export { InvoiceProofDialog } from './components/invoice-proof.tsx';
