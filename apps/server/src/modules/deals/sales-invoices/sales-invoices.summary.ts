import { summarySectionLimit } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { can } from '../../access/privileges/access-core.ts';
import type { SummarySection } from '../../records/record-summary/record-summary.service.ts';
import { visibility } from '../deals/deals.access.ts';
import { listOfRecord } from './sales-invoices.repository.ts';

/** The e-invoices section of a company's or contact's page (wired in wiring.ts): invoices of the deals the viewer sees. */
export const salesInvoicesSummarySection: SummarySection = async (db: Db, actor, entityType, entityId, batch) => {
  const column = entityType === 'contact' ? 'clientId' : entityType === 'company' ? 'companyId' : null;
  if (!column || !can(actor, 'opportunity', 'view')) return {};
  const reads = listOfRecord(db, actor.orgId, column, entityId, await visibility(db, actor), summarySectionLimit);
  const [rows, [count]] = await Promise.all([batch.rows(reads.rows), batch.rows(reads.count)]);
  const total = count?.total ?? 0;
  return {
    invoices: {
      total,
      items: rows.map((row) => ({ id: row.id, dealId: row.dealId, dealName: row.dealName, status: row.status, number: row.invoiceNumber, amount: row.amount, issuedAt: row.issuedAt?.toISOString() ?? null, testMode: row.mode === 'test' })),
    },
  };
};
