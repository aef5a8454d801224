import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';

/**
 * A person's erasure (imports/pdpa): e-mails shown only on this contact (they are its only party in the CRM) go,
 * bodies and all; on a message that is also another record's, only this contact's link goes.
 */
export async function eraseMailOf(db: Db, orgId: string, contactId: string): Promise<void> {
  await db.execute(sql`delete from emails e where e.org_id = ${orgId}
    and exists (select 1 from email_links l where l.org_id = ${orgId} and l.email_id = e.id and l.entity_type = 'contact' and l.entity_id = ${contactId})
    and not exists (select 1 from email_links l where l.org_id = ${orgId} and l.email_id = e.id and not (l.entity_type = 'contact' and l.entity_id = ${contactId}))`);
  await db.execute(sql`delete from email_links where org_id = ${orgId} and entity_type = 'contact' and entity_id = ${contactId}`);
}
