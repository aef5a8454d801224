import { randomUUID } from 'node:crypto';
import { fullName, type Email, type EmailSendBody, type EmailThread } from '@lodestar/contract';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Actor } from '../../access/privileges/access-core.ts';
import * as dealsAccess from '../../deals/deals/deals.access.ts';
import { assertViewable, type MailRecordType } from './mailboxes.access.ts';
import * as linksRepository from './mailboxes.links.repository.ts';
import { loadAddressBook, matchRecords } from './mailboxes.match.ts';
import { bareMessageId, parseEmail } from './mailboxes.parse.ts';
import * as mailboxesRepository from './mailboxes.repository.ts';
import * as savedRepository from './mailboxes.saved-attachments.repository.ts';
import type { EmailRow, MailboxRow } from './mailboxes.repository.ts';
import type { MailboxContext } from './mailboxes.service.ts';
import { storeEmail } from './mailboxes.store.ts';
import { serverSettings } from './mailboxes.deps.ts';
import { tokenSession } from './mailboxes.oauth.ts';
import { sentFolder } from './mailboxes.sync.ts';
import { classify, openImap, smtpTransport } from './mailboxes.transport.ts';

type EmailDeals = Email['deals'];
/** What sending needs (a job has no request's background runner). */
export type SendContext = Pick<MailboxContext, 'db' | 'deps' | 'log'>;

/** Private mode: only the mailbox's owner reads the body; others see who wrote to whom, when, and the subject. */
function toEmail(row: EmailRow, actor: Actor, ownerName: string, deals: EmailDeals = [], saved: ReadonlySet<number> = new Set()): Email {
  const hidden = row.private && row.ownerUserId !== actor.userId;
  return {
    id: row.id,
    threadId: row.threadId,
    direction: row.direction,
    subject: row.subject,
    from: row.from,
    to: row.to,
    cc: row.cc,
    sentAt: row.sentAt.toISOString(),
    snippet: hidden ? null : row.snippet,
    html: hidden ? null : row.html,
    text: hidden ? null : row.text,
    attachments: hidden ? [] : row.attachments.map((file, index) => ({ ...file, saved: saved.has(index) })),
    attachmentsAvailable: !hidden && row.remoteRef !== null,
    deals,
    private: row.private,
    mine: row.ownerUserId === actor.userId,
    ownerName,
  };
}

/** The deals each e-mail is on, of those the actor sees. */
async function dealsOf(db: Db, actor: Actor, ids: string[]) {
  return linksRepository.dealsOfEmails(db, actor.orgId, ids, await dealsAccess.visibility(db, actor));
}

/** One e-mail as the actor sees it, with its deals (after a change). */
export async function emailAnswer(db: Db, actor: Actor, row: EmailRow): Promise<Email> {
  const [deals, saved] = await Promise.all([dealsOf(db, actor, [row.id]), savedRepository.savedIndexes(db, actor.orgId, [row.id])]);
  return toEmail(row, actor, await mailboxesRepository.userName(db, row.ownerUserId), deals.get(row.id), saved.get(row.id));
}

/** GET /api/emails: a contact's, company's or deal's e-mail grouped by thread, newest thread first. */
export async function threads(db: Db, actor: Actor, query: { entityType: MailRecordType; entityId: string; limit: number }): Promise<{ threads: EmailThread[]; total: number }> {
  await assertViewable(db, actor, query.entityType, query.entityId);
  const rows = await mailboxesRepository.listRecordEmails(db, actor.orgId, query.entityType, query.entityId, query.limit);
  const ids = rows.map((row) => row.email.id);
  const [deals, saved] = await Promise.all([dealsOf(db, actor, ids), savedRepository.savedIndexes(db, actor.orgId, ids)]);
  const byThread = new Map<string, Email[]>();
  for (const row of rows) {
    const email = toEmail(row.email, actor, fullName(row.ownerFirstName, row.ownerLastName), deals.get(row.email.id), saved.get(row.email.id));
    byThread.set(email.threadId, [email, ...(byThread.get(email.threadId) ?? [])]);
  }
  const list = [...byThread.entries()].map(([threadId, emails]) => ({ threadId, subject: emails[0]!.subject, lastAt: emails.at(-1)!.sentAt, emails }));
  const figures = await mailboxesRepository.recordFigures(db, actor.orgId, query.entityType, query.entityId);
  return { threads: list, total: figures.total };
}

/** Only the owner switches private mode; anyone else gets 404 (as if it did not exist). */
export async function setPrivate(db: Db, actor: Actor, id: string, value: boolean): Promise<Email> {
  const row = await mailboxesRepository.findEmail(db, actor.orgId, id);
  if (!row || row.ownerUserId !== actor.userId) throw new AppError('EMAIL_NOT_FOUND');
  await mailboxesRepository.setPrivate(db, actor.orgId, id, value);
  return emailAnswer(db, actor, { ...row, private: value });
}

