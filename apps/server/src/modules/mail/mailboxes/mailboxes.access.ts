import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Actor } from '../../access/privileges/access-core.ts';
import * as dealsAccess from '../../deals/deals/deals.access.ts';
import * as companiesService from '../../records/companies/companies.service.ts';
import * as contactsService from '../../records/contacts/contacts.service.ts';
import * as mailboxesRepository from './mailboxes.repository.ts';
import type { EmailRow } from './mailboxes.repository.ts';

/**
 * Who reads a stored e-mail: whoever may see a record it shows on (a contact, company or deal), and its body only
 * the mailbox's owner while it is private. Another workspace's or an unreadable e-mail is 404 — as if it did not exist.
 */
export type MailRecordType = 'contact' | 'company' | 'deal';

/** The record's own rule (its kind's privilege and owner scope) for viewing it, or editing it (keeping a file on it). */
export async function assertRecordAccess(db: Db, actor: Actor, entityType: MailRecordType, entityId: string, method: 'view' | 'edit'): Promise<void> {
  if (entityType === 'contact') await contactsService.assertAccessible(db, actor, entityId, method);
  else if (entityType === 'company') await companiesService.assertAccessible(db, actor, entityId, method);
  else await dealsAccess.assertAccessible(db, actor, entityId, method);
}

export const assertViewable = (db: Db, actor: Actor, entityType: MailRecordType, entityId: string) => assertRecordAccess(db, actor, entityType, entityId, 'view');

async function seesAnyRecord(db: Db, actor: Actor, emailId: string, orgId: string): Promise<boolean> {
  for (const link of await mailboxesRepository.emailLinksOf(db, orgId, emailId)) {
    try {
      await assertViewable(db, actor, link.entityType, link.entityId);
      return true;
    } catch {
      // Not this one: another record it is on may be visible.
    }
  }
  return false;
}

/** The e-mail with its body readable by the actor (for attachments, linking): else EMAIL_NOT_FOUND. */
export async function loadReadableEmail(db: Db, actor: Actor, id: string): Promise<EmailRow> {
  const row = await mailboxesRepository.findEmail(db, actor.orgId, id);
  if (!row) throw new AppError('EMAIL_NOT_FOUND');
  if (row.ownerUserId === actor.userId) return row;
  if (row.private || !(await seesAnyRecord(db, actor, id, actor.orgId))) throw new AppError('EMAIL_NOT_FOUND');
  return row;
}
