import type { FastifyBaseLogger } from 'fastify';
import type { ImapFlow } from 'imapflow';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { runAsEventActor } from '../../../platform/event-actor.ts';
import type { JobDefinition } from '../../../platform/jobs.ts';
import type { Mailer } from '../../../platform/mail.ts';
import { can, loadActor } from '../../access/privileges/access-core.ts';
import { loadAddressBook, matchRecords, type AddressBook } from './mailboxes.match.ts';
import { createMailDeps, leaseSeconds, serverSettings, type MailDeps } from './mailboxes.deps.ts';
import { noteFailure } from './mailboxes.failure-notice.ts';
import { parseEmail } from './mailboxes.parse.ts';
import { syncRemote } from './mailboxes.remote-sync.ts';
import * as mailboxesRepository from './mailboxes.repository.ts';
import type { MailboxRow } from './mailboxes.repository.ts';
import { storeEmail } from './mailboxes.store.ts';
import type { FolderCursor } from './mailboxes.table.ts';
import { classify, openImap } from './mailboxes.transport.ts';

export const syncEverySeconds = 60;
/** Messages looked at per step: the cursor moves after each, so a killed run redoes at most one step. */
export const chunkSize = 100;


function envelopeAddresses(envelope: { from?: { address?: string }[]; to?: { address?: string }[]; cc?: { address?: string }[]; bcc?: { address?: string }[]; sender?: { address?: string }[] } | undefined): string[] {
  if (!envelope) return [];
  return [...(envelope.from ?? []), ...(envelope.sender ?? []), ...(envelope.to ?? []), ...(envelope.cc ?? []), ...(envelope.bcc ?? [])].flatMap((a) => (a.address ? [a.address.toLowerCase()] : []));
}

/**
 * One folder, from its cursor on: envelopes first (addresses only), then the full source of the matching messages
 * alone. Nothing of a message that matches no contact is written anywhere.
 */
async function syncFolder(db: Db, mailbox: MailboxRow, client: ImapFlow, path: string, book: AddressBook, cursors: Record<string, FolderCursor>): Promise<number> {
  const lock = await client.getMailboxLock(path);
  let stored = 0;
  try {
    const box = client.mailbox;
    if (!box) return 0;
    const uidValidity = String(box.uidValidity);
    const modseq = box.highestModseq !== undefined ? String(box.highestModseq) : null;
    let cursor = cursors[path];
    // A new UIDVALIDITY means the server renumbered the folder: read it again (Message-IDs keep out duplicates).
    if (!cursor || cursor.uidValidity !== uidValidity) cursor = { uidValidity, lastUid: 0, highestModseq: null };
    const unchanged = box.uidNext - 1 <= cursor.lastUid && (modseq === null || modseq === cursor.highestModseq);
    if (!unchanged) {
      const since = new Date(Date.now() - mailbox.backfillDays * 86_400_000);
      const found = (await client.search({ uid: `${cursor.lastUid + 1}:*`, since }, { uid: true })) || [];
      const uids = found.filter((uid) => uid > cursor!.lastUid).sort((a, b) => a - b);
      for (let i = 0; i < uids.length; i += chunkSize) {
        const chunk = uids.slice(i, i + chunkSize);
        const matched = new Map<number, ReturnType<typeof matchRecords>>();
        for await (const message of client.fetch(chunk.join(','), { uid: true, envelope: true }, { uid: true })) {
          const links = matchRecords(book, envelopeAddresses(message.envelope));
          if (links.length > 0) matched.set(message.uid, links);
        }
        if (matched.size > 0) {
          const sources: { uid: number; source: Buffer; date: Date }[] = [];
          for await (const message of client.fetch([...matched.keys()].join(','), { uid: true, source: true, internalDate: true }, { uid: true })) {
            if (message.source) sources.push({ uid: message.uid, source: message.source, date: message.internalDate instanceof Date ? message.internalDate : new Date() });
          }
          for (const { uid, source, date } of sources) {
            const email = await parseEmail(source, date, `${mailbox.id}.${uidValidity}.${uid}@imap`);
            const direction = book.own.has(email.from.address) ? 'out' : 'in';
            if (await storeEmail(db, mailbox, email, direction, matched.get(uid)!, 'email.synced', { kind: 'imap', folder: path, uidValidity, uid })) stored += 1;
          }
        }
        cursor = { ...cursor, lastUid: chunk.at(-1)! };
        cursors[path] = cursor;
        await mailboxesRepository.updateMailbox(db, mailbox.orgId, mailbox.id, { cursors });
        await mailboxesRepository.extendLease(db, mailbox.orgId, mailbox.id, leaseSeconds);
      }
    }
    cursors[path] = { ...cursor, lastUid: Math.max(cursor.lastUid, box.uidNext - 1), highestModseq: modseq };
    return stored;
  } finally {
    lock.release();
  }
}

