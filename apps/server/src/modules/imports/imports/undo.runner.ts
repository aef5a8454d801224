import { sql } from 'drizzle-orm';
import type { TagKind } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { runAsEventActor } from '../../../platform/event-actor.ts';
import { importActor } from './import-actor.ts';
import * as companiesService from '../../records/companies/companies.service.ts';
import * as tagsService from '../../records/tags/tags.service.ts';
import * as importsRepository from './imports.repository.ts';
import type { ImportRow } from './imports.repository.ts';
import { specFor } from './specs.ts';
import * as undoRepository from './undo.repository.ts';
import type { UndoLink } from './undo.repository.ts';

/**
 * The undo job (docs/product.md#import-and-export, "Undo"): like the import itself, it claims an undoing import with a
 * lease, then undoes its links latest first in chunks, each in one transaction that also deletes the links it undid
 * and adds to the progress. A crash (kill -9) rolls back the chunk in flight only; the next claim — after a restart
 * or on another app server — continues with the links left, so nothing is undone twice or skipped.
 */
const leaseSeconds = 60;
/** Links per transaction: 2 000 purged contacts commit in about half a second on PostgreSQL (bench/README.md, undo). */
export const undoChunkLinks = 2000;

export interface UndoHooks {
  /** Tests: links per transaction (default undoChunkLinks), to cross chunk boundaries with a few records. */
  chunkLinks?: number;
  /** Tests: called after each committed chunk (with the links it undid). */
  afterChunk?: (links: number) => void;
  /** Tests: called inside the chunk's transaction before it commits. */
  beforeCommit?: () => void;
}

/** Companies and tags made by name go only when nothing else uses them (undo.repository.ts says what counts). */
async function removeUnusedByName(tx: Db, orgId: string, links: UndoLink[]): Promise<void> {
  const companyIds = links.filter((l) => l.action === 'companyCreated').map((l) => l.recordId);
  const unusedCompanies = await undoRepository.unusedCompanies(tx, orgId, companyIds);
  if (unusedCompanies.length > 0) await companiesService.purgeCompanies(tx, orgId, unusedCompanies);
  const tagLinks = links.filter((l) => l.action === 'tagCreated');
  const unusedTags = new Set(await undoRepository.unusedTags(tx, orgId, tagLinks.map((l) => l.recordId)));
  for (const kind of ['customer', 'company'] as const satisfies TagKind[]) {
    const ids = tagLinks.filter((l) => l.previous?.kind === kind && unusedTags.has(l.recordId)).map((l) => l.recordId);
    await tagsService.removeTags(tx, orgId, kind, ids);
  }
}

/** One chunk in one transaction: 'more' after undoing some links, 'finished' once none is left (or another worker finished). */
async function undoChunk(db: Db, imp: ImportRow, hooks: UndoHooks): Promise<'more' | 'finished'> {
  const undone = await db.transaction(async (tx) => {
    // Cheap statements whose plans look dear: the same reason as the import's chunks (imports.runner.ts).
    await tx.execute(sql`set local jit = off`);
    // Plans for this chunk's ids, never a generic plan cached for others (its estimate of a 2 000-id delete was a scan).
    await tx.execute(sql`set local plan_cache_mode = force_custom_plan`);
    if (!(await undoRepository.lockUndoing(tx, imp.id))) return 0;
    const links = await undoRepository.nextLinks(tx, imp.id, hooks.chunkLinks ?? undoChunkLinks);
    if (links.length === 0) {
      await importsRepository.updateImport(tx, imp.id, { state: 'undone', lockedUntil: null, lockedBy: null });
      hooks.beforeCommit?.();
      return 0;
    }
    if (links[0]!.action === 'created' || links[0]!.action === 'updated') {
      await specFor(imp.kind).undo(
        tx,
        imp.orgId,
        links.filter((l) => l.action === 'created').map((l) => l.recordId),
        // Latest first (links come by seq, descending): a record updated twice ends with the values it had before the import.
        links.filter((l) => l.action === 'updated').map((l) => ({ recordId: l.recordId, previous: l.previous ?? {} })),
      );
    } else await removeUnusedByName(tx, imp.orgId, links);
    await undoRepository.deleteLinks(tx, imp.id, links.map((l) => l.seq));
    await undoRepository.addUndone(tx, imp.id, links.length, leaseSeconds);
    hooks.beforeCommit?.();
    return links.length;
  });
  if (undone === 0) return 'finished';
  hooks.afterChunk?.(undone);
  return 'more';
}

/** Runs one claimed undo until it finishes or the time budget is spent (then the lease is released). */
export function processUndo(db: Db, imp: ImportRow, budgetMs: number, hooks: UndoHooks = {}): Promise<'finished' | 'paused'> {
  // Authored by the import in the outbox, as its writes were (the records' history names the import).
  return runAsEventActor(importActor(imp), () => undoClaimed(db, imp, budgetMs, hooks));
}

async function undoClaimed(db: Db, imp: ImportRow, budgetMs: number, hooks: UndoHooks): Promise<'finished' | 'paused'> {
  const startedAt = Date.now();
  while ((await undoChunk(db, imp, hooks)) === 'more') {
    if (Date.now() - startedAt > budgetMs) {
      await importsRepository.updateImport(db, imp.id, { lockedUntil: null, lockedBy: null });
      return 'paused';
    }
  }
  return 'finished';
}

/** Claims and runs undoing imports until none is left or the budget is spent: what POST …/import/undo and the imports.undo job call. */
export async function runUndos(db: Db, budgetMs = 50_000, hooks: UndoHooks = {}): Promise<number> {
  const startedAt = Date.now();
  let ran = 0;
  for (;;) {
    const imp = await importsRepository.claimRunning(db, leaseSeconds, 'undoing');
    if (!imp) return ran;
    ran++;
    const left = budgetMs - (Date.now() - startedAt);
    if ((await processUndo(db, imp, Math.max(left, 1000), hooks)) === 'paused') return ran;
  }
}
