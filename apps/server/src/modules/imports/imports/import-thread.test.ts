import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importChunkRows } from '@lodestar/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/paging.ts';
import { runDueJobs } from '../../../platform/jobs.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import type { TestUser } from '../../../test/factories.ts';
import { importKit } from '../../../test/import-kit.ts';
import { crmFixture } from '../../../test/records.ts';
import { ImportThreadOutOfMemory, inImportThread, type ImportThread } from './import-thread.ts';
import * as importsRepository from './imports.repository.ts';
import { importsJobs, runImportJob } from './imports.runner.ts';
import { imports } from './imports.table.ts';
import { countRows } from './row-files.ts';

/**
 * The import thread (import-thread.ts): it answers what the in-process code answers, and a thread that fails or runs
 * out of memory ends in the job's normal paths — a failed run retried by the jobs table, or the run done in process —
 * never in a crash of the server, with every row written exactly once.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodestar-import-thread-'));
let t: TestApp;
let owner: TestUser & { orgId: string };

beforeAll(async () => {
  ({ t, owner } = await crmFixture({ DATA_DIR: dataDir }));
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Limits too small for the thread to even load its modules. */
const starved = { maxOldGenerationSizeMb: 4, maxYoungGenerationSizeMb: 1 };
const anyThread: ImportThread = { databaseUrl: 'postgres://unused', preparedStatements: false, fromRows: 0, fromBytes: 0 };

describe('the check step in a thread', () => {
  it('counts the rows and reads the header as the in-process pass does', async () => {
    const file = path.join(dataDir, 'count.csv');
    fs.writeFileSync(file, ' Name ,Email\n"a, b",x@example.com\n\nc,"multi\nline"\n');
    const inThread = await inImportThread(anyThread, { task: 'count', path: file, encoding: 'utf-8' });
    expect(inThread).toEqual(await countRows(file, 'utf-8'));
    expect(inThread).toEqual({ headers: ['Name', 'Email'], totalRows: 2 });
  });

  it('rejects (no crash) on a missing file, and says so when the thread runs out of memory', async () => {
    await expect(inImportThread(anyThread, { task: 'count', path: path.join(dataDir, 'missing.csv'), encoding: 'utf-8' })).rejects.toThrow(/IMPORT_FILE_UNREADABLE/); // every reader failure is that code (row-files.ts)
    const file = path.join(dataDir, 'count.csv');
    await expect(inImportThread({ ...anyThread, limits: starved }, { task: 'count', path: file, encoding: 'utf-8' })).rejects.toBeInstanceOf(ImportThreadOutOfMemory);
  });
});

// The run's thread opens its own pool: PostgreSQL only (on PGlite the run stays in process).
describe.skipIf(!process.env.DATABASE_URL)('the run in a thread (PostgreSQL)', () => {
  const rows = importChunkRows * 2 + 7;
  /** Each test's own rows (the same emails again would be skipped as duplicates). */
  const csv = (tag: string) => 'Name,Email\n' + Array.from({ length: rows }, (_, i) => `Thread ${i},${tag}${i}@thread.example`).join('\n') + '\n';

  /** An uploaded import moved to running the way store does, without starting it. */
  async function runningImport(tag: string): Promise<string> {
    const up = await importKit(t, 'customer').upload(owner, Buffer.from(csv(tag)));
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const id = up.body.data.id as string;
    expect(await importsRepository.transition(t.db, id, 'ready', { state: 'running', mapping: ['name', 'email'], startedAt: new Date() })).toBe(true);
    return id;
  }
  const written = (id: string) =>
    queryRows<{ contacts: number; records: number }>(
      t.db,
      sql`select (select count(*)::int from contacts c join import_records r on r.record_id = c.id where r.import_id = ${id}) as contacts,
                 (select count(*)::int from import_records where import_id = ${id}) as records`,
    ).then((r) => r[0]!);
  const stateOf = async (id: string) => (await t.db.select().from(imports).where(eq(imports.id, id)))[0]!;

  it('a thread that cannot reach its database fails the job run, which records the error and is retried', async () => {
    const id = await runningImport('broken');
    // Port 1: nothing listens there, the thread's pool fails on its first statement.
    const broken: ImportThread = { databaseUrl: 'postgres://postgres@127.0.0.1:1/none', preparedStatements: false, fromRows: 0, fromBytes: 0 };
    await expect(runImportJob(t.db, dataDir, broken)).rejects.toThrow();
    await t.db.execute(sql`delete from jobs where name like 'imports.%'`);
    expect(await runDueJobs(t.db, t.app.log, importsJobs(dataDir, broken))).toContain('imports.run');
    const [job] = await queryRows<{ last_error: string | null; run_at: Date }>(t.db, sql`select last_error, run_at from jobs where name = 'imports.run'`);
    expect(job!.last_error).toBeTruthy();
    expect(await stateOf(id)).toMatchObject({ state: 'running', rowsDone: 0 });
    // The retry, with a thread that reaches the database, writes every row once.
    expect(await runImportJob(t.db, dataDir, { databaseUrl: t.database.url!, preparedStatements: false, fromRows: 0, fromBytes: 0 })).toBe(1);
    expect(await stateOf(id)).toMatchObject({ state: 'done', rowsDone: rows, createdCount: rows, lockedBy: null });
    expect(await written(id)).toEqual({ contacts: rows, records: rows });
  });

  it('a thread out of memory is followed by the run in process, every row once', async () => {
    const id = await runningImport('starved');
    expect(await runImportJob(t.db, dataDir, { databaseUrl: t.database.url!, preparedStatements: false, fromRows: 0, fromBytes: 0, limits: starved })).toBe(1);
    expect(await stateOf(id)).toMatchObject({ state: 'done', rowsDone: rows, createdCount: rows });
    expect(await written(id)).toEqual({ contacts: rows, records: rows });
  });

  it('a job run while a live run holds the import starts no thread', async () => {
    const id = await runningImport('held');
    expect(await importsRepository.claimRunning(t.db, 60)).toMatchObject({ id });
    expect(await importsRepository.rowsLeftToClaim(t.db)).toBe(0);
    // A thread would reject (nothing listens on port 1); in process there is nothing to claim.
    const broken: ImportThread = { databaseUrl: 'postgres://postgres@127.0.0.1:1/none', preparedStatements: false, fromRows: 1, fromBytes: 0 };
    expect(await runImportJob(t.db, dataDir, broken)).toBe(0);
    await importsRepository.updateImport(t.db, id, { lockedUntil: null, lockedBy: null });
    expect(await importsRepository.rowsLeftToClaim(t.db)).toBe(rows);
    await expect(runImportJob(t.db, dataDir, broken)).rejects.toThrow();
    await importsRepository.updateImport(t.db, id, { state: 'failed' });
  });
});
