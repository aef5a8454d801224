import { openDatabase } from '../db/client.ts';
import { runImports } from '../modules/imports/imports/imports.runner.ts';

/**
 * Run by imports-restart.test.ts as a child process (node --import tsx): the app's import job runner on
 * DATA_DIR (PGlite under DATA_DIR/pglite, with its lock) or DATABASE_URL, as server.ts runs it, printing each
 * committed chunk so the test can kill -9 it in the middle of an import.
 */
const dataDir = process.env.DATA_DIR!;
const database = await openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL || undefined });
await runImports(database.db, dataDir, Number(process.env.IMPORT_BUDGET_MS ?? 600_000), { afterChunk: (chunk) => void process.stdout.write(`chunk ${chunk}\n`) });
await database.close();
process.stdout.write('finished\n');
