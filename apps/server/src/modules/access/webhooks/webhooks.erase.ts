import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';

/** A person's erasure (imports/pdpa): deliveries whose payload carried the record (their attempts cascade). */
export async function eraseDeliveriesOf(db: Db, orgId: string, recordId: string): Promise<void> {
  await db.execute(sql`delete from webhook_deliveries where org_id = ${orgId} and payload like ${`%${recordId}%`}`);
}
