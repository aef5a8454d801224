import {
  companyMergeFields,
  contactMergeFields,
  fullName,
  mergeUndoDays,
  type DuplicateKind,
  type MergeBody,
  type MergeItem,
  type MergeResult,
  type MergeUndoResult,
} from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import type { MovedRow, RowSnapshot } from '../../../db/record-snapshots.ts';
import { AppError } from '../../../platform/errors.ts';
import { emitEvent } from '../../../platform/events.ts';
import * as auditLogService from '../../access/audit-log/audit-log.service.ts';
import { assertCan, type Actor } from '../../access/privileges/access-core.ts';
import * as companiesService from '../companies/companies.service.ts';
import * as contactsService from '../contacts/contacts.service.ts';
import { moverNamed, registeredMovers } from './merge-movers.ts';
import { mergedAway, mergedSurvivor } from './merge-values.ts';
import * as mergesRepository from './merges.repository.ts';

/*
 * Merging contacts or companies and undoing it (docs/decisions/0022-duplicates-and-merge.md): all in one transaction —
 * the originals kept whole, the survivor written with the picked values, the others hidden (deleted, merged_into_id),
 * every registered mover's rows pointed at the survivor. The undo writes the originals back and moves those rows back.
 */

const undoMs = mergeUndoDays * 24 * 3600_000;

/** Who asked, for the audit log (the request's member, IP address and device). */
export interface MergeRequester {
  label: string;
  ip?: string | null | undefined;
  userAgent?: string | null | undefined;
}

/** A merge and its undo are audit entries (issue 37), written in their transaction: all of it or none. */
function auditMerge(tx: Db, actor: Actor, who: MergeRequester, type: 'recordsMerged' | 'recordsUnmerged', details: Record<string, unknown>) {
  return auditLogService.audit(tx, {
    orgId: actor.orgId,
    type,
    actor: { userId: actor.userId, label: who.label },
    ip: who.ip,
    userAgent: who.userAgent,
    target: `${String(details.kind)}:${String(details.survivorId)}`,
    details,
  });
}

const sourceOf = (kind: DuplicateKind) => (kind === 'contact' ? contactsService : companiesService);
const fieldsOf = (kind: DuplicateKind): readonly string[] => (kind === 'contact' ? contactMergeFields : companyMergeFields);

function assertMayMerge(actor: Actor, kind: DuplicateKind): void {
  // A merge edits the survivor and removes the others.
  assertCan(actor, kind, 'edit');
  assertCan(actor, kind, 'delete');
}

export async function merge(db: Db, actor: Actor, body: MergeBody, who: MergeRequester): Promise<MergeResult> {
  assertMayMerge(actor, body.kind);
  const source = sourceOf(body.kind);
  const ids = [body.survivorId, ...body.mergedIds];
  return db.transaction(async (tx) => {
    await source.assertMergeable(tx, actor, ids);
    const originals = await source.snapshots(tx, actor.orgId, ids);
    const now = new Date().toISOString();
    const survivor = mergedSurvivor(body.kind, originals, body.survivorId, body.picks, fieldsOf(body.kind), now);
    // The merged-away rows first: a 統編 the survivor takes over must leave them before it arrives (unique while live).
    await source.writeSnapshots(tx, actor.orgId, originals.filter((r) => r.id !== body.survivorId).map((r) => mergedAway(r, body.survivorId, now)));
    await source.writeSnapshots(tx, actor.orgId, [survivor]);
    const moves: Record<string, MovedRow[]> = {};
    for (const [name, mover] of registeredMovers()) {
      moves[name] = await mover.move(tx, actor.orgId, body.kind, body.mergedIds, body.survivorId);
    }
    const mergeId = await mergesRepository.insertMerge(tx, {
      orgId: actor.orgId,
      kind: body.kind,
      survivorId: body.survivorId,
      mergedIds: body.mergedIds,
      originals,
      moves,
      mergedByUserId: actor.userId,
    });
    await emitEvent(tx, { orgId: actor.orgId, type: `${body.kind}.merged`, recordKind: body.kind, recordId: body.survivorId, record: { id: body.survivorId, mergedIds: body.mergedIds, mergeId } });
    await auditMerge(tx, actor, who, 'recordsMerged', { kind: body.kind, survivorId: body.survivorId, mergedIds: body.mergedIds, mergeId });
    return { mergeId, survivorId: body.survivorId };
  });
}

