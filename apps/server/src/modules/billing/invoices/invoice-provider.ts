import type { InvoiceBuyer } from '@lodestar/contract';

/** What the invoices module asks of an e-invoice service (docs/decisions/0021): ECPay, or the built-in test mode. */
export interface IssuedInvoice {
  invoiceNumber: string;
  randomCode: string;
  issuedAt: Date;
}

export interface IssueRequest {
  /** Ours and unique at the provider (ECPay RelateNumber): a second issue with it is refused, a lookup finds it. */
  relateNumber: string;
  buyer: InvoiceBuyer;
  /** Tax included, whole TWD. */
  amount: number;
  itemName: string;
}

export interface InvoiceProvider {
  name: 'test' | 'ecpay';
  issue(request: IssueRequest): Promise<IssuedInvoice>;
  /** The invoice already issued under this relate number (a crash after issuing, before we recorded it), if any. */
  findIssued(relateNumber: string): Promise<IssuedInvoice | undefined>;
  void(request: { invoiceNumber: string; issuedAt: Date; reason: string }): Promise<void>;
  allowance(request: { invoiceNumber: string; issuedAt: Date; amount: number; itemName: string; buyer: InvoiceBuyer }): Promise<{ allowanceNumber: string }>;
}

/** The service did not answer (network, timeout, 5xx): retried with backoff. */
export class InvoiceProviderUnavailableError extends Error {}

/** The service answered and refused (its code and message): not retried, shown as failed. */
export class InvoiceRejectedError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`${code}: ${message}`);
  }
}
