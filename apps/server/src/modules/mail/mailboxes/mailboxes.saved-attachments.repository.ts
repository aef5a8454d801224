import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { users } from '../../access/users/users.table.ts';
import type { MailRecordType } from './mailboxes.access.ts';
import { savedAttachments } from './mailboxes.table.ts';

/** Attachments kept as files of a record (docs/product.md "E-mail"): the rows; the bytes are access/files'. */

export type SavedAttachmentInsert = typeof savedAttachments.$inferInsert;

const listed = {
  id: savedAttachments.id,
  fileId: savedAttachments.fileId,
  filename: savedAttachments.filename,
  contentType: savedAttachments.contentType,
  size: savedAttachments.size,
  emailId: savedAttachments.emailId,
  subject: savedAttachments.subject,
  entityType: savedAttachments.entityType,
  entityId: savedAttachments.entityId,
  createdAt: savedAttachments.createdAt,
  firstName: users.firstName,
  lastName: users.lastName,
};
const selectSaved = (db: Db) => db.select(listed).from(savedAttachments).leftJoin(users, eq(users.id, savedAttachments.savedByUserId));
export type SavedAttachmentRow = Awaited<ReturnType<typeof listSaved>>[number];

/** The copy (once per attachment): undefined when another save got there first. */
export async function insertSaved(db: Db, values: SavedAttachmentInsert): Promise<string | undefined> {
  const [row] = await db.insert(savedAttachments).values(values).onConflictDoNothing().returning({ id: savedAttachments.id });
  return row?.id;
}

export async function findSavedOf(db: Db, orgId: string, emailId: string, index: number): Promise<SavedAttachmentRow | undefined> {
  const [row] = await selectSaved(db).where(and(eq(savedAttachments.orgId, orgId), eq(savedAttachments.emailId, emailId), eq(savedAttachments.attachmentIndex, index)));
  return row;
}

export async function findSaved(db: Db, orgId: string, id: string): Promise<SavedAttachmentRow | undefined> {
  const [row] = await selectSaved(db).where(and(eq(savedAttachments.orgId, orgId), eq(savedAttachments.id, id)));
  return row;
}

/** A record's kept attachments, newest first. */
export async function listSaved(db: Db, orgId: string, entityType: MailRecordType, entityId: string) {
  return selectSaved(db)
    .where(and(eq(savedAttachments.orgId, orgId), eq(savedAttachments.entityType, entityType), eq(savedAttachments.entityId, entityId)))
    .orderBy(desc(savedAttachments.createdAt))
    .limit(200);
}

/** Which attachments (by index) of these e-mails were kept: one statement for a page of threads. */
export async function savedIndexes(db: Db, orgId: string, emailIds: string[]): Promise<Map<string, Set<number>>> {
  const found = new Map<string, Set<number>>();
  if (emailIds.length === 0) return found;
  const rows = await db
    .select({ emailId: savedAttachments.emailId, index: savedAttachments.attachmentIndex })
    .from(savedAttachments)
    .where(and(eq(savedAttachments.orgId, orgId), inArray(savedAttachments.emailId, emailIds)));
  for (const row of rows) if (row.emailId) found.set(row.emailId, (found.get(row.emailId) ?? new Set()).add(row.index));
  return found;
}
