import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/paging.ts';
import { users } from '../../access/users/users.table.ts';
import { contacts } from '../../records/contacts/contacts.table.ts';
import { pdpaRequests } from './pdpa.table.ts';

export type PdpaRow = typeof pdpaRequests.$inferSelect;
export type PdpaListRow = PdpaRow & { contactFirstName: string | null; contactLastName: string | null; doneByFirstName: string | null; doneByLastName: string | null };


/** A request with its contact's name (read-only join) and who closed it. */
function selectRows(db: Db) {
  return db
    .select({
      request: pdpaRequests,
      contactFirstName: contacts.firstName,
      contactLastName: contacts.lastName,
      doneByFirstName: users.firstName,
      doneByLastName: users.lastName,
    })
    .from(pdpaRequests)
    .leftJoin(contacts, and(eq(contacts.id, pdpaRequests.contactId), eq(contacts.orgId, pdpaRequests.orgId)))
    .leftJoin(users, eq(users.id, pdpaRequests.doneByUserId));
}

type Joined = { request: PdpaRow; contactFirstName: string | null; contactLastName: string | null; doneByFirstName: string | null; doneByLastName: string | null };
const flatten = (r: Joined): PdpaListRow => ({
  ...r.request,
  contactFirstName: r.contactFirstName,
  contactLastName: r.contactLastName,
  doneByFirstName: r.doneByFirstName,
  doneByLastName: r.doneByLastName,
});

export async function listRequests(db: Db, orgId: string, options: { openOnly: boolean; contactId?: string | undefined }): Promise<PdpaListRow[]> {
  const where = and(
    eq(pdpaRequests.orgId, orgId),
    options.openOnly ? inArray(pdpaRequests.state, ['open', 'erasing']) : undefined,
    options.contactId ? eq(pdpaRequests.contactId, options.contactId) : undefined,
  );
  const rows = await selectRows(db)
    .where(where)
    .orderBy(options.openOnly ? asc(pdpaRequests.dueOn) : desc(pdpaRequests.createdAt), asc(pdpaRequests.id))
    .limit(200);
  return rows.map(flatten);
}

export async function findRequest(db: Db, orgId: string, id: string): Promise<PdpaListRow | undefined> {
  const [row] = await selectRows(db).where(and(eq(pdpaRequests.orgId, orgId), eq(pdpaRequests.id, id))).limit(1);
  return row && flatten(row);
}

export async function insertRequest(db: Db, orgId: string, values: Omit<typeof pdpaRequests.$inferInsert, 'orgId' | 'id'>): Promise<string> {
  const [row] = await db.insert(pdpaRequests).values({ orgId, ...values }).returning({ id: pdpaRequests.id });
  return row!.id;
}

/** Writes a state change only from the expected state (two clicks, or a click racing the job, change it once). */
export async function updateRequest(db: Db, orgId: string, id: string, from: PdpaRow['state'][], values: Partial<typeof pdpaRequests.$inferInsert>): Promise<boolean> {
  const rows = await db
    .update(pdpaRequests)
    .set(values)
    .where(and(eq(pdpaRequests.orgId, orgId), eq(pdpaRequests.id, id), inArray(pdpaRequests.state, from)))
    .returning({ id: pdpaRequests.id });
  return rows.length > 0;
}

/**
 * The erase job's claim, across workspaces (its one cross-workspace read): one erasing request whose lease is free,
 * leased for `leaseSeconds` with FOR UPDATE SKIP LOCKED — a crashed run's request is taken again after the lease.
 */
export async function claimErasing(db: Db, leaseSeconds: number): Promise<{ id: string; orgId: string; contactId: string | null } | undefined> {
  const [row] = await queryRows<{ id: string; orgId: string; contactId: string | null }>(
    db,
    sql`update pdpa_requests set locked_until = now() + make_interval(secs => ${leaseSeconds})
        where id = (select id from pdpa_requests where state = 'erasing' and (locked_until is null or locked_until < now())
                    order by created_at limit 1 for update skip locked)
        returning id, org_id as "orgId", contact_id as "contactId"`,
  );
  return row;
}

/** After an erase: the person's other requests keep no link to them and no note (which could name them). */
export async function detachContact(db: Db, orgId: string, contactId: string): Promise<void> {
  await db.update(pdpaRequests).set({ contactId: null, note: null }).where(and(eq(pdpaRequests.orgId, orgId), eq(pdpaRequests.contactId, contactId)));
}