export async function undo(db: Db, actor: Actor, mergeId: string, who: MergeRequester): Promise<MergeUndoResult> {
  return db.transaction(async (tx) => {
    const row = await mergesRepository.findMergeForUpdate(tx, actor.orgId, mergeId);
    if (!row) throw new AppError('NOT_FOUND');
    assertMayMerge(actor, row.kind);
    const source = sourceOf(row.kind);
    // The survivor must be one the actor may see (the merged-away ones are hidden now).
    await source.assertMergeable(tx, actor, [row.survivorId]);
    if (row.undoneAt || Date.now() - row.createdAt.getTime() > undoMs) throw new AppError('MERGE_UNDO_EXPIRED');
    for (const [name, moved] of Object.entries(row.moves).reverse()) {
      await moverNamed(name)?.undo(tx, actor.orgId, row.kind, moved, row.survivorId);
    }
    // The survivor first: a 統編 it had taken over goes back to its merged-away owner next.
    const written = await source.writeSnapshots(tx, actor.orgId, row.originals);
    if (written !== row.originals.length) throw new AppError('MERGE_UNDO_EXPIRED');
    await mergesRepository.markUndone(tx, actor.orgId, mergeId);
    await emitEvent(tx, { orgId: actor.orgId, type: `${row.kind}.unmerged`, recordKind: row.kind, recordId: row.survivorId, record: { id: row.survivorId, restoredIds: row.mergedIds, mergeId } });
    await auditMerge(tx, actor, who, 'recordsUnmerged', { kind: row.kind, survivorId: row.survivorId, restoredIds: row.mergedIds, mergeId });
    return { survivorId: row.survivorId, restoredIds: row.mergedIds };
  });
}

const nameOf = (kind: DuplicateKind, row: RowSnapshot | undefined) =>
  !row ? '' : kind === 'contact' ? fullName(row.first_name as string, row.last_name as string) : String(row.name ?? '');

/** The kind's latest 50 merges, for undo. */
export async function listMerges(db: Db, actor: Actor, kind: DuplicateKind): Promise<{ items: MergeItem[] }> {
  assertCan(actor, kind, 'view');
  const rows = await mergesRepository.listMerges(db, actor.orgId, kind, 50);
  const visible = new Set<string>();
  for (const row of rows) {
    try {
      await sourceOf(kind).assertMergeable(db, actor, [row.survivorId]);
      visible.add(row.id);
    } catch {
      // A survivor the actor may not see (or gone) keeps its merge out of their list.
    }
  }
  return {
    items: rows
      .filter((row) => visible.has(row.id))
      .map((row) => {
        const byId = new Map(row.originals.map((o) => [o.id, o]));
        return {
          id: row.id,
          kind,
          survivor: { id: row.survivorId, name: nameOf(kind, byId.get(row.survivorId)) },
          merged: row.mergedIds.map((id) => ({ id, name: nameOf(kind, byId.get(id)) })),
          mergedByName: row.mergedByName,
          createdAt: row.createdAt.toISOString(),
          undoUntil: new Date(row.createdAt.getTime() + undoMs).toISOString(),
          undoneAt: row.undoneAt ? row.undoneAt.toISOString() : null,
        };
      }),
  };
}

/** Merge records past their undo window (the nightly job). */
export async function pruneExpired(db: Db): Promise<void> {
  await mergesRepository.deleteOlderThan(db, new Date(Date.now() - undoMs));
}
