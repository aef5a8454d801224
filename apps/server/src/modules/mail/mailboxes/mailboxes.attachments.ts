import type { Readable } from 'node:stream';
import type { ImapFlow, MessageStructureObject } from 'imapflow';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Actor } from '../../access/privileges/access-core.ts';
import { loadReadableEmail } from './mailboxes.access.ts';
import { serverSettings, type MailDeps } from './mailboxes.deps.ts';
import { tokenSession } from './mailboxes.oauth.ts';
import * as mailboxesRepository from './mailboxes.repository.ts';
import type { StoredAttachment } from './mailboxes.table.ts';
import { classify, openImap } from './mailboxes.transport.ts';

/**
 * Attachments on demand (docs/product.md "E-mail"): a stored e-mail lists its attachments; the bytes are fetched
 * from the mailbox's provider only when a reader opens one — IMAP `UID FETCH BODY[part]`, Gmail attachments.get,
 * Graph attachments/{id}/$value — and streamed through, never written to the database or the disk.
 */
export interface OpenedAttachment {
  filename: string;
  contentType: string;
  content: Readable;
}

/** A provider's list of a message's attachments: the one to open is found by name, else by place. */
export function pickPart<T>(parts: T[], nameOf: (part: T) => string, wanted: StoredAttachment, index: number): T | undefined {
  return parts.find((part) => nameOf(part) === wanted.filename && wanted.filename !== '') ?? parts[index];
}

function imapAttachmentParts(node: MessageStructureObject): MessageStructureObject[] {
  if (node.childNodes?.length) return node.childNodes.flatMap(imapAttachmentParts);
  const named = node.dispositionParameters?.filename ?? node.parameters?.name;
  return node.disposition === 'attachment' || named ? [node] : [];
}
const imapName = (node: MessageStructureObject) => node.dispositionParameters?.filename ?? node.parameters?.name ?? '';

async function openImapPart(client: ImapFlow, folder: string, uidValidity: string, uid: number, wanted: StoredAttachment, index: number): Promise<Readable> {
  const lock = await client.getMailboxLock(folder);
  try {
    // A renumbered folder (new UIDVALIDITY) no longer has this UID: the message is there under another one.
    if (String(client.mailbox && client.mailbox.uidValidity) !== uidValidity) throw new AppError('EMAIL_ATTACHMENT_GONE');
    const message = await client.fetchOne(String(uid), { uid: true, bodyStructure: true }, { uid: true });
    const part = message && message.bodyStructure ? pickPart(imapAttachmentParts(message.bodyStructure), imapName, wanted, index) : undefined;
    if (!part?.part) throw new AppError('EMAIL_ATTACHMENT_GONE');
    const download = await client.download(String(uid), part.part, { uid: true });
    if (!('content' in download) || !download.content) throw new AppError('EMAIL_ATTACHMENT_GONE');
    return download.content;
  } finally {
    lock.release();
  }
}

export async function openAttachment(db: Db, deps: MailDeps, actor: Actor, id: string, index: number): Promise<OpenedAttachment> {
  const email = await loadReadableEmail(db, actor, id);
  const wanted = email.attachments[index];
  const mailbox = await mailboxesRepository.findMailbox(db, actor.orgId, email.mailboxId);
  if (!wanted || !email.remoteRef || !mailbox) throw new AppError('EMAIL_ATTACHMENT_GONE');
  const ref = email.remoteRef;
  const opened = (content: Readable): OpenedAttachment => ({ filename: wanted.filename, contentType: wanted.contentType, content });
  try {
    if (ref.kind === 'imap') {
      const client = await openImap(serverSettings(deps, mailbox));
      const done = () => void client.logout().catch(() => client.close());
      try {
        const content = await openImapPart(client, ref.folder, ref.uidValidity, ref.uid, wanted, index);
        // The connection stays open while the bytes stream to the browser, and closes after.
        content.once('close', done);
        content.once('error', done);
        return opened(content);
      } catch (error) {
        done();
        throw error;
      }
    }
    if (mailbox.provider === 'imap') throw new AppError('EMAIL_ATTACHMENT_GONE');
    const api = deps.apis[mailbox.provider];
    const session = tokenSession(db, deps, api, mailbox);
    const list = await api.attachments(session, ref.id);
    const part = pickPart(list, (entry) => entry.filename, wanted, index);
    if (!part) throw new AppError('EMAIL_ATTACHMENT_GONE');
    return opened(await api.attachment(session, ref.id, part.id));
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(classify(error).problem === 'authFailed' ? 'EMAIL_ATTACHMENT_SIGN_IN' : 'EMAIL_ATTACHMENT_UNREACHABLE');
  }
}

/**
 * The download's headers: always `attachment` (never shown in our origin), the name in RFC 6266 / 5987 form so
 * CJK names survive, an ASCII fallback without quotes or control characters, and a content type that is only
 * ever a plain `type/subtype` (else octet-stream).
 */
export function downloadHeaders(filename: string, contentType: string): Record<string, string> {
  const name = filename.replace(/[\r\n"\\/]/g, '_').trim() || 'attachment';
  const ascii = name.replace(/[^\x20-\x7e]/g, '_');
  const type = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i.test(contentType) ? contentType.toLowerCase() : 'application/octet-stream';
  return {
    'content-type': type,
    'content-disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'cache-control': 'private, no-store',
  };
}
