import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import unzipper from 'unzipper';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupTables, type BackupManifest } from '@lodestar/contract';
import { buildApp } from '../../../app.ts';
import { pgliteExtensions, wrapPglite, type Database, type Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/paging.ts';
import { createTestDatabase, testConfig } from '../../../test/build-test-app.ts';
import { signedInOwner } from '../../../test/factories.ts';
import { importKit } from '../../../test/import-kit.ts';
import { setOrgPlan } from '../../../test/records.ts';
import * as backupsRepository from './backups.repository.ts';
import { backupSteps } from './backups.runner.ts';

/**
 * Issue 31's kill -9 tests for the backup job, the twin of undo-restart.test.ts: the job's runner in a child process
 * (test/backup-worker.ts) is killed with SIGKILL in the middle of a backup, then in the middle of restoring its archive,
 * started again on the same data each time; the backup must hold every row once (its parts marked once, the progress
 * exact) and the restore must make exactly one new workspace with every contact. A killed runner's lease stays until it
 * expires (60 s): the test expires it, as the clock would.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const rows = onPostgres ? 5_000 : 1_000;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodestar-backup-restart-'));
const worker = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../test/backup-worker.ts');
let database: (Database & { url?: string }) | undefined;
let orgId = '';
let userId = '';
const children = new Set<ChildProcess>();

const csv = () => 'Name,Email,Company,Tags\n' + Array.from({ length: rows }, (_, i) => `Person ${i},u${i}@backup-restart.example,Co ${i % 20},Tag ${i % 3}`).join('\n') + '\n';

async function withDb<T>(use: (db: Db) => Promise<T>): Promise<T> {
  if (database!.url) return use(database!.db);
  const client = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), extensions: pgliteExtensions });
  try {
    return await use(wrapPglite(client).db);
  } finally {
    await client.close();
  }
}

/** A worker to be killed waits after each step, so the kill lands between steps; the one that finishes does not wait. */
function startWorker(stepDelayMs = 0): { child: ChildProcess; steps: () => number; exited: Promise<number | null> } {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: database!.url ?? '', LOG_LEVEL: 'silent', STEP_DELAY_MS: String(stepDelayMs) };
  const child = spawn(process.execPath, ['--import', 'tsx', worker], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  children.add(child);
  child.on('exit', () => children.delete(child));
  let steps = 0;
  child.stdout!.on('data', (data: Buffer) => (steps += (data.toString().match(/^step /gm) ?? []).length));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, steps: () => steps, exited };
}

/** Kills a worker with SIGKILL once it has done `after` steps, then expires the killed runner's lease. */
async function killAfter(after: number) {
  const first = startWorker(150);
  await expect.poll(() => first.steps(), { timeout: 120_000, interval: 20 }).toBeGreaterThanOrEqual(after);
  first.child.kill('SIGKILL');
  expect(await first.exited).toBeNull();
  await withDb((db) => db.execute(sql`update backups set locked_until = now() - interval '1 second' where state = 'running'`));
}

const one = <T>(db: Db, query: ReturnType<typeof sql>) => queryRows<T>(db, query).then((r) => r[0]!);

