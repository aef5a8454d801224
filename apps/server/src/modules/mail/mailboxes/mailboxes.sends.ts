import type { MailSendStatus } from '@lodestar/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import type { JobDefinition } from '../../../platform/jobs.ts';
import type { Mailer, MailMessage } from '../../../platform/mail.ts';
import { loadActor, type Actor } from '../../access/privileges/access-core.ts';
import * as contactsService from '../../records/contacts/contacts.service.ts';
import { createMailDeps, serverSettings, type MailDeps } from './mailboxes.deps.ts';
import { send } from './mailboxes.emails.ts';
import * as mailboxesRepository from './mailboxes.repository.ts';
import * as sendsRepository from './mailboxes.sends.repository.ts';
import { sentFolder } from './mailboxes.sync.ts';
import { renderTemplate } from './mailboxes.templates.ts';
import { openImap } from './mailboxes.transport.ts';
import { tokenSession } from './mailboxes.oauth.ts';

/**
 * Mail another context asks for (a workflow's e-mail step, issue 35): a template filled for a contact, queued in the
 * caller's transaction once per `source`, and sent by the `mail.sends` job from the sender's own connected mailbox
 * (stored on the contact's timeline like any mail they send), else through the system mail (platform/mail.ts).
 *
 * Exactly once: the row is unique per source (a retried step queues nothing new); its Message-ID is derived from the
 * source; the job writes the sent-marker `sending` (committed, in the claiming statement) before the attempt and
 * `sent` after. A row claimed again while still `sending` was cut off between the two (a kill -9): it is never sent
 * blindly a second time — the sender's mailbox is asked for the Message-ID (`priorAttempt`): found, it is `sent`
 * (the next sync stores the Sent copy on the timeline); Gmail and Outlook not holding it never took it, so it is sent
 * now; otherwise (IMAP: SMTP may have relayed it before the copy was filed; the system mail: nothing to ask) it is
 * `unconfirmed`, shown with the step in the run log ("check your Sent folder, send again"), and replaying the step is
 * a person's choice. A send the server refused is retried (it was not sent), after the same question to the mailbox.
 */

export type QueueOutcome = { queued: true; messageId: string; to: string } | { skipped: 'noEmail' | 'optedOut' };

/** The Message-ID for a source: the same source always gives the same one. */
export function messageIdOf(source: string): string {
  return `${source.replace(/[^A-Za-z0-9.-]+/g, '.')}@lodestar.local`;
}

/**
 * Fills the template for the contact with the sender's own rights (both must be visible to them) and queues it.
 * `marketing`: never to a contact who opted out of marketing.
 */
export async function queueTemplateMail(db: Db, actor: Actor, input: { templateId: string; contactId: string; source: string; marketing: boolean }): Promise<QueueOutcome> {
  const contact = await contactsService.getContact(db, actor, input.contactId);
  if (input.marketing && contact.noMarketing) return { skipped: 'optedOut' };
  const to = contact.emails[0]?.value;
  if (!to) return { skipped: 'noEmail' };
  const rendered = await renderTemplate(db, actor, input.templateId, 'contact', input.contactId);
  const messageId = messageIdOf(input.source);
  await sendsRepository.queueSend(db, { orgId: actor.orgId, source: input.source, senderUserId: actor.userId, contactId: input.contactId, recipient: to, subject: rendered.subject, text: rendered.text, messageId });
  return { queued: true, messageId, to };
}

/** Where queued sends stand, by source (the run log shows each beside its step). */
export async function sendStates(db: Db, orgId: string, sources: string[]): Promise<Map<string, { status: MailSendStatus; error: string | null }>> {
  const rows = await sendsRepository.findSends(db, orgId, sources);
  return new Map(rows.map((row) => [row.source, { status: row.status, error: row.error }]));
}

