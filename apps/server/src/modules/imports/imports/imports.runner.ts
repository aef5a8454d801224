import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { refreshEstimates } from '../../../db/paging.ts';
import type { JobDefinition } from '../../../platform/jobs.ts';
import { AppError } from '../../../platform/errors.ts';
import { runAsEventActor } from '../../../platform/event-actor.ts';
import { importActor } from './import-actor.ts';
import { writeChunk as writeRows } from './chunk-writer.ts';
import { ImportThreadOutOfMemory, inImportThread, type ImportThread } from './import-thread.ts';
import * as importsRepository from './imports.repository.ts';
import type { ImportRow } from './imports.repository.ts';
import { readRows } from './row-files.ts';
import { definitionsOf, type ChunkRow, type ImportContext, type RowSpec } from './row-spec.ts';
import { specFor } from './specs.ts';
import { runUndos } from './undo.runner.ts';

/**
 * The import job: claims a running import (a lease on the row), re-reads its file as a stream and writes the
 * chunks not yet marked done, each in one transaction with its marker. A crash loses at most the chunk in
 * flight (rolled back); the next claim — after a restart or on another app server — continues with the next
 * unmarked chunk, so no row is written twice and none is lost.
 */
const leaseSeconds = 60;

export interface RunHooks {
  /** Tests: called after each committed chunk (throw to simulate a crash between chunks). */
  afterChunk?: (chunk: number) => void;
  /** Tests: called inside the chunk's transaction before it commits (throw to simulate a crash mid-chunk). */
  beforeCommit?: (chunk: number) => void;
}

export const importFilePath = (dataDir: string, relative: string) => path.join(dataDir, relative);

async function writeChunk(db: Db, imp: ImportRow, spec: RowSpec<unknown>, ctx: ImportContext, chunk: number, rows: ChunkRow[], hooks: RunHooks): Promise<boolean> {
  return db.transaction(async (tx) => {
    // A chunk's statements are cheap but their plans look dear (the duplicate lookup's per-key probe is estimated
    // at 100 rows each): PostgreSQL compiled them with JIT, 260 ms of a 330 ms lookup (EXPLAIN ANALYZE, bench/README.md).
    await tx.execute(sql`set local jit = off`);
    if (!(await importsRepository.markChunk(tx, imp.id, chunk))) return false;
    const result = await writeRows(tx, spec, ctx, rows);
    await importsRepository.insertRecords(tx, imp.id, result.records);
    await importsRepository.insertFailures(
      tx,
      imp.id,
      result.failures.map((f) => ({ row: f.row, column: f.problem.column >= 0 ? (imp.headers[f.problem.column] ?? '') : f.problem.field, reason: f.problem.reason, cells: f.cells })),
    );
    const rowsHandled = result.created + result.updated + result.skipped + result.failures.length;
    const stop = result.stop ? { state: 'failed' as const, errorCode: result.stop, finishedAt: new Date(), lockedUntil: null, lockedBy: null } : importsRepository.leaseFor(leaseSeconds);
    await importsRepository.addCounts(
      tx,
      imp.id,
      { rows: rowsHandled, created: result.created, updated: result.updated, skipped: result.skipped, failed: result.failures.length },
      stop as never,
    );
    hooks.beforeCommit?.(chunk);
    return result.stop !== null;
  });
}

/**
 * Runs one claimed import until it finishes or the time budget is spent (then the lease is released). Its writes are
 * authored by `import:<id>` in the outbox, so the records' history says they came from this import.
 */

export function processImport(db: Db, dataDir: string, imp: ImportRow, budgetMs = 50_000, hooks: RunHooks = {}): Promise<'finished' | 'paused'> {
  return runAsEventActor(importActor(imp), () => processClaimedImport(db, dataDir, imp, budgetMs, hooks));
}

