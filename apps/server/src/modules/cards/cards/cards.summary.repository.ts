import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { users } from '../../access/users/users.table.ts';
import { businessCardLeads, businessCards } from './cards.table.ts';

/** The card holder of an exchange: the owner predicate of a contact-side privilege applies to this column. */
export const cardHolderColumn = businessCards.userId;

/** A contact's card exchanges on the cards whose holders the viewer may see (visibility), latest first, with the count. */
export function exchangesOfContact(db: Db, orgId: string, contactId: string, visibility: SQL, limit: number) {
  return db
    .select({
      id: businessCardLeads.id,
      name: businessCardLeads.name,
      note: businessCardLeads.note,
      createdAt: businessCardLeads.createdAt,
      holderFirstName: users.firstName,
      holderLastName: users.lastName,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(businessCardLeads)
    .innerJoin(businessCards, and(eq(businessCards.orgId, businessCardLeads.orgId), eq(businessCards.id, businessCardLeads.cardId)))
    .leftJoin(users, eq(users.id, businessCards.userId))
    .where(and(eq(businessCardLeads.orgId, orgId), eq(businessCardLeads.contactId, contactId), visibility))
    .orderBy(desc(businessCardLeads.createdAt), desc(businessCardLeads.id))
    .limit(limit);
}