beforeAll(async () => {
  database = await createTestDatabase({ dataDir: path.join(dataDir, 'pglite') });
  const app = await buildApp(testConfig({ DATA_DIR: dataDir }), database, { logger: false });
  const owner = await signedInOwner(app, 'Backup restart');
  orgId = owner.orgId;
  userId = owner.user.id;
  await setOrgPlan(database.db, orgId, 'subscribe_team');
  const kit = importKit({ app, db: database.db, database, rebuild: async () => app, close: async () => {} }, 'customer');
  expect((await kit.run(owner, csv())).detail).toMatchObject({ state: 'done', created: rows });
  // What POST /backup does, minus starting the job in this process: the child's runner is the one to take it.
  await backupsRepository.insertBackup(database.db, { orgId, userId, kind: 'workspace', stepsTotal: backupSteps });
  await app.close();
  if (!database.url) await database.close();
}, 300_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  if (database?.url) await database.close();
  if (!process.env.KEEP) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('backup and restore killed with SIGKILL and restarted', () => {
  let archive = '';

  it('a backup continues with its next part: every part once, every row in the archive', async () => {
    await killAfter(Math.ceil(backupTables.length / 3));
    const halfway = await withDb((db) =>
      one<{ state: string; steps: number; parts: number; rows: number; marked: number }>(
        db,
        sql`select b.state, b.steps_done as steps, (select count(*)::int from backup_parts p where p.backup_id = b.id) as parts,
                   b.rows_done::int as rows, (select coalesce(sum(rows), 0)::int from backup_parts p where p.backup_id = b.id) as marked
            from backups b where b.org_id = ${orgId} and b.kind = 'workspace'`,
      ),
    );
    expect(halfway.state).toBe('running');
    expect(halfway.parts).toBeGreaterThan(0);
    expect(halfway.parts).toBeLessThan(backupSteps);
    // Each marker and its progress committed together.
    expect(halfway.steps).toBe(halfway.parts);
    expect(halfway.rows).toBe(halfway.marked);

    expect(await startWorker().exited).toBe(0);
    const done = await withDb(async (db) => {
      const backup = await one<{ state: string; steps: number; parts: number; rows: number; file: string }>(
        db,
        sql`select b.state, b.steps_done as steps, (select count(*)::int from backup_parts p where p.backup_id = b.id) as parts,
                   b.rows_done::int as rows, b.file_path as file from backups b where b.org_id = ${orgId} and b.kind = 'workspace'`,
      );
      const contacts = await one<{ n: number }>(db, sql`select count(*)::int as n from contacts where org_id = ${orgId}`);
      return { ...backup, contacts: contacts.n };
    });
    expect(done).toMatchObject({ state: 'done', steps: backupSteps, parts: backupSteps });
    archive = path.join(dataDir, done.file);
    const directory = await unzipper.Open.file(archive);
    const read = async (name: string) => JSON.parse((await directory.files.find((f) => f.path === name)!.buffer()).toString('utf8')) as unknown;
    const manifest = (await read('manifest.json')) as BackupManifest;
    const contacts = (await read('tables/contacts.json')) as { id: string }[];
    expect(contacts).toHaveLength(rows);
    expect(new Set(contacts.map((c) => c.id)).size).toBe(rows);
    expect(manifest.tables.find((t) => t.name === 'contacts')!.rows).toBe(rows);
    expect(manifest.tables.reduce((sum, t) => sum + t.rows, 0)).toBe(done.rows);
  }, 300_000);

  it('a restore killed mid-way leaves no workspace behind and, run again, makes exactly one', async () => {
    const upload = path.join('backups', 'restore-killed.zip');
    fs.copyFileSync(archive, path.join(dataDir, upload));
    const before = await withDb((db) => one<{ n: number }>(db, sql`select count(*)::int as n from organizations`));
    await withDb((db) => backupsRepository.insertBackup(db, { orgId, userId, kind: 'restore', filePath: upload, stepsTotal: backupTables.length + 1 }));

    await killAfter(3);
    // One transaction: nothing of the killed run is left.
    expect(await withDb((db) => one<{ n: number }>(db, sql`select count(*)::int as n from organizations`))).toEqual(before);

    expect(await startWorker().exited).toBe(0);
    const restored = await withDb(async (db) => {
      const job = await one<{ state: string; org: string }>(db, sql`select state, restored_org_id as org from backups where kind = 'restore' and org_id = ${orgId}`);
      const orgs = await one<{ n: number }>(db, sql`select count(*)::int as n from organizations`);
      const contacts = await one<{ n: number; distinct: number }>(
        db,
        sql`select count(*)::int as n, count(distinct lower(emails->0->>'value'))::int as distinct from contacts where org_id = ${job.org}`,
      );
      return { state: job.state, orgs: orgs.n, ...contacts };
    });
    expect(restored).toEqual({ state: 'done', orgs: before.n + 1, n: rows, distinct: rows });
  }, 300_000);
});
