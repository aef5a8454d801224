import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { fullName, maxSavedAttachmentBytes, type SavedAttachment } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { readStoredBytes, removeStoredBytes, saveFile } from '../../access/files/files.ts';
import type { Actor } from '../../access/privileges/access-core.ts';
import { assertRecordAccess, assertViewable, loadReadableEmail, type MailRecordType } from './mailboxes.access.ts';
import { downloadHeaders, openAttachment } from './mailboxes.attachments.ts';
import type { MailDeps } from './mailboxes.deps.ts';
import * as mailboxesRepository from './mailboxes.repository.ts';
import * as savedRepository from './mailboxes.saved-attachments.repository.ts';
import type { SavedAttachmentRow } from './mailboxes.saved-attachments.repository.ts';

/**
 * "Save to the record" (docs/product.md "E-mail"): one attachment, fetched from the mailbox once more, becomes a
 * workspace file kept on a contact, company or deal the e-mail shows on — so it outlives the message and the mailbox.
 * Whoever reads the body and may edit that record saves it; once per attachment (a second save answers the first
 * copy); at most maxSavedAttachmentBytes, and the plan's storage quota counts it (access/files saveFile).
 */

class AlreadySaved extends Error {}

function toSaved(row: SavedAttachmentRow): SavedAttachment {
  return {
    id: row.id,
    filename: row.filename,
    contentType: row.contentType,
    size: row.size,
    emailId: row.emailId,
    subject: row.subject,
    savedAt: row.createdAt.toISOString(),
    savedBy: row.firstName === null ? '' : fullName(row.firstName, row.lastName),
  };
}

/** The stream's bytes, refused past `limit` (a provider may hold a bigger part than the size it listed). */
export async function readLimited(content: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of content) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      content.destroy();
      throw new AppError('EMAIL_ATTACHMENT_TOO_LARGE');
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export async function saveAttachment(
  db: Db,
  deps: MailDeps,
  dataDir: string,
  actor: Actor,
  id: string,
  index: number,
  target: { entityType: MailRecordType; entityId: string },
): Promise<SavedAttachment> {
  const email = await loadReadableEmail(db, actor, id);
  const links = await mailboxesRepository.emailLinksOf(db, actor.orgId, id);
  if (!links.some((link) => link.entityType === target.entityType && link.entityId === target.entityId)) throw new AppError('EMAIL_NOT_ON_RECORD');
  await assertRecordAccess(db, actor, target.entityType, target.entityId, 'edit');
  const wanted = email.attachments[index];
  if (!wanted) throw new AppError('EMAIL_ATTACHMENT_GONE');
  const existing = await savedRepository.findSavedOf(db, actor.orgId, id, index);
  if (existing) return toSaved(existing);
  if (wanted.size > maxSavedAttachmentBytes) throw new AppError('EMAIL_ATTACHMENT_TOO_LARGE');

  const data = await readLimited((await openAttachment(db, deps, actor, id, index)).content, maxSavedAttachmentBytes);
  // The type as the download would send it: a plain type/subtype, else application/octet-stream.
  const contentType = downloadHeaders(wanted.filename, wanted.contentType)['content-type']!;
  const fileId = randomUUID();
  try {
    const savedId = await db.transaction(async (tx) => {
      await saveFile(tx, dataDir, actor.orgId, { name: wanted.filename || 'attachment', mimeType: contentType, data }, fileId);
      const inserted = await savedRepository.insertSaved(tx, {
        orgId: actor.orgId,
        fileId,
        emailId: id,
        attachmentIndex: index,
        entityType: target.entityType,
        entityId: target.entityId,
        filename: wanted.filename || 'attachment',
        contentType,
        size: data.length,
        subject: email.subject,
        savedByUserId: actor.userId,
      });
      // Another member saved it meanwhile: this file row rolls back, their copy is the one.
      if (!inserted) throw new AlreadySaved();
      return inserted;
    });
    return toSaved((await savedRepository.findSaved(db, actor.orgId, savedId))!);
  } catch (error) {
    await removeStoredBytes(dataDir, actor.orgId, fileId);
    if (!(error instanceof AlreadySaved)) throw error;
    return toSaved((await savedRepository.findSavedOf(db, actor.orgId, id, index))!);
  }
}

/** GET /api/emails/saved-attachments: a record's kept files, for whoever sees the record. */
export async function listSavedAttachments(db: Db, actor: Actor, query: { entityType: MailRecordType; entityId: string }): Promise<SavedAttachment[]> {
  await assertViewable(db, actor, query.entityType, query.entityId);
  return (await savedRepository.listSaved(db, actor.orgId, query.entityType, query.entityId)).map(toSaved);
}

/** A kept file's bytes: 404 for another workspace or a record the viewer does not see. */
export async function openSavedAttachment(db: Db, dataDir: string, actor: Actor, id: string): Promise<{ filename: string; contentType: string; data: Buffer }> {
  const row = await savedRepository.findSaved(db, actor.orgId, id);
  if (!row) throw new AppError('NOT_FOUND');
  await assertViewable(db, actor, row.entityType, row.entityId);
  const data = await readStoredBytes(dataDir, actor.orgId, row.fileId);
  if (!data) throw new AppError('NOT_FOUND');
  return { filename: row.filename, contentType: row.contentType, data };
}
