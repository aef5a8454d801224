import { openDatabase } from '../db/client.ts';
import { runUndos } from '../modules/imports/imports/undo.runner.ts';

/**
 * Run by undo-restart.test.ts as a child process (node --import tsx): the undo job's runner on DATA_DIR (PGlite
 * under DATA_DIR/pglite) or DATABASE_URL, as server.ts runs it, printing each committed chunk so the test can kill -9
 * it in the middle of an undo. UNDO_CHUNK_LINKS makes the chunks smaller than the job's.
 */
const dataDir = process.env.DATA_DIR!;
const database = await openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL || undefined });
const chunkLinks = process.env.UNDO_CHUNK_LINKS ? Number(process.env.UNDO_CHUNK_LINKS) : undefined;
await runUndos(database.db, 600_000, { chunkLinks, afterChunk: (links) => void process.stdout.write(`chunk ${links}\n`) });
await database.close();
process.stdout.write('finished\n');
