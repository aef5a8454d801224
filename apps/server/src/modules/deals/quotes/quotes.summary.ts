import { summarySectionLimit, type SummaryQuote } from '@lodestar/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { can } from '../../access/privileges/access-core.ts';
import type { SummarySection } from '../../records/record-summary/record-summary.service.ts';
import { visibility } from '../deals/deals.access.ts';
import { deals } from '../deals/deals.table.ts';
import { quotes } from './quotes.table.ts';

/**
 * The quotes section of a contact's or company's page (records/record-summary, wired in wiring.ts): the current
 * version of each quote of the deals the viewer sees, latest first, in one statement. A deal's page has its own
 * Quotes card (web features/deals/quotes).
 */
export const quotesSummarySection: SummarySection = async (db: Db, actor, entityType, entityId) => {
  const column = entityType === 'contact' ? deals.clientId : entityType === 'company' ? deals.companyId : null;
  if (!column || !can(actor, 'opportunity', 'view')) return {};
  const rows = await db
    .select({
      id: quotes.id,
      number: quotes.number,
      version: quotes.version,
      dealId: quotes.dealId,
      dealName: deals.name,
      status: quotes.status,
      total: sql<string>`${quotes.total}::text`,
      validUntil: quotes.validUntil,
      sentAt: quotes.sentAt,
      count: sql<number>`(count(*) over ())::int`,
    })
    .from(quotes)
    .innerJoin(deals, and(eq(deals.orgId, quotes.orgId), eq(deals.id, quotes.dealId)))
    .where(and(eq(quotes.orgId, actor.orgId), eq(column, entityId), sql`${deals.deletedAt} is null`, ne(quotes.status, 'superseded'), await visibility(db, actor)))
    .orderBy(sql`coalesce(${quotes.sentAt}, ${quotes.createdAt}) desc`, sql`${quotes.number} desc`)
    .limit(summarySectionLimit);
  return {
    quotes: {
      total: rows[0]?.count ?? 0,
      items: rows.map(({ count: _count, sentAt, status, ...row }) => ({ ...row, status: status as SummaryQuote['status'], sentAt: sentAt?.toISOString() ?? null })),
    },
  };
};
