import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { textArray } from '../../../db/search-columns.ts';

/**
 * A person's erasure (Taiwan PDPA, imports/pdpa): their bookings stay (the business's seats and figures), without the
 * personal fields — name, phone, e-mail, note — on those linked to the contact or giving their phone or e-mail.
 */
export async function erasePersonalFields(db: Db, orgId: string, contactId: string, person: { phones: string[]; emails: string[] }): Promise<void> {
  await db.execute(sql`update reservations set name = '', phone = null, email = null, note = null, contact_id = null, updated_at = now()
    where org_id = ${orgId} and (contact_id = ${contactId}
      or phone = any(${textArray(person.phones)}) or lower(email) = any(${textArray(person.emails.map((e) => e.toLowerCase()))}))`);
}