export interface SendDeps {
  mail: MailDeps;
  mailer: Mailer;
  log: FastifyBaseLogger;
  leaseSeconds?: number;
  /** Tests: called once the provider took the message, before anything of ours records it (a throw there is a crash in that gap). */
  afterSend?: (row: sendsRepository.MailSendRow) => void;
}

const maxAttempts = 5;
const backoffSeconds = (attempts: number) => Math.min(60 * 2 ** (attempts - 1), 3600);

type Verdict = 'sent' | 'absent' | 'unconfirmed' | 'askLater';

/**
 * Whether the sender's mailbox holds this Message-ID: Gmail and Outlook anywhere (Sent included), IMAP its Sent
 * folder. undefined: no way to ask (the mailbox is gone, or an IMAP server without a Sent folder).
 */
async function copyFound(db: Db, deps: MailDeps, row: sendsRepository.MailSendRow): Promise<boolean | undefined> {
  const [mailbox] = await mailboxesRepository.listUserMailboxes(db, row.orgId, row.senderUserId);
  if (!mailbox) return undefined;
  if (mailbox.provider !== 'imap') {
    const api = deps.apis[mailbox.provider];
    return (await api.locate(tokenSession(db, deps, api, mailbox), row.messageId)) !== null;
  }
  const client = await openImap(serverSettings(deps, mailbox));
  try {
    const path = await sentFolder(client);
    if (!path) return undefined;
    await client.mailboxOpen(path, { readOnly: true });
    const found = await client.search({ header: { 'message-id': row.messageId } }, { uid: true });
    return Array.isArray(found) && found.length > 0;
  } finally {
    await client.logout().catch(() => client.close());
  }
}

/**
 * A row tried before: was it sent? `sending` again means the attempt was cut off (a crash between the provider's
 * answer and our record); a `queued` row with `via` set failed in a way that may still have reached the provider (a
 * time-out after Gmail took it). The mailbox found holding the Message-ID (only we make it) → sent. Gmail and Graph
 * not holding it → never taken: sent now (both file what they accept at once — Graph's sendMail within seconds, and
 * a cut-off row is claimed again only after its 2-minute lease). IMAP not holding it after a cut-off → unconfirmed:
 * SMTP may have relayed it before the copy was filed. The system mail cannot be asked → unconfirmed.
 */
async function priorAttempt(db: Db, deps: MailDeps, row: sendsRepository.ClaimedSend): Promise<Verdict> {
  const cutOff = row.previousStatus === 'sending';
  if (row.via === null) return 'absent';
  if (row.via === 'system') return cutOff ? 'unconfirmed' : 'absent';
  let found: boolean | undefined;
  try {
    found = await copyFound(db, deps, row);
  } catch {
    // The provider could not be asked now (unreachable, token refused): ask again later, then give up to a person.
    return row.attempts >= maxAttempts ? (cutOff ? 'unconfirmed' : 'absent') : 'askLater';
  }
  if (found === true) return 'sent';
  if (!cutOff) return 'absent';
  const [mailbox] = await mailboxesRepository.listUserMailboxes(db, row.orgId, row.senderUserId);
  return found === false && mailbox && mailbox.provider !== 'imap' ? 'absent' : 'unconfirmed';
}

async function attempt(db: Db, deps: SendDeps, row: sendsRepository.MailSendRow, delivered: () => void): Promise<'mailbox' | 'system'> {
  const [mailbox] = await mailboxesRepository.listUserMailboxes(db, row.orgId, row.senderUserId);
  if (mailbox) {
    const actor = await loadActor(db, row.senderUserId, row.orgId);
    await send({ db, deps: deps.mail, log: deps.log }, actor, { to: [row.recipient], cc: [], subject: row.subject, text: row.text, mailboxId: mailbox.id }, { messageId: row.messageId, afterDeliver: delivered });
    return 'mailbox';
  }
  await deps.mailer.deliver({ to: row.recipient, subject: row.subject, text: row.text, messageId: row.messageId });
  delivered();
  return 'system';
}

