import { summarySectionLimit, type SummaryQuote } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { can } from '../../access/privileges/access-core.ts';
import type { SummarySection } from '../../records/record-summary/record-summary.service.ts';
import { visibility } from '../deals/deals.access.ts';
import { quotesOfRecord } from './quotes.repository.ts';

/**
 * The quotes section of a contact's or company's page (records/record-summary, wired in wiring.ts): the current
 * version of each quote of the deals the viewer sees, latest first, in one statement. A deal's page has its own
 * Quotes card (web features/deals/quotes).
 */
export const quotesSummarySection: SummarySection = async (db: Db, actor, entityType, entityId, batch) => {
  const column = entityType === 'contact' ? 'clientId' : entityType === 'company' ? 'companyId' : null;
  if (!column || !can(actor, 'opportunity', 'view')) return {};
  const rows = await batch.rows(quotesOfRecord(db, actor.orgId, column, entityId, await visibility(db, actor), summarySectionLimit));
  return {
    quotes: {
      total: rows[0]?.count ?? 0,
      items: rows.map(({ count: _count, sentAt, status, ...row }) => ({ ...row, status: status as SummaryQuote['status'], sentAt: sentAt?.toISOString() ?? null })),
    },
  };
};
