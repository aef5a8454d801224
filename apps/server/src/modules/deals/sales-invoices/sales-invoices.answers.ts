import type { InvoiceBuyer, SalesInvoice } from '@lodestar/contract';
import type { SalesInvoiceWithDeal } from './sales-invoices.repository.ts';

/** What the buyer column shows: 統編 and name (B2B), the carrier or the donation code (B2C), the e-mail otherwise. */
export function buyerLabel(buyer: InvoiceBuyer): string {
  switch (buyer.kind) {
    case 'company':
      return `${buyer.taxId} ${buyer.companyName}`;
    case 'mobileBarcode':
    case 'citizenCertificate':
    case 'donation':
      return buyer.code;
    case 'member':
      return buyer.email;
  }
}

export function toSalesInvoice(row: SalesInvoiceWithDeal): SalesInvoice {
  return {
    id: row.id,
    dealId: row.dealId,
    dealName: row.dealName,
    quoteId: row.quoteId,
    status: row.status,
    testMode: row.mode === 'test',
    buyerKind: row.buyer.kind,
    buyerLabel: buyerLabel(row.buyer),
    amount: row.amount,
    itemName: row.itemName,
    number: row.invoiceNumber,
    randomCode: row.randomCode,
    issuedAt: row.issuedAt?.toISOString() ?? null,
    deadlineAt: row.deadlineAt.toISOString(),
    lastError: row.lastError,
    allowanceAmount: row.allowanceAmount,
    allowanceNumber: row.allowanceNumber,
    createdAt: row.createdAt.toISOString(),
  };
}
