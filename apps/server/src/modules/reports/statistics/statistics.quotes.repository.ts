import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { personNameSql } from '../../../db/person-name.ts';
import { users } from '../../access/users/users.table.ts';
import { deals } from '../../deals/deals/deals.table.ts';
import { quotes } from '../../deals/quotes/quotes.table.ts';
import type { Period } from './statistics.repository.ts';

/**
 * Quoted vs won (reports read the quote and deal tables, apps/server/src/modules/reports/README.md): per deal owner,
 * the quote versions sent on a day of the period in its time zone that were not superseded since, in one GROUP BY.
 * `today` is Taipei's calendar day, the one a quote's validity is judged by (deals/quotes/quotes.answers.ts).
 */
export interface QuoteFiguresRow {
  userId: string;
  name: string;
  sent: number;
  accepted: number;
  declined: number;
  expired: number;
  quotedAmount: string;
  wonAmount: string;
}

const counted = (where: SQL) => sql<number>`(count(*) filter (where ${where}))::int`;
const summed = (where: SQL) => sql<string>`coalesce(sum(${quotes.total}) filter (where ${where}), 0)::numeric(16,2)::text`;

export function quoteFigures(db: Db, orgId: string, scope: SQL, p: Period, today: string): Promise<QuoteFiguresRow[]> {
  const all = sql`true`;
  return db
    .select({
      userId: deals.ownerUserId,
      name: sql<string>`coalesce(nullif(${personNameSql(users.firstName, users.lastName)}, ''), ${users.email})`,
      sent: counted(all),
      accepted: counted(sql`${quotes.status} = 'accepted'`),
      declined: counted(sql`${quotes.status} = 'declined'`),
      expired: counted(sql`${quotes.status} = 'sent' and ${quotes.validUntil} < ${today}::date`),
      quotedAmount: summed(all),
      wonAmount: summed(sql`${quotes.status} = 'accepted'`),
    })
    .from(quotes)
    .innerJoin(deals, and(eq(deals.orgId, quotes.orgId), eq(deals.id, quotes.dealId)))
    .innerJoin(users, eq(users.id, deals.ownerUserId))
    .where(
      and(
        eq(quotes.orgId, orgId),
        isNull(deals.deletedAt),
        scope,
        inArray(quotes.status, ['sent', 'accepted', 'declined']),
        isNotNull(quotes.sentAt),
        sql`(${quotes.sentAt} at time zone ${p.timeZone})::date between ${p.from}::date and ${p.to}::date`,
      ),
    )
    .groupBy(deals.ownerUserId, users.firstName, users.lastName, users.email)
    .orderBy(sql`sum(${quotes.total}) filter (where ${quotes.status} = 'accepted') desc nulls last`, sql`count(*) desc`, sql`2 asc`)
    .limit(200) as unknown as Promise<QuoteFiguresRow[]>;
}
