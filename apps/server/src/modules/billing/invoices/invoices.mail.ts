import type { MailMessage } from '../../../platform/mail.ts';
import type { InvoiceRow } from './invoices.repository.ts';

/** To the operators (English: the console's audience is the people running the server): an invoice needs a hand. */
export function deadlineMail(to: string, row: InvoiceRow, reason: string, link: string): MailMessage {
  const what = reason === 'deadline' ? 'is still not issued and its upload deadline is near' : `was refused by the provider (${reason})`;
  return {
    to,
    subject: `Lodestar e-invoice needs attention: charge ${row.relateNumber}`,
    text: `The e-invoice of charge ${row.relateNumber} (NT$${row.amount}) ${what}.\nUpload deadline: ${row.deadlineAt?.toISOString() ?? '-'}\nLast error: ${row.lastError ?? '-'}\n${link}`,
  };
}
