import type { Db } from '../../../db/client.ts';
import { emitEvent, forgetEvents } from '../../../platform/events.ts';
import { forgetOutboxMail } from '../../../platform/mail.ts';
import type { JobDefinition } from '../../../platform/jobs.ts';
import { deleteFiles, removeBytes } from '../../access/files/files.ts';
import { eraseDeliveriesOf } from '../../access/webhooks/webhooks.erase.ts';
import { eraseRunsOf } from '../../automation/workflows/workflows.erase.ts';
import { erasePersonalFields } from '../../booking/reservations/reservations.erase.ts';
import { eraseLeads } from '../../cards/cards/cards.erase.ts';
import { eraseFriendOf } from '../../channels/line/line.erase.ts';
import { eraseMailOf } from '../../mail/mailboxes/mailboxes.erase.ts';
import * as contactPersonalData from '../../records/contacts/contacts.personal-data.ts';
import * as duplicatesService from '../../records/duplicates/duplicates.service.ts';
import { eraseMergesOf } from '../../records/merges/merges.erase.ts';
import * as pdpaRepository from './pdpa.repository.ts';
import { auditErasure } from './pdpa.service.ts';

/*
 * The erase job (a person's "delete" request, PDPA article 11 III): the person goes from every table that holds them,
 * each through the module that owns it, in one transaction — all or nothing; a crash leaves the request `erasing`
 * and the next run (another server after the lease) does it again. What stays: the request itself (no contact, no
 * note) and one audit entry naming the request only. Deals and schedules stay (the business's own records) without
 * their client link (the foreign keys' set null).
 */

const leaseSeconds = 300;

/** Erases one person; answers false when the request was not erasing any more (done by another run). */
export async function erasePerson(db: Db, dataDir: string, request: { id: string; orgId: string; contactId: string | null }): Promise<void> {
  const { orgId, contactId } = request;
  let photo: string[] = [];
  await db.transaction(async (tx) => {
    const person = contactId ? await contactPersonalData.personOf(tx, orgId, contactId) : undefined;
    if (contactId && person) {
      await eraseFriendOf(tx, orgId, contactId);
      await eraseMailOf(tx, orgId, contactId);
      await erasePersonalFields(tx, orgId, contactId, person);
      await eraseLeads(tx, orgId, contactId, person);
      await eraseRunsOf(tx, orgId, contactId);
      await eraseDeliveriesOf(tx, orgId, contactId);
      await eraseMergesOf(tx, orgId, contactId);
      await contactPersonalData.eraseContact(tx, orgId, contactId);
      photo = person.avatarFileId ? [person.avatarFileId] : [];
      await deleteFiles(tx, orgId, photo);
      await duplicatesService.refreshRecords(tx, orgId, 'contact', [contactId]);
      // Last: the outbox rows every step above (and the person's whole past) left, then one event without them.
      const needles = [...person.names, ...person.phones, ...person.emails];
      await forgetEvents(tx, orgId, [contactId], needles);
      await forgetOutboxMail(tx, needles);
      await emitEvent(tx, { orgId, type: 'contact.purged', recordKind: 'contact', recordId: contactId, record: { id: contactId } });
      await pdpaRepository.detachContact(tx, orgId, contactId);
    }
    const row = await pdpaRepository.findRequest(tx, orgId, request.id);
    await pdpaRepository.updateRequest(tx, orgId, request.id, ['erasing'], { state: 'done', contactId: null, note: null, lockedUntil: null });
    await auditErasure(tx, orgId, request.id, row?.doneByUserId ?? null);
  });
  await removeBytes(dataDir, orgId, photo);
}

/** Runs every erasing request (job pdpa.erase, and at once after "complete" in this process). */
export async function runErasures(db: Db, dataDir: string): Promise<number> {
  let count = 0;
  for (;;) {
    const request = await pdpaRepository.claimErasing(db, leaseSeconds);
    if (!request) return count;
    await erasePerson(db, dataDir, request);
    count++;
  }
}

/** Registered by server.ts: a queued or interrupted erasure is done within a minute, after a restart too. */
export function pdpaJobs(dataDir: string): JobDefinition[] {
  return [{ name: 'pdpa.erase', intervalMs: 60_000, leaseSeconds, run: (db) => runErasures(db, dataDir) }];
}
