import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';

/** A person's erasure (imports/pdpa): runs on the contact keep a copy of it (`record`) and step inputs; they go. */
export async function eraseRunsOf(db: Db, orgId: string, recordId: string): Promise<void> {
  await db.execute(sql`delete from workflow_runs where org_id = ${orgId} and record_id = ${recordId}`);
}
