import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { textArray } from '../../../db/search-columns.ts';

/** A person's erasure (imports/pdpa): their card exchanges go, by contact or by the phone or e-mail they left. */
export async function eraseLeads(db: Db, orgId: string, contactId: string, person: { phones: string[]; emails: string[] }): Promise<void> {
  await db.execute(sql`delete from business_card_leads where org_id = ${orgId} and (contact_id = ${contactId}
    or phone = any(${textArray(person.phones)}) or lower(email) = any(${textArray(person.emails.map((e) => e.toLowerCase()))}))`);
}
