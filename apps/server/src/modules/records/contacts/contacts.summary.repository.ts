import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { contacts } from './contacts.table.ts';

const live = sql`${contacts.deletedAt} is null`;

/** The last contact time of one contact the viewer sees (at most one row). */
export function lastContactOf(db: Db, orgId: string, contactId: string, visibility: SQL) {
  return db
    .select({ lastContactAt: contacts.lastContactAt })
    .from(contacts)
    .where(and(eq(contacts.orgId, orgId), eq(contacts.id, contactId), live, visibility))
    .limit(1);
}

/** A company's contacts that the viewer sees, by name, with their count and latest contact time in the same statement. */
export function visibleContactsOfCompany(db: Db, orgId: string, companyId: string, visibility: SQL, limit: number) {
  return db
    .select({
      id: contacts.id,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      position: contacts.position,
      phone: sql<string | null>`${contacts.phones} -> 0 ->> 'value'`,
      email: sql<string | null>`${contacts.emails} -> 0 ->> 'value'`,
      total: sql<number>`(count(*) over ())::int`,
      lastContactAt: sql<string | null>`max(${contacts.lastContactAt}) over ()`,
    })
    .from(contacts)
    .where(and(eq(contacts.orgId, orgId), eq(contacts.companyId, companyId), live, visibility))
    .orderBy(contacts.sortName, contacts.id)
    .limit(limit);
}

/**
 * Moves contacts' last contact time forward to `at` (never back): a completed schedule with them counts as contact.
 * One statement for all of them (a JSON parameter).
 */
export async function advanceLastContact(db: Db, orgId: string, items: { contactId: string; at: Date }[]): Promise<void> {
  if (items.length === 0) return;
  const rows = JSON.stringify(items.map((item) => ({ id: item.contactId, at: item.at.toISOString() })));
  await db.execute(sql`update ${contacts} c set last_contact_at = t.at
    from json_to_recordset(${rows}::json) as t(id uuid, at timestamptz)
    where c.org_id = ${orgId} and c.id = t.id and (c.last_contact_at is null or c.last_contact_at < t.at)`);
}
