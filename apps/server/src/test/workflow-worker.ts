import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client.ts';
import { queryRows } from '../db/paging.ts';
import { runDueRuns } from '../modules/automation/workflows/workflows.runner.ts';

/**
 * Run by workflows-restart.test.ts as a child process (node --import tsx): the workflow runner on DATA_DIR (PGlite
 * under DATA_DIR/pglite) or DATABASE_URL, as server.ts runs it, printing each committed step so the test can kill -9
 * it in the middle of the runs. A short lease (WORKFLOW_LEASE_SECONDS) lets a restart take over the killed runs soon.
 */
const database = await openDatabase({ dataDir: process.env.DATA_DIR!, databaseUrl: process.env.DATABASE_URL || undefined });
const leaseSeconds = Number(process.env.WORKFLOW_LEASE_SECONDS ?? 60);
for (;;) {
  await runDueRuns(database.db, { leaseSeconds, afterStep: () => void process.stdout.write('step\n') });
  const [left] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from workflow_runs where status in ('pending', 'waiting')`);
  if (!left?.n) break;
  await new Promise((resolve) => setTimeout(resolve, 200));
}
await database.close();
process.stdout.write('finished\n');