const unconfirmedNote = 'interrupted between sending and recording: not sent again';

/** One pass of the job: answers how many rows it settled. */
export async function deliverQueuedMail(db: Db, deps: SendDeps): Promise<number> {
  const claimed = await sendsRepository.claimDueSends(db, 10, deps.leaseSeconds ?? 120);
  for (const row of claimed) {
    if (row.previousStatus === 'sending' || row.via !== null) {
      const verdict = await priorAttempt(db, deps.mail, row);
      if (verdict === 'sent') {
        await sendsRepository.finishSend(db, row.id, { status: 'sent', sentAt: new Date(), lockedUntil: null, error: null });
        continue;
      }
      if (verdict === 'unconfirmed') {
        await sendsRepository.finishSend(db, row.id, { status: 'unconfirmed', lockedUntil: null, error: unconfirmedNote });
        continue;
      }
      if (verdict === 'askLater') {
        await sendsRepository.finishSend(db, row.id, { status: row.previousStatus, lockedUntil: new Date(Date.now() + backoffSeconds(row.attempts) * 1000) });
        continue;
      }
    }
    let via: 'mailbox' | 'system';
    let delivered = false;
    try {
      // Which path is about to be tried, so a cut-off attempt knows where to look.
      const [mailbox] = await mailboxesRepository.listUserMailboxes(db, row.orgId, row.senderUserId);
      await sendsRepository.finishSend(db, row.id, { via: mailbox ? 'mailbox' : 'system' });
      via = await attempt(db, deps, row, () => {
        delivered = true;
        deps.afterSend?.(row);
      });
    } catch (error) {
      // Once the provider took it nothing turns into a retry: the row stays `sending` and, its lease run out, the
      // next pass confirms it with the mailbox (priorAttempt). Only a crash (or the tests' hook) gets here.
      if (delivered) throw error;
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const failed = row.attempts >= maxAttempts;
      await sendsRepository.finishSend(db, row.id, failed ? { status: 'failed', error: message, lockedUntil: null } : { status: 'queued', error: message, runAt: new Date(Date.now() + backoffSeconds(row.attempts) * 1000), lockedUntil: null });
      deps.log.warn({ err: error, sendId: row.id }, 'queued mail not sent');
      continue;
    }
    await sendsRepository.finishSend(db, row.id, { status: 'sent', via, sentAt: new Date(), lockedUntil: null, error: null });
  }
  return claimed.length;
}

/** Polled every 2 s with the webhooks and LINE pushes (server.ts). */
export function mailSendsJobs(config: Config, log: FastifyBaseLogger, mailer: Mailer): JobDefinition[] {
  const deps: SendDeps = { mail: createMailDeps(config, mailer), mailer, log };
  return [{ name: 'mail.sends', intervalMs: 2_000, leaseSeconds: 120, run: (db) => deliverQueuedMail(db, deps) }];
}

/**
 * A quote e-mailed from the sender's own connected mailbox (deals' registerQuoteMailbox, wired in
 * apps/server/src/app.ts): sent now, with its PDF, kept in the Sent folder and on the contact's timeline like any
 * mail the member sends. Without a mailbox the quote goes through the system mail (deals/quotes/quotes.send.ts).
 */
export const quoteMailboxSender = {
  async addressOf(db: Db, actor: Actor): Promise<string | null> {
    const [mailbox] = await mailboxesRepository.listUserMailboxes(db, actor.orgId, actor.userId);
    return mailbox?.email ?? null;
  },
  async send(context: { db: Db; config: Config; mailer: Mailer; log: FastifyBaseLogger }, actor: Actor, message: MailMessage): Promise<void> {
    const deps = createMailDeps(context.config, context.mailer);
    await send({ db: context.db, deps, log: context.log }, actor, { to: [message.to], cc: [], subject: message.subject, text: message.text }, message.attachments ? { attachments: message.attachments } : {});
  },
};
