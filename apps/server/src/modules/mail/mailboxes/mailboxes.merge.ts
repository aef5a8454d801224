import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/paging.ts';
import { uuidList } from '../../../db/record-snapshots.ts';
import type { MergeMover } from '../../records/merges/merge-movers.ts';
import { emailLinks } from './mailboxes.table.ts';

/**
 * A merge moves the merged-away contacts' (companies') e-mail to the survivor (records/merges, wired in wiring.ts).
 * A link is a key (email, kind, record), not a row with an id: a message linked to both records keeps one link. The
 * undo needs the link's origin and whether the survivor had it before, so a moved row is kept as
 * `{ id: emailId, from: "<fromId> <via> <1 if the survivor's link was added by the move>" }`.
 */
export const emailLinksMergeMover: MergeMover = {
  async move(db, orgId, kind, fromIds, toId) {
    const rows = await queryRows<{ emailId: string; entityId: string; via: string; survivorHas: boolean }>(
      db,
      sql`select l.email_id::text as "emailId", l.entity_id::text as "entityId", l.via,
            exists (select 1 from ${emailLinks} s where s.org_id = l.org_id and s.email_id = l.email_id
                    and s.entity_type = l.entity_type and s.entity_id = ${toId}) as "survivorHas"
          from ${emailLinks} l
          where l.org_id = ${orgId} and l.entity_type = ${kind} and l.entity_id = any(${uuidList(fromIds)})
          order by 1, 2 for update of l`,
    );
    if (rows.length === 0) return [];
    await db.execute(sql`delete from ${emailLinks} where org_id = ${orgId} and entity_type = ${kind} and entity_id = any(${uuidList(fromIds)})`);
    const added = new Set<string>();
    for (const row of rows) {
      if (row.survivorHas || added.has(row.emailId)) continue;
      added.add(row.emailId);
      await db.execute(sql`insert into ${emailLinks} (email_id, org_id, entity_type, entity_id, via) values (${row.emailId}, ${orgId}, ${kind}, ${toId}, ${row.via})`);
    }
    const firstOf = new Set<string>();
    return rows.map((row) => {
      // Only the row that added the survivor's link takes it away again on undo.
      const addedHere = added.has(row.emailId) && !firstOf.has(row.emailId);
      if (addedHere) firstOf.add(row.emailId);
      return { id: row.emailId, from: `${row.entityId} ${row.via} ${addedHere ? 1 : 0}` };
    });
  },
  async undo(db, orgId, kind, moved, toId) {
    for (const { id: emailId, from } of moved) {
      const [entityId, via, addedHere] = from.split(' ');
      await db.execute(sql`insert into ${emailLinks} (email_id, org_id, entity_type, entity_id, via) values (${emailId}, ${orgId}, ${kind}, ${entityId}, ${via})
        on conflict do nothing`);
      if (addedHere === '1') await db.execute(sql`delete from ${emailLinks} where org_id = ${orgId} and email_id = ${emailId} and entity_type = ${kind} and entity_id = ${toId}`);
    }
  },
};
