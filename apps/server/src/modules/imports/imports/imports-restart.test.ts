import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { importChunkRows } from '@lodestar/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { pgliteExtensions, wrapPglite, type Database, type Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/paging.ts';
import { createTestDatabase, testConfig } from '../../../test/build-test-app.ts';
import { signedInOwner } from '../../../test/factories.ts';
import { importKit } from '../../../test/import-kit.ts';
import { setOrgPlan } from '../../../test/records.ts';
import * as importsRepository from './imports.repository.ts';
import { imports } from './imports.table.ts';

/**
 * Issue 13's restart test: the app's import runner in a child process (test/import-worker.ts, the job code
 * server.ts runs) is killed with SIGKILL in the middle of a 50 000-row contact import (5 000 on PGlite, see `rows`), started again on the
 * same data directory (PGlite) or database (PostgreSQL), and every row must then exist exactly once. No lease
 * waiting: the killed process's database session is gone, so its claim is void at once (imports.repository).
 */
// 50 000 rows on PostgreSQL, as issue 13 asks. On PGlite a contact insert costs ~1-2 ms on a shared CI core (the
// contact's search indexes — trigram and bigram GIN with fastupdate off — dominate, measured per statement), so
// 50 000 rows would take minutes there; 5 000 rows (ten chunks) exercise the same kill and restart.
const onPostgres = Boolean(process.env.DATABASE_URL);
const rows = onPostgres ? 50_000 : 5_000;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodestar-restart-'));
const worker = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../test/import-worker.ts');
let database: (Database & { url?: string }) | undefined;
let orgId = '';
let importId = '';
/** Children still running when a test fails are killed in afterAll (never left to write after the run). */
const children = new Set<ChildProcess>();

const csv = () =>
  'Name,Email,Mobile\n' + Array.from({ length: rows }, (_, i) => `Person ${i},p${i}@restart.example,09${String(i).padStart(8, '0')}`).join('\n') + '\n';

/** The database while no child holds it: PGlite is reopened from its directory after each child. */
async function withDb<T>(use: (db: Db) => Promise<T>): Promise<T> {
  if (database!.url) return use(database!.db);
  const client = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), extensions: pgliteExtensions });
  try {
    return await use(wrapPglite(client).db);
  } finally {
    await client.close();
  }
}

function startWorker(): { child: ChildProcess; chunks: () => number; exited: Promise<number | null> } {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: database!.url ?? '', LOG_LEVEL: 'silent' };
  const child = spawn(process.execPath, ['--import', 'tsx', worker], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  children.add(child);
  child.on('exit', () => children.delete(child));
  let chunks = 0;
  child.stdout!.on('data', (data: Buffer) => (chunks += (data.toString().match(/^chunk /gm) ?? []).length));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, chunks: () => chunks, exited };
}

const counts = (db: Db) =>
  queryRows<{ contacts: number; emails: number; records: number; chunks: number }>(
    db,
    sql`select (select count(*)::int from contacts where org_id = ${orgId}) as contacts,
               (select count(distinct e->>'value')::int from contacts, jsonb_array_elements(emails) e where org_id = ${orgId}) as emails,
               (select count(*)::int from import_records where import_id = ${importId}) as records,
               (select count(*)::int from import_chunks where import_id = ${importId}) as chunks`,
  ).then((r) => r[0]!);

beforeAll(async () => {
  database = await createTestDatabase({ dataDir: path.join(dataDir, 'pglite') });
  const app = await buildApp(testConfig({ DATA_DIR: dataDir }), database, { logger: false });
  const owner = await signedInOwner(app, 'Restart');
  orgId = owner.orgId;
  await setOrgPlan(database.db, orgId, 'subscribe_team');
  const kit = importKit({ app, db: database.db, database, rebuild: async () => app, close: async () => {} }, 'customer');
  const up = await kit.upload(owner, Buffer.from(csv()));
  expect(up.status, JSON.stringify(up.body)).toBe(200);
  importId = up.body.data.id as string;
  const detail = await kit.detail(owner, importId);
  expect(detail.body.data).toMatchObject({ totalRows: rows, mapping: ['name', 'email', 'mobile'] });
  // What POST …/store does, minus starting the job in this process: the child's runner is the one to take it.
  expect(await importsRepository.transition(database.db, importId, 'ready', { state: 'running', startedAt: new Date() })).toBe(true);
  await app.close();
  if (!database.url) await database.close();
}, 120_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  if (database?.url) await database.close();
  if (!process.env.KEEP) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('an import killed with SIGKILL and restarted', () => {
  it(`ends done with every one of ${rows} rows exactly once`, async () => {
    const first = startWorker();
    // Killed once a fifth of the chunks are committed: by then it is inside the next chunk's transaction.
    const total = Math.ceil(rows / importChunkRows);
    await expect.poll(() => first.chunks(), { timeout: 90_000, interval: 20 }).toBeGreaterThanOrEqual(Math.ceil(total / 5));
    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();

    const halfway = await withDb(counts);
    expect(halfway.chunks).toBeGreaterThan(0);
    expect(halfway.chunks).toBeLessThan(total);
    // The chunk in flight was rolled back whole: rows, undo links and markers agree.
    expect(halfway).toEqual({ contacts: halfway.chunks * importChunkRows, emails: halfway.chunks * importChunkRows, records: halfway.chunks * importChunkRows, chunks: halfway.chunks });

    const second = startWorker();
    expect(await second.exited).toBe(0);
    expect(second.chunks()).toBe(total - halfway.chunks);

    await withDb(async (db) => {
      expect(await counts(db)).toEqual({ contacts: rows, emails: rows, records: rows, chunks: total });
      const [imp] = await db.select().from(imports).where(eq(imports.id, importId));
      expect(imp).toMatchObject({ state: 'done', rowsDone: rows, createdCount: rows, failedCount: 0, skippedCount: 0, lockedBy: null });
    });
  }, 180_000);
});
