import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/paging.ts';
import type { MergeReference } from '../../../db/record-snapshots.ts';
import { uuidList } from '../../../db/search-columns.ts';
import type { MergeMover } from '../../records/merges/merge-movers.ts';
import { emailLinks, savedAttachments } from './mailboxes.table.ts';

/** Attachments saved on a merged-away contact or company become the survivor's files (a row each: the plain mover). */
export const savedAttachmentsMergeReference: MergeReference = (kind) => ({
  table: savedAttachments,
  id: savedAttachments.id,
  orgId: savedAttachments.orgId,
  ref: savedAttachments.entityId,
  where: sql`${savedAttachments.entityType} = ${kind}`,
});

/**
 * A merge moves the merged-away contacts' (companies') e-mail to the survivor (records/merges, wired in wiring.ts).
 * A link is a key (email, kind, record), not a row with an id: a message linked to both records keeps one link. The
 * undo needs the link's origin and whether the move added the survivor's link, so a moved row is kept as
 * `{ id: emailId, from: "<fromId> <via> <1 if this row's move added the survivor's link>" }`. Set-based: a contact
 * with thousands of messages moves in three statements.
 */
export const emailLinksMergeMover: MergeMover = {
  async move(db, orgId, kind, fromIds, toId) {
    const rows = await queryRows<{ emailId: string; entityId: string; via: string }>(
      db,
      sql`select email_id::text as "emailId", entity_id::text as "entityId", via from ${emailLinks}
          where org_id = ${orgId} and entity_type = ${kind} and entity_id = any(${uuidList(fromIds)})
          order by 1, 2 for update`,
    );
    if (rows.length === 0) return [];
    // The survivor gets one link per message it did not have, with the first merged link's `via` (rows' order).
    const added = await queryRows<{ emailId: string }>(
      db,
      sql`insert into ${emailLinks} (email_id, org_id, entity_type, entity_id, via)
          select distinct on (l.email_id) l.email_id, l.org_id, l.entity_type, ${toId}, l.via from ${emailLinks} l
          where l.org_id = ${orgId} and l.entity_type = ${kind} and l.entity_id = any(${uuidList(fromIds)})
          order by l.email_id, l.entity_id::text
          on conflict do nothing returning email_id::text as "emailId"`,
    );
    await db.execute(sql`delete from ${emailLinks} where org_id = ${orgId} and entity_type = ${kind} and entity_id = any(${uuidList(fromIds)})`);
    const addedEmails = new Set(added.map((a) => a.emailId));
    return rows.map((row, i) => {
      const addedHere = addedEmails.has(row.emailId) && rows[i - 1]?.emailId !== row.emailId;
      return { id: row.emailId, from: `${row.entityId} ${row.via} ${addedHere ? 1 : 0}` };
    });
  },
  async undo(db, orgId, kind, moved, toId) {
    if (moved.length === 0) return;
    const parts = moved.map(({ id, from }) => [id, ...from.split(' ')] as [string, string, string, string]);
    const column = (index: number) => `{${parts.map((p) => p[index]).join(',')}}`;
    await db.execute(sql`insert into ${emailLinks} (email_id, org_id, entity_type, entity_id, via)
      select e, ${orgId}, ${kind}, r, v from unnest(${column(0)}::uuid[], ${column(1)}::uuid[], ${column(2)}::text[]) as m(e, r, v)
      on conflict do nothing`);
    const addedBack = parts.filter((p) => p[3] === '1').map((p) => p[0]);
    if (addedBack.length > 0) {
      await db.execute(sql`delete from ${emailLinks} where org_id = ${orgId} and entity_type = ${kind} and entity_id = ${toId}
        and email_id = any(${uuidList(addedBack)})`);
    }
  },
};
