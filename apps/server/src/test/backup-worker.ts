import { openDatabase } from '../db/client.ts';
import { runBackups } from '../modules/imports/backups/backups.runner.ts';

/**
 * Run by backups-restart.test.ts as a child process (node --import tsx): the backups job's runner on DATA_DIR (PGlite
 * under DATA_DIR/pglite) or DATABASE_URL, as server.ts runs it, printing each part of a backup and each table of a
 * restore as it is done, so the test can kill -9 it in the middle. STEP_DELAY_MS waits after each, so the kill lands
 * mid-job on any machine.
 */
const dataDir = process.env.DATA_DIR!;
const delay = Number(process.env.STEP_DELAY_MS ?? 0);
const database = await openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL || undefined });
await runBackups(database.db, dataDir, {
  afterStep: async (step) => {
    process.stdout.write(`step ${step}\n`);
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
  },
});
await database.close();
process.stdout.write('finished\n');