/**
 * Sends the composed bytes through the mailbox's own provider: Gmail messages.send or Graph sendMail (each files
 * it in Sent itself), or SMTP and then an IMAP APPEND to the Sent folder (a failed APPEND loses no mail).
 */
async function deliver(context: SendContext, mailbox: MailboxRow, raw: Buffer, recipients: string[], parentMessageId: string | undefined): Promise<void> {
  const { db, deps, log } = context;
  if (mailbox.provider !== 'imap') {
    const api = deps.apis[mailbox.provider];
    const session = tokenSession(db, deps, api, mailbox);
    // The original as the provider knows it (by Message-ID: our own sent copies have no remote_ref); gone there, the
    // headers alone still thread it on the recipient's side and in our timeline.
    const replyTo = parentMessageId ? await api.locate(session, parentMessageId) : null;
    await api.send(session, raw, replyTo ?? undefined);
    return;
  }
  const settings = serverSettings(deps, mailbox);
  const transport = await smtpTransport(settings);
  try {
    await transport.sendMail({ envelope: { from: mailbox.email, to: recipients }, raw });
  } finally {
    transport.close();
  }
  try {
    const client = await openImap(settings);
    try {
      const path = await sentFolder(client);
      if (path) await client.append(path, raw, ['\\Seen']);
    } finally {
      await client.logout().catch(() => client.close());
    }
  } catch (error) {
    log.warn({ err: error, mailboxId: mailbox.id }, 'filing the sent copy failed');
  }
}

/**
 * Sends through the member's own mailbox (so it is their mail, from their address), files the same bytes in
 * their Sent folder, and stores it on the recipients' records. A reply carries In-Reply-To and
 * References, so the answer to it comes back into the thread.
 */
export async function send(
  context: SendContext,
  actor: Actor,
  body: EmailSendBody,
  options: { messageId?: string; afterDeliver?: () => void; attachments?: { filename: string; content: string | Buffer; contentType: string }[] } = {},
): Promise<Email> {
  const { db, log } = context;
  const owned = await mailboxesRepository.listUserMailboxes(db, actor.orgId, actor.userId);
  const mailbox = body.mailboxId ? owned.find((row) => row.id === body.mailboxId) : owned[0];
  if (!mailbox) throw new AppError(body.mailboxId ? 'MAILBOX_NOT_FOUND' : 'NO_MAILBOX');
  const parent = body.replyToId ? await mailboxesRepository.findEmail(db, actor.orgId, body.replyToId) : undefined;
  if (body.replyToId && (!parent || (parent.private && parent.ownerUserId !== actor.userId))) throw new AppError('EMAIL_NOT_FOUND');

  // A queued send (mailboxes.sends.ts) brings its own, derived from its source, so a repeat is recognisable.
  const messageId = options.messageId ?? `${randomUUID()}@${mailbox.email.slice(mailbox.email.lastIndexOf('@') + 1)}`;
  const references = parent ? [...parent.references, parent.messageId] : [];
  const raw = await new MailComposer({
    from: mailbox.email,
    to: body.to,
    cc: body.cc,
    subject: body.subject,
    text: body.text,
    ...(options.attachments ? { attachments: options.attachments } : {}),
    messageId: `<${messageId}>`,
    date: new Date(),
    ...(parent ? { inReplyTo: `<${parent.messageId}>`, references: references.map((id) => `<${id}>`) } : {}),
  })
    .compile()
    .build();

  try {
    await deliver(context, mailbox, raw, [...body.to, ...body.cc], parent?.messageId);
  } catch (error) {
    log.warn({ err: classify(error), mailboxId: mailbox.id }, 'mailbox send failed');
    throw new AppError('MAILBOX_SEND_FAILED');
  }
  // Tests: a throw here is a crash after the provider took it and before anything of ours recorded it.
  options.afterDeliver?.();

  const parsed = await parseEmail(raw, new Date(), messageId);
  const links = matchRecords(await loadAddressBook(db, mailbox), [...body.to, ...body.cc]);
  const stored = links.length > 0 ? await storeEmail(db, mailbox, parsed, 'out', links, 'email.sent') : undefined;
  const ownerName = await mailboxesRepository.userName(db, actor.userId);
  if (stored) return emailAnswer(db, actor, stored);
  // To nobody the workspace knows: sent and in Sent, but not stored (the selective rule).
  return toEmail(
    {
      ...parsed, id: randomUUID(), orgId: actor.orgId, mailboxId: mailbox.id, ownerUserId: actor.userId, threadId: parent?.threadId ?? bareMessageId(messageId), direction: 'out',
      private: false,
      remoteRef: null,
      searchText: null,
      searchBigrams: null,
      createdAt: new Date(),
    },
    actor,
    ownerName,
  );
}
