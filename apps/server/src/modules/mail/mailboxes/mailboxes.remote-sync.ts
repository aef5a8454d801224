import type { OAuthMailProvider } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { matchRecords, type AddressBook } from './mailboxes.match.ts';
import { tokenSession } from './mailboxes.oauth.ts';
import { parseEmail } from './mailboxes.parse.ts';
import { StaleCursorError, type ProviderCursor } from './mailboxes.remote.ts';
import * as mailboxesRepository from './mailboxes.repository.ts';
import type { MailboxRow } from './mailboxes.repository.ts';
import { storeEmail } from './mailboxes.store.ts';
import { leaseSeconds, type MailDeps } from './mailboxes.deps.ts';

/** Pages read per run at most, so one huge mailbox cannot hold a worker forever; the cursor says where to go on. */
const maxPagesPerRun = 500;

/**
 * Syncs a Gmail or Outlook mailbox page by page: addresses first (from the page, or Gmail's metadata), the MIME source
 * only of matching messages, and the cursor saved after each page so a killed run redoes at most one page. A cursor
 * the provider forgot (Gmail 404, Graph 410) starts over from the backfill window; Message-IDs keep out duplicates.
 */
export async function syncRemote(db: Db, deps: MailDeps, mailbox: MailboxRow, book: AddressBook): Promise<number> {
  const provider = mailbox.provider as OAuthMailProvider;
  const api = deps.apis[provider];
  const session = tokenSession(db, deps, api, mailbox);
  const since = new Date(Date.now() - mailbox.backfillDays * 86_400_000);
  let cursor = mailbox.syncToken ? (JSON.parse(mailbox.syncToken) as ProviderCursor) : null;
  let stored = 0;
  for (let pages = 0; pages < maxPagesPerRun; pages += 1) {
    let page;
    try {
      page = await api.page(session, cursor, since);
    } catch (error) {
      if (!(error instanceof StaleCursorError) || cursor === null) throw error;
      cursor = null;
      continue;
    }
    for (const ref of page.refs) {
      const links = matchRecords(book, ref.addresses ?? (await api.addresses(session, ref.id)));
      if (links.length === 0) continue;
      const email = await parseEmail(await api.raw(session, ref.id), new Date(), `${mailbox.id}.${ref.id}@${provider}`);
      const direction = book.own.has(email.from.address) ? 'out' : 'in';
      if (await storeEmail(db, mailbox, email, direction, links, 'email.synced', { kind: 'api', id: ref.id })) stored += 1;
    }
    cursor = page.cursor;
    await mailboxesRepository.updateMailbox(db, mailbox.orgId, mailbox.id, { syncToken: JSON.stringify(cursor) });
    await mailboxesRepository.extendLease(db, mailbox.orgId, mailbox.id, leaseSeconds);
    if (page.done) break;
  }
  return stored;
}
