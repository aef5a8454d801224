import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';

/** A person's erasure (imports/pdpa): merges that kept the contact's old row (for their undo) go, undo and all. */
export async function eraseMergesOf(db: Db, orgId: string, contactId: string): Promise<void> {
  await db.execute(sql`delete from record_merges where org_id = ${orgId} and kind = 'contact'
    and (survivor_id = ${contactId} or ${contactId}::uuid = any(merged_ids))`);
}
