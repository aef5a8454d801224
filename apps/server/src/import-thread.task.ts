import { parentPort, workerData } from 'node:worker_threads';
import type { Db } from './db/client.ts';
import type { ImportTask, ImportThreadAnswer } from './modules/imports/imports/import-thread.ts';
import { AppError } from './platform/errors.ts';

/**
 * What an import thread runs (modules/imports/imports/import-thread.ts): the check step's pass over the file, or the
 * import runner on a pool of its own. Modules are loaded per task, so a check-step thread loads only the file readers.
 */
const task = workerData as ImportTask;

async function run(t: Extract<ImportTask, { task: 'run' }>): Promise<number> {
  const [{ wireContexts }, { runImports }, { postgresPool }, { drizzle }, schema] = await Promise.all([
    import('./wiring.ts'),
    import('./modules/imports/imports/imports.runner.ts'),
    import('./db/prepared-statements.ts'),
    import('drizzle-orm/node-postgres'),
    import('./db/schema.ts'),
  ]);
  // The registrations app.ts makes: a schedule's import calls the schedule-write listeners (calendar sync's queue).
  wireContexts();
  // Not db/client.ts's openDatabase: that module loads PGlite (≈ 35 MB of this thread's heap) for nothing.
  const pool = postgresPool(t.databaseUrl, 2, t.preparedStatements);
  pool.on('error', (error) => process.emitWarning(`PostgreSQL connection lost: ${error.message}`));
  try {
    return await runImports(drizzle(pool, { schema }) as unknown as Db, t.dataDir, t.budgetMs);
  } finally {
    await pool.end();
  }
}

async function answer(): Promise<ImportThreadAnswer> {
  try {
    if (task.task === 'count') {
      const { countRows } = await import('./modules/imports/imports/row-files.ts');
      return { ok: true, value: await countRows(task.path, task.encoding) };
    }
    return { ok: true, value: await run(task) };
  } catch (error) {
    return { ok: false, code: error instanceof AppError ? error.code : undefined, message: error instanceof Error ? error.message : String(error) };
  }
}

parentPort!.postMessage(await answer());
