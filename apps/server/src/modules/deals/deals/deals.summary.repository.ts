import { lostStageId, wonStageId } from '@lodestar/contract';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { contacts } from '../../records/contacts/contacts.table.ts';
import { salesStages } from '../sales-stages/sales-stages.table.ts';
import { isOpen, isWon } from './deals.metrics.ts';
import { deals } from './deals.table.ts';

const live = sql`${deals.deletedAt} is null`;

/** The visible live deals of a contact (clientId) or company (companyId). */
const ofRecord = (orgId: string, column: 'clientId' | 'companyId', recordId: string, visibility: SQL) =>
  and(eq(deals.orgId, orgId), eq(deals[column], recordId), live, visibility);

/**
 * A record's deals for its page: open ones first (soonest expected close), then won and lost (latest first),
 * with the totals of all of them (not only the rows returned) in the same statement.
 */
export function dealsOfRecord(db: Db, orgId: string, column: 'clientId' | 'companyId', recordId: string, visibility: SQL, limit: number) {
  return db
    .select({
      id: deals.id,
      name: deals.name,
      stage: deals.stage,
      stageName: sql<string>`coalesce(${salesStages.title}, '')`,
      amount: sql<string>`${deals.amount}::text`,
      estimatedEndDate: deals.estimatedEndDate,
      total: sql<number>`(count(*) over ())::int`,
      openCount: sql<number>`(count(*) filter (where ${isOpen}) over ())::int`,
      openAmount: sql<string>`coalesce(sum(${deals.amount}) filter (where ${isOpen}) over (), 0)::numeric(14,2)::text`,
      wonCount: sql<number>`(count(*) filter (where ${isWon}) over ())::int`,
      wonAmount: sql<string>`coalesce(sum(${deals.amount}) filter (where ${isWon}) over (), 0)::numeric(14,2)::text`,
    })
    .from(deals)
    .leftJoin(salesStages, and(eq(salesStages.orgId, deals.orgId), eq(salesStages.id, deals.stage)))
    .where(ofRecord(orgId, column, recordId, visibility))
    .orderBy(
      sql`case when ${deals.stage} in (${wonStageId}, ${lostStageId}) then 1 else 0 end`,
      sql`case when ${deals.stage} in (${wonStageId}, ${lostStageId}) then null else ${deals.estimatedEndDate} end asc nulls last`,
      desc(deals.stageChangedAt),
      asc(deals.id),
    )
    .limit(limit);
}

/** Ids and names of a record's visible deals (their timeline entries join the record's). */
export function dealNamesOfRecord(db: Db, orgId: string, column: 'clientId' | 'companyId', recordId: string, visibility: SQL, limit: number) {
  return db.select({ id: deals.id, name: deals.name }).from(deals).where(ofRecord(orgId, column, recordId, visibility)).orderBy(desc(deals.createdAt)).limit(limit);
}

/** The workspace's stage titles by id (a related deal's stage moves in a contact's timeline). */
export function stageTitles(db: Db, orgId: string) {
  return db.select({ id: salesStages.id, title: salesStages.title }).from(salesStages).where(eq(salesStages.orgId, orgId));
}

/** A deal's client's stored last contact time (the one last-contact rule, docs/product.md): a deal's page shows it. */
export function lastContactOfDeal(db: Db, orgId: string, dealId: string) {
  return db
    .select({ at: contacts.lastContactAt })
    .from(deals)
    .innerJoin(contacts, and(eq(contacts.orgId, deals.orgId), eq(contacts.id, deals.clientId)))
    .where(and(eq(deals.orgId, orgId), eq(deals.id, dealId)))
    .limit(1);
}
