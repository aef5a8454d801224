import { fullName, type Email, type EmailDealOption } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { emitEvent } from '../../../platform/events.ts';
import type { Actor } from '../../access/privileges/access-core.ts';
import * as dealsAccess from '../../deals/deals/deals.access.ts';
import { loadReadableEmail } from './mailboxes.access.ts';
import { emailAnswer } from './mailboxes.emails.ts';
import * as linksRepository from './mailboxes.links.repository.ts';

/**
 * A member puts a stored e-mail on a deal, or takes it off (docs/product.md "E-mail"): they must read the e-mail
 * (its body: private mail of another member is 404) and edit the deal. The deal's timeline shows it from then on.
 */

/** The open deals of the e-mail's contacts that the viewer sees, and whether the e-mail is on each already. */
export async function dealOptions(db: Db, actor: Actor, id: string): Promise<EmailDealOption[]> {
  await loadReadableEmail(db, actor, id);
  const rows = await linksRepository.openDealsOfEmailContacts(db, actor.orgId, id, await dealsAccess.visibility(db, actor));
  return rows.map((row) => ({ id: row.id, name: row.name, contactName: fullName(row.firstName, row.lastName), linked: row.linked }));
}

async function change(db: Db, actor: Actor, id: string, dealId: string, linked: boolean): Promise<Email> {
  const email = await loadReadableEmail(db, actor, id);
  await dealsAccess.assertAccessible(db, actor, dealId, 'edit');
  await db.transaction(async (tx) => {
    const changed = linked ? await linksRepository.linkDeal(tx, actor.orgId, id, dealId) : await linksRepository.unlinkDeal(tx, actor.orgId, id, dealId);
    if (!changed) return;
    await emitEvent(tx, {
      orgId: actor.orgId,
      type: linked ? 'email.linked' : 'email.unlinked',
      recordKind: 'email',
      recordId: id,
      record: { id, subject: email.subject, threadId: email.threadId, dealId, via: 'user' },
    });
  });
  return emailAnswer(db, actor, email);
}

export const linkDeal = (db: Db, actor: Actor, id: string, dealId: string) => change(db, actor, id, dealId, true);
export const unlinkDeal = (db: Db, actor: Actor, id: string, dealId: string) => change(db, actor, id, dealId, false);