/** The Sent folder by its special use (RFC 6154), else by its usual names. */
export async function sentFolder(client: ImapFlow): Promise<string | undefined> {
  const folders = await client.list();
  return (folders.find((folder) => folder.specialUse === '\\Sent') ?? folders.find((folder) => /^(sent|sent items|sent messages|寄件備份|已发送)$/i.test(folder.name)))?.path;
}

/** Background work acts for the owner only while they may see contacts in a live workspace. */
async function ownerMaySync(db: Db, mailbox: MailboxRow): Promise<boolean> {
  try {
    return can(await loadActor(db, mailbox.userId, mailbox.orgId), 'contact', 'view');
  } catch {
    return false;
  }
}

/** Syncs one claimed mailbox (INBOX and Sent) and records the outcome as its health. */
export async function syncMailbox(db: Db, deps: MailDeps, log: FastifyBaseLogger, mailbox: MailboxRow): Promise<number> {
  let stored = 0;
  try {
    if (!(await ownerMaySync(db, mailbox))) return 0;
    await mailboxesRepository.updateMailbox(db, mailbox.orgId, mailbox.id, { status: 'syncing' });
    const book = await loadAddressBook(db, mailbox);
    const cursors = { ...mailbox.cursors };
    if (mailbox.provider === 'imap') {
      const client = await openImap(serverSettings(deps, mailbox));
      try {
        const sent = await sentFolder(client);
        for (const path of ['INBOX', ...(sent ? [sent] : [])]) stored += await syncFolder(db, mailbox, client, path, book, cursors);
      } finally {
        await client.logout().catch(() => client.close());
      }
    } else {
      stored += await syncRemote(db, deps, mailbox, book);
    }
    await mailboxesRepository.updateMailbox(db, mailbox.orgId, mailbox.id, { cursors, status: 'idle', lastSyncedAt: new Date(), lastProblem: null, lastError: null, lockedUntil: null, failingSince: null, failureNoticedAt: null });
  } catch (error) {
    const failure = classify(error);
    log.warn({ err: error, mailboxId: mailbox.id }, 'mailbox sync failed');
    await mailboxesRepository.updateMailbox(db, mailbox.orgId, mailbox.id, { status: 'error', lastProblem: failure.problem, lastError: failure.message, lastErrorAt: new Date(), lockedUntil: null });
    await noteFailure(db, deps.mailer, deps.publicUrl, mailbox, failure.problem).catch((noticeError: unknown) => log.warn({ err: noticeError, mailboxId: mailbox.id }, 'mailbox failure notice failed'));
  }
  return stored;
}

/** The recurring job: claims due mailboxes (all workspaces) and syncs each. */
export async function runMailSync(db: Db, deps: MailDeps, log: FastifyBaseLogger, onlyId?: string): Promise<{ mailboxes: number; stored: number }> {
  let count = 0;
  let stored = 0;
  for (;;) {
    const claimed = await mailboxesRepository.claimDueMailboxes(db, leaseSeconds, syncEverySeconds, 5, onlyId);
    if (claimed.length === 0) return { mailboxes: count, stored };
    for (const mailbox of claimed) stored += await runAsEventActor('system', () => syncMailbox(db, deps, log, mailbox));
    count += claimed.length;
    if (onlyId) return { mailboxes: count, stored };
  }
}

export function mailboxesJobs(config: Config, log: FastifyBaseLogger, mailer: Mailer): JobDefinition[] {
  const deps = createMailDeps(config, mailer);
  // Runs overlap safely (each mailbox is leased on its own), so the job's own lease is short.
  return [{ name: 'mailboxes.sync', intervalMs: syncEverySeconds * 1000, leaseSeconds: 120, run: (db) => runMailSync(db, deps, log) }];
}
