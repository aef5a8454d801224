import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { businesses } from '../businesses/businesses.table.ts';
import { reservations } from './reservations.table.ts';

/**
 * A contact's reservations that the viewer sees (visibility: the calendar owner predicate): those still to come
 * first (soonest first), then the past ones (latest first), with the count of all in the same statement.
 */
export function reservationsOfContact(db: Db, orgId: string, contactId: string, visibility: SQL, now: Date, limit: number) {
  const upcoming = sql`${reservations.endAt} >= ${now.toISOString()}::timestamptz`;
  return db
    .select({
      id: reservations.id,
      number: reservations.number,
      businessName: businesses.name,
      startAt: reservations.startAt,
      status: reservations.status,
      people: reservations.people,
      services: reservations.services,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(reservations)
    .innerJoin(businesses, and(eq(businesses.orgId, reservations.orgId), eq(businesses.id, reservations.businessId)))
    .where(and(eq(reservations.orgId, orgId), eq(reservations.contactId, contactId), visibility))
    .orderBy(
      sql`case when ${upcoming} then 0 else 1 end`,
      sql`case when ${upcoming} then ${reservations.startAt} end asc`,
      desc(reservations.startAt),
      asc(reservations.id),
    )
    .limit(limit);
}
