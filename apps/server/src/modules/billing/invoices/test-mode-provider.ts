import { randomInt } from 'node:crypto';
import type { InvoiceProvider, IssuedInvoice } from './invoice-provider.ts';

/**
 * Zero setup (docs/decisions/0021), like billing's sandbox: invoices get local test numbers ("TM" + 8 digits) and
 * nothing reaches the tax authority; the purchase history and the proof say "test mode". Issued numbers live in
 * this process (a restart forgets them, which test mode can afford).
 */
export function createTestModeInvoiceProvider(now: () => Date = () => new Date()): InvoiceProvider {
  const issued = new Map<string, IssuedInvoice>();
  const digits = (n: number) => String(randomInt(0, 10 ** n)).padStart(n, '0');
  return {
    name: 'test',
    async issue({ relateNumber }) {
      const found = issued.get(relateNumber);
      if (found) return found;
      const invoice = { invoiceNumber: `TM${digits(8)}`, randomCode: digits(4), issuedAt: now() };
      issued.set(relateNumber, invoice);
      return invoice;
    },
    async findIssued(relateNumber) {
      return issued.get(relateNumber);
    },
    async void() {},
    async allowance() {
      return { allowanceNumber: `TA${digits(14)}` };
    },
  };
}
