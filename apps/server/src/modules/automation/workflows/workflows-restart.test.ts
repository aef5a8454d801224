import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { pgliteExtensions, wrapPglite, type Database, type Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/paging.ts';
import { createTestDatabase, testConfig } from '../../../test/build-test-app.ts';
import { call, signedInOwner } from '../../../test/factories.ts';
import { createStage } from '../../../test/deals.ts';
import { setOrgPlan } from '../../../test/records.ts';
import { scanStalledDeals } from './workflows.runner.ts';

/**
 * Issue 35's kill -9 test: the workflow runner in a child process (test/workflow-worker.ts) is killed with SIGKILL in
 * the middle of a few hundred runs (a call task and a notification each), started again on the same data, and every
 * stalled deal must then have exactly one task and one notification, every run succeeded. Both databases.
 */
const deals = process.env.DATABASE_URL ? 300 : 120;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodestar-workflows-restart-'));
const worker = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../test/workflow-worker.ts');
let database: (Database & { url?: string }) | undefined;
let orgId = '';
const children = new Set<ChildProcess>();

async function withDb<T>(use: (db: Db) => Promise<T>): Promise<T> {
  if (database!.url) return use(database!.db);
  const client = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), extensions: pgliteExtensions });
  try {
    return await use(wrapPglite(client).db);
  } finally {
    await client.close();
  }
}

function startWorker(): { child: ChildProcess; steps: () => number; exited: Promise<number | null> } {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: database!.url ?? '', LOG_LEVEL: 'silent', WORKFLOW_LEASE_SECONDS: '2' };
  const child = spawn(process.execPath, ['--import', 'tsx', worker], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  children.add(child);
  child.on('exit', () => children.delete(child));
  let steps = 0;
  child.stdout!.on('data', (data: Buffer) => (steps += (data.toString().match(/^step$/gm) ?? []).length));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, steps: () => steps, exited };
}

const counts = (db: Db) =>
  queryRows<{ tasks: number; duplicates: number; notifications: number; succeeded: number; runs: number }>(
    db,
    sql`select (select count(*)::int from schedules where org_id = ${orgId}) as tasks,
               (select count(*)::int from (select deal_id from schedules where org_id = ${orgId} group by deal_id having count(*) > 1) d) as duplicates,
               (select count(*)::int from notifications where org_id = ${orgId} and kind = 'workflow') as notifications,
               (select count(*)::int from workflow_runs where org_id = ${orgId} and status = 'succeeded') as succeeded,
               (select count(*)::int from workflow_runs where org_id = ${orgId}) as runs`,
  ).then((r) => r[0]!);

beforeAll(async () => {
  database = await createTestDatabase({ dataDir: path.join(dataDir, 'pglite') });
  const app = await buildApp(testConfig({ DATA_DIR: dataDir }), database, { logger: false });
  const owner = await signedInOwner(app, 'Workflows restart');
  orgId = owner.orgId;
  await setOrgPlan(database.db, orgId, 'subscribe_team');
  const stage = (await createStage(app, owner.token, orgId, { title: '提案報價' })).id;
  const type = await queryRows<{ id: string }>(database.db, sql`select stage_type_id as id from sales_stages where id = ${stage}`);
  await database.db.execute(sql`insert into deals (org_id, name, amount, start_date, estimated_end_date, stage, stage_type_id, stage_changed_at, closing_rate, owner_user_id, creator_user_id)
    select ${orgId}, 'Deal ' || i, 100, '2026-11-01', '2026-12-31', ${stage}, ${type[0]!.id}, now() - interval '8 days', 10, ${owner.user.id}, ${owner.user.id} from generate_series(1, ${deals}) i`);
  const created = await call(app, 'POST', `/api/settings/workflows?orgId=${orgId}`, {
    token: owner.token,
    body: {
      name: 'Stalled', enabled: true, trigger: { type: 'deal.stalled', stage, days: 7 }, conditions: { groups: [] },
      steps: [
        { type: 'createTask', title: 'Call: {{name}}', assigneeUserId: null, dueInDays: 0 },
        { type: 'notify', userIds: [], notifyOwner: true, message: '{{name}} stalled' },
      ],
    },
  });
  expect(created.status).toBe(200);
  expect(await scanStalledDeals(database.db)).toBe(deals);
  await app.close();
  if (!database.url) await database.close();
}, 300_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  if (database?.url) await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('workflow runs killed with SIGKILL and restarted', () => {
  it(`do each step of ${deals} runs exactly once`, async () => {
    const first = startWorker();
    await expect.poll(() => first.steps(), { timeout: 120_000, interval: 10 }).toBeGreaterThanOrEqual(Math.ceil(deals / 3));
    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();

    const halfway = await withDb(counts);
    expect(halfway.tasks).toBeGreaterThan(0);
    expect(halfway.tasks).toBeLessThan(deals);
    expect(halfway.duplicates).toBe(0);

    const second = startWorker();
    expect(await second.exited).toBe(0);
    expect(await withDb(counts)).toEqual({ tasks: deals, duplicates: 0, notifications: deals, succeeded: deals, runs: deals });
  }, 240_000);
});
