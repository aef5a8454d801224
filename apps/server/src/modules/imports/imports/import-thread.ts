import { Worker } from 'node:worker_threads';
import type { ErrorCode } from '@lodestar/contract';
import type { Config } from '../../../config.ts';
import { AppError } from '../../../platform/errors.ts';
import { codeFile } from '../../../platform/server-root.ts';

/**
 * An import's heavy work — the check step's pass over the whole file and the run's chunk writes — in a worker thread
 * with a small heap of its own (docs/decisions/0015-import-memory.md): what a million rows leave behind is garbage
 * collected in that heap and freed whole when the thread ends, while the request path keeps V8's defaults.
 * PostgreSQL only: the thread opens its own small pool. On the embedded PGlite the database lives in the main
 * thread (one process holds its data directory), so there the import stays in process as before.
 */
export interface ImportThread {
  databaseUrl: string;
  preparedStatements: boolean;
  /** Tests: smaller limits, to make the thread run out of memory. */
  limits?: ResourceLimits;
  /** Running imports with fewer rows left than this write in process (importThreadOf). */
  fromRows: number;
  /** A file smaller than this is counted in process (importThreadOf). */
  fromBytes: number;
}

interface ResourceLimits {
  maxOldGenerationSizeMb: number;
  maxYoungGenerationSizeMb: number;
}

/**
 * The thread's live heap is the modules the runner loads (≈ 32 MB after a full collection: the contract's schemas,
 * drizzle's tables, the services), one 64 KB piece of the file and one chunk of 2 000 rows with their checked bodies
 * and statement parameters; the rest is garbage, collected once the old generation nears this bound
 * (bench/README.md, "Import, fourth pass").
 */
const defaultLimits: ResourceLimits = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 };

export type ImportTask =
  | { task: 'count'; path: string; encoding: string }
  | { task: 'run'; dataDir: string; budgetMs: number; databaseUrl: string; preparedStatements: boolean };

/** What the thread posts back before it ends. */
export type ImportThreadAnswer = { ok: true; value: unknown } | { ok: false; code: string | undefined; message: string };

/** The thread ran out of its heap: the caller does the work in process instead (a file with very large cells). */
export class ImportThreadOutOfMemory extends Error {}

/**
 * The entry lives at the composition root (it wires the contexts, as app.ts does). From the sources it is plain
 * JavaScript: Node 20 does not apply the parent's `--import tsx` to a worker's entry file, so the entry registers tsx
 * itself. The bundle has the task as an entry of its own, already JavaScript (scripts/build-server.ts).
 */
const entry = codeFile('import-thread.worker.mjs', 'import-thread.mjs');

/**
 * PostgreSQL's URL and settings for an import thread, or undefined (PGlite, or IMPORT_THREAD=never: the import stays in
 * process). With `auto`, small work stays in process, where it leaves less garbage than a thread costs: a thread costs
 * ≈ 75 MB under tsx (less as a bundle) and 1.5–3 s before its first chunk (bench/README.md, "Import, fourth pass"),
 * so a 100 000-row import would spend a fifth of its time starting it, and the upload's answer would wait
 * ≈ 0.5–1.5 s for a small file's count. `always` (tests) sends every count and run to a thread.
 */
export function importThreadOf(databaseUrl: string | undefined, config: Pick<Config, 'preparedStatements' | 'importThread'>): ImportThread | undefined {
  if (!databaseUrl || config.importThread === 'never') return undefined;
  const always = config.importThread === 'always';
  return { databaseUrl, preparedStatements: config.preparedStatements, fromRows: always ? 0 : 200_000, fromBytes: always ? 0 : 8 * 1024 * 1024 };
}

/**
 * Runs one task in a new thread and answers its value once the thread has ended (its heap is gone by then). The
 * task's AppError comes back as the same AppError; any other failure — an error, a crash, running out of memory —
 * rejects, so a job's run fails and is retried by the jobs table (platform/jobs.ts) and never crashes the server.
 */
export function inImportThread<T>(thread: ImportThread, task: ImportTask): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(entry, { workerData: task, resourceLimits: thread.limits ?? defaultLimits });
    let answer: ImportThreadAnswer | undefined;
    let failure: Error | undefined;
    worker.on('message', (message: ImportThreadAnswer) => (answer = message));
    worker.on('error', (error: Error & { code?: string }) => {
      failure = error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new ImportThreadOutOfMemory(`import thread (${task.task}) ran out of memory`) : error;
    });
    worker.on('exit', (exitCode) => {
      if (failure) return reject(failure);
      if (!answer) return reject(new Error(`import thread (${task.task}) exited with code ${exitCode} without an answer`));
      if (answer.ok) return resolve(answer.value as T);
      reject(answer.code ? new AppError(answer.code as ErrorCode) : new Error(answer.message));
    });
  });
}
