import {
  fullName,
  isPdpaOverdue,
  pdpaActionBodySchema,
  pdpaCreateBodySchema,
  pdpaDueDate,
  type PdpaListQuery,
  type PdpaRequest,
} from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError, parseOrFail } from '../../../platform/errors.ts';
import { assertSystemAdministrator, type Actor } from '../../access/privileges/access-core.ts';
import * as auditLogService from '../../access/audit-log/audit-log.service.ts';
import * as contactsService from '../../records/contacts/contacts.service.ts';
import * as contactPersonalData from '../../records/contacts/contacts.personal-data.ts';
import * as backupsService from '../backups/backups.service.ts';
import * as pdpaRepository from './pdpa.repository.ts';

/*
 * A person's requests under Taiwan's PDPA (contract imports/pdpa.ts, docs/product.md "Personal data"). Here, in the
 * data-in-and-out context, because a view/copy request is answered with the backup format (backups) and an erase
 * reaches every context below (pdpa.erase.ts). Members who may edit a contact record and answer its requests; the
 * workspace's list and erasing someone are for system administrators.
 */

/** The workspace's calendar date for due dates (Asia/Taipei: Taiwan's act, Taiwanese workspaces). */
export const taipeiToday = (now = new Date()) => new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

export function toRequest(row: pdpaRepository.PdpaListRow, today = taipeiToday()): PdpaRequest {
  return {
    id: row.id,
    contactId: row.contactId,
    contactName: row.contactId && row.contactFirstName !== null ? fullName(row.contactFirstName, row.contactLastName ?? '') : null,
    type: row.type,
    state: row.state,
    receivedOn: row.receivedOn,
    dueOn: row.dueOn,
    extended: row.extended,
    overdue: isPdpaOverdue(row, today),
    note: row.note,
    resolution: row.resolution,
    doneAt: row.doneAt?.toISOString() ?? null,
    doneByName: row.doneByFirstName === null ? null : fullName(row.doneByFirstName, row.doneByLastName ?? ''),
    backupId: row.backupId,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listRequests(db: Db, actor: Actor, query: PdpaListQuery): Promise<{ items: PdpaRequest[] }> {
  if (query.contactId) await contactsService.assertAccessible(db, actor, query.contactId, 'view');
  else assertSystemAdministrator(actor);
  const rows = await pdpaRepository.listRequests(db, actor.orgId, { openOnly: query.scope === 'open', contactId: query.contactId });
  return { items: rows.map((row) => toRequest(row)) };
}

export async function createRequest(db: Db, actor: Actor, rawBody: unknown): Promise<PdpaRequest> {
  const body = parseOrFail(pdpaCreateBodySchema, rawBody);
  await contactsService.assertAccessible(db, actor, body.contactId, 'edit');
  const id = await pdpaRepository.insertRequest(db, actor.orgId, {
    contactId: body.contactId,
    type: body.type,
    receivedOn: body.receivedOn,
    dueOn: pdpaDueDate(body.type, body.receivedOn, false),
    note: body.note || null,
    createdByUserId: actor.userId,
  });
  return toRequest((await pdpaRepository.findRequest(db, actor.orgId, id))!);
}

/** The request, if the actor may act on it: a system administrator, or who may edit its contact. 404 otherwise. */
async function loadForAction(db: Db, actor: Actor, id: string) {
  const row = await pdpaRepository.findRequest(db, actor.orgId, id);
  if (!row) throw new AppError('NOT_FOUND');
  if (!actor.isSystemAdministrator) {
    if (!row.contactId) throw new AppError('NOT_FOUND');
    await contactsService.assertAccessible(db, actor, row.contactId, 'edit');
  }
  return row;
}

export async function act(db: Db, actor: Actor, id: string, rawBody: unknown): Promise<PdpaRequest> {
  const body = parseOrFail(pdpaActionBodySchema, rawBody);
  const row = await loadForAction(db, actor, id);
  const note = body.note || null;
  const closed = { doneAt: new Date(), doneByUserId: actor.userId, resolution: note };
  let changed = false;
  await db.transaction(async (tx) => {
    switch (body.action) {
      case 'extend':
        // Once only (article 13), while open.
        if (row.extended) break;
        changed = await pdpaRepository.updateRequest(tx, actor.orgId, id, ['open'], { extended: true, dueOn: pdpaDueDate(row.type, row.receivedOn, true), resolution: note });
        break;
      case 'refuse':
        changed = await pdpaRepository.updateRequest(tx, actor.orgId, id, ['open'], { state: 'refused', ...closed });
        break;
      case 'lift':
        if (row.type !== 'restrict' || row.state !== 'done' || !row.contactId) break;
        await contactPersonalData.setRestricted(tx, actor.orgId, actor.userId, row.contactId, false);
        changed = await pdpaRepository.updateRequest(tx, actor.orgId, id, ['done'], { resolution: note ?? row.resolution });
        break;
      case 'complete':
        changed = await complete(tx, actor, row, closed);
        break;
    }
  });
  if (!changed) throw new AppError('PDPA_REQUEST_STATE');
  return toRequest((await pdpaRepository.findRequest(db, actor.orgId, id))!);
}

async function complete(tx: Db, actor: Actor, row: pdpaRepository.PdpaListRow, closed: { doneAt: Date; doneByUserId: string; resolution: string | null }): Promise<boolean> {
  if (row.state !== 'open' || !row.contactId) return false;
  switch (row.type) {
    case 'access': {
      // Their data as a file: the backup format with only this person's rows (needs the contact export privilege).
      const backup = await backupsService.startPersonalData(tx, actor, row.contactId);
      return pdpaRepository.updateRequest(tx, actor.orgId, row.id, ['open'], { state: 'done', backupId: backup.id, ...closed });
    }
    case 'restrict':
      await contactPersonalData.setRestricted(tx, actor.orgId, actor.userId, row.contactId, true);
      return pdpaRepository.updateRequest(tx, actor.orgId, row.id, ['open'], { state: 'done', ...closed });
    case 'correct':
      // The correction itself is an edit of the contact (history keeps who changed what); this closes the request.
      return pdpaRepository.updateRequest(tx, actor.orgId, row.id, ['open'], { state: 'done', ...closed });
    case 'erase':
      // Erasing is for system administrators; the erase job does it (pdpa.erase.ts) and closes the request.
      assertSystemAdministrator(actor);
      return pdpaRepository.updateRequest(tx, actor.orgId, row.id, ['open'], { state: 'erasing', ...closed });
  }
}

/** The audit entry an erasure leaves: which request, by whom — nothing about the person. */
export async function auditErasure(db: Db, orgId: string, requestId: string, doneByUserId: string | null): Promise<void> {
  await auditLogService.audit(db, { orgId, type: 'personalDataErased', actor: doneByUserId ? { userId: doneByUserId, label: '' } : null, target: `pdpa_request:${requestId}` });
}
