import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';

/**
 * A person's erasure (imports/pdpa): the LINE friend linked to the contact goes with its messages, pushes and the
 * webhook events it sent (their payloads hold its words); if they write again they come back as a new friend.
 */
export async function eraseFriendOf(db: Db, orgId: string, contactId: string): Promise<void> {
  const friends = sql`(select id from line_friends where org_id = ${orgId} and contact_id = ${contactId})`;
  await db.execute(sql`delete from line_messages where org_id = ${orgId} and friend_id in ${friends}`);
  await db.execute(sql`delete from line_pushes where org_id = ${orgId} and friend_id in ${friends}`);
  await db.execute(sql`delete from line_webhook_events where org_id = ${orgId} and event::text like any (
    select '%' || line_user_id || '%' from line_friends where org_id = ${orgId} and contact_id = ${contactId})`);
  await db.execute(sql`delete from line_friends where org_id = ${orgId} and contact_id = ${contactId}`);
}