async function processClaimedImport(db: Db, dataDir: string, imp: ImportRow, budgetMs: number, hooks: RunHooks): Promise<'finished' | 'paused'> {
  const startedAt = Date.now();
  const spec = specFor(imp.kind);
  const ctx: ImportContext = {
    importId: imp.id,
    orgId: imp.orgId,
    userId: imp.userId,
    mapping: imp.mapping,
    duplicates: imp.duplicates,
    definitions: await definitionsOf(db, imp.orgId, spec),
  };
  const done = await importsRepository.doneChunks(db, imp.id);
  let buffer: ChunkRow[] = [];
  const flush = async (): Promise<'stop' | 'pause' | 'go'> => {
    const chunk = Math.floor((buffer[0]!.row - 1) / imp.chunkRows);
    const stopped = await writeChunk(db, imp, spec, ctx, chunk, buffer, hooks);
    buffer = [];
    hooks.afterChunk?.(chunk);
    if (stopped) return 'stop';
    return Date.now() - startedAt > budgetMs ? 'pause' : 'go';
  };
  const readAndWrite = async (file: string): Promise<'finished' | 'paused'> => {
    let row = 0;
    let header = true;
    for await (const cells of readRows(file, imp.encoding)) {
      if (header) {
        header = false;
        continue;
      }
      row++;
      if (done.has(Math.floor((row - 1) / imp.chunkRows))) continue;
      buffer.push({ row, cells });
      if (buffer.length < imp.chunkRows) continue;
      const next = await flush();
      if (next === 'stop') return 'finished';
      if (next === 'pause') {
        await importsRepository.updateImport(db, imp.id, { lockedUntil: null, lockedBy: null });
        return 'paused';
      }
    }
    if (buffer.length > 0 && (await flush()) === 'stop') return 'finished';
    await importsRepository.transition(db, imp.id, 'running', { state: 'done', finishedAt: new Date(), lockedUntil: null, lockedBy: null });
    return 'finished';
  };
  if (!imp.filePath) throw new Error(`import ${imp.id} has no file`);
  try {
    const outcome = await readAndWrite(importFilePath(dataDir, imp.filePath));
    // Done or stopped at the plan's limit: the lists count the new rows from now (db/paging.ts boundedTotal).
    if (outcome === 'finished') await refreshEstimates(db, spec.table);
    return outcome;
  } catch (error) {
    // A file its reader cannot follow ends the import as failed with that message (a retry would read the same
    // bytes); the chunks written before it stay, and undo takes them back.
    if (!(error instanceof AppError) || error.code !== 'IMPORT_FILE_UNREADABLE') throw error;
    await importsRepository.transition(db, imp.id, 'running', { state: 'failed', errorCode: error.code, finishedAt: new Date(), lockedUntil: null, lockedBy: null });
    return 'finished';
  }
}

/** Claims and runs running imports until none is left or the budget is spent. */
export async function runImports(db: Db, dataDir: string, budgetMs = 50_000, hooks: RunHooks = {}): Promise<number> {
  const startedAt = Date.now();
  let ran = 0;
  for (;;) {
    const imp = await importsRepository.claimRunning(db, leaseSeconds);
    if (!imp) return ran;
    ran++;
    const left = budgetMs - (Date.now() - startedAt);
    if ((await processImport(db, dataDir, imp, Math.max(left, 1000), hooks)) === 'paused') return ran;
  }
}

/**
 * What the store route and the imports.run job call: runImports in an import thread on PostgreSQL (import-thread.ts),
 * in process on PGlite or when few rows are left. A thread that fails or crashes rejects, so the job's run fails and is retried; the chunk it
 * was writing rolled back with its connection, and the next claim skips the chunks already marked. A thread that
 * ran out of its heap is followed at once by the same run in process, so a file with very large cells still finishes.
 */
export async function runImportJob(db: Db, dataDir: string, thread: ImportThread | undefined, budgetMs = 50_000): Promise<number> {
  if (!thread || (await importsRepository.rowsLeftToClaim(db)) < thread.fromRows) return runImports(db, dataDir, budgetMs);
  try {
    return await inImportThread<number>(thread, { task: 'run', dataDir, budgetMs, databaseUrl: thread.databaseUrl, preparedStatements: thread.preparedStatements });
  } catch (error) {
    if (!(error instanceof ImportThreadOutOfMemory)) throw error;
    process.emitWarning(`${error.message}; running the import in process`);
    // The thread's connections closed with it, but PostgreSQL lists their sessions (which hold the lease) until the
    // backends have exited: a claim at once would find nothing, and the next job run would meet the same thread again.
    for (let attempt = 0; ; attempt++) {
      const ran = await runImports(db, dataDir, budgetMs);
      if (ran > 0 || attempt >= 10) return ran;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

const fileDays = 7;

/** Uploaded files go 7 days after upload (the import row, its totals and its undo links stay). */
export async function removeOldFiles(db: Db, dataDir: string): Promise<number> {
  const old = await importsRepository.withOldFiles(db, new Date(Date.now() - fileDays * 24 * 3600_000));
  for (const imp of old) {
    await fs.rm(importFilePath(dataDir, imp.filePath!), { force: true });
    await importsRepository.updateImport(db, imp.id, { filePath: null });
  }
  return old.length;
}

/** Registered by server.ts: continue imports and their undo (after a restart too) and clean old uploads. */
export function importsJobs(dataDir: string, thread: ImportThread | undefined): JobDefinition[] {
  return [
    // The job row is held only about as long as one run's budget (not the default 15 minutes), so a restart after a
    // kill -9 continues within a minute; a second run meanwhile only takes imports free of live leases.
    { name: 'imports.run', intervalMs: 10_000, leaseSeconds: 60, run: (db) => runImportJob(db, dataDir, thread) },
    { name: 'imports.undo', intervalMs: 10_000, leaseSeconds: 60, run: (db) => runUndos(db) },
    { name: 'imports.removeOldFiles', intervalMs: 6 * 3600_000, run: (db) => removeOldFiles(db, dataDir) },
  ];
}
