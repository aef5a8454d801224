import { fullName } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import * as timelineService from '../../access/timeline/timeline.service.ts';
import * as notesService from '../notes/notes.service.ts';
import * as contactsRepository from './contacts.repository.ts';
import * as contactsService from './contacts.service.ts';

/**
 * A contact's personal data as Taiwan's PDPA asks (imports/pdpa, LINE's stop keyword): the marketing opt-out, what
 * identifies the person, "stop processing", and erasure.
 */

/** "No marketing" set (an unsubscribe link or a stop keyword), recorded on the timeline; false when already set or gone. */
export async function optOutOfMarketing(db: Db, orgId: string, id: string): Promise<boolean> {
  const row = await contactsRepository.findContactRow(db, orgId, id);
  if (!row || row.noMarketing) return false;
  await contactsRepository.updateContact(db, orgId, id, { noMarketing: true });
  await timelineService.record(db, orgId, null, 'contact', [id], 'update', { noMarketing: [false, true] });
  return true;
}

// ---- for a person's PDPA requests (imports/pdpa) ----

/** What identifies a person in the workspace's data: names as written, phones and e-mails; undefined when gone. */
export async function personOf(db: Db, orgId: string, id: string) {
  const row = await contactsRepository.findAnyContactRow(db, orgId, id);
  if (!row) return undefined;
  return {
    id: row.id,
    name: fullName(row.firstName, row.lastName),
    names: [...new Set([fullName(row.firstName, row.lastName), `${row.lastName}${row.firstName}`, `${row.firstName} ${row.lastName}`.trim()])],
    phones: row.phones.map((p) => p.value),
    emails: row.emails.map((e) => e.value),
    avatarFileId: row.avatarFileId,
    noMarketing: row.noMarketing,
    restricted: row.restrictedAt !== null,
  };
}

/** A "stop processing" request done (or lifted), recorded on the contact's timeline by the member who did it. */
export async function setRestricted(db: Db, orgId: string, userId: string, id: string, restricted: boolean): Promise<void> {
  await contactsRepository.setRestricted(db, orgId, id, restricted);
  await timelineService.record(db, orgId, userId, 'contact', [id], 'update', { restricted: [!restricted, restricted] });
}

/** Erasure: the contact row itself, its notes and timeline, for good (its history goes with the purge event). */
export async function eraseContact(db: Db, orgId: string, id: string): Promise<void> {
  await notesService.forget(db, orgId, 'contact', [id]);
  await contactsService.purgeContacts(db, orgId, [id]);
}
