/**
 * Workflows (docs/product.md#workflows, issue 35's targets): (1) 1 000 trigger events → workflows matched and first
 * steps done within 30 s — one INSERT of 1 000 contacts (1 000 `contact.created` events), a workflow "contact created
 * → create a task for its owner", timed until every run's first step has its result row; (2) matching cost per event
 * with 200 active workflows in the workspace (≤ 2 ms): the outbox consumer's time per event over 1 000 contact updates
 * that none of the 200 match (so the figure is matching, not runs), and the pure trigger + conditions check alone.
 * Alone: `node --import tsx bench/workflows.ts` (PGlite in a temp dir, or BENCH_DATABASE_URL's server);
 * BENCH_WORKFLOW_EVENTS and BENCH_WORKFLOWS scale it (a small run: BENCH_WORKFLOW_EVENTS=100 BENCH_WORKFLOWS=20).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { conditionsHold, triggerMatches, workflowBodySchema, type WorkflowInput } from '@lodestar/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { parseConfig } from '../apps/server/src/config.ts';
import { openDatabase, type Database } from '../apps/server/src/db/client.ts';
import { queryRows } from '../apps/server/src/db/paging.ts';
import { dispatchEvents, runDueRuns } from '../apps/server/src/modules/automation/workflows/workflows.runner.ts';
import { call, signedInOwner } from '../apps/server/src/test/factories.ts';
import { setOrgPlan } from '../apps/server/src/test/records.ts';

const eventCount = Number(process.env.BENCH_WORKFLOW_EVENTS ?? 1_000);
const workflowCount = Number(process.env.BENCH_WORKFLOWS ?? 200);

/** The 200 that never match: varied triggers, each with a condition no seeded record meets. */
function idleWorkflow(i: number): WorkflowInput {
  const triggers = [
    { type: 'record.updated', recordKind: 'contact', field: 'position' },
    { type: 'record.created', recordKind: 'company' },
    { type: 'deal.stage_changed' },
    { type: 'record.updated', recordKind: 'contact' },
  ] as const;
  return {
    name: `Idle ${i}`,
    enabled: true,
    trigger: triggers[i % triggers.length]!,
    conditions: { groups: [[{ field: 'firstName', op: 'eq', value: `nobody-${i}` }], [{ field: 'amount', op: 'gt', value: '999999999' }]] },
    steps: [{ type: 'wait', amount: 1, unit: 'hours' }],
  };
}

export async function workflowsBench(database: Database, databaseUrl: string | undefined): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lodestar-bench-workflows-'));
  const parsed = parseConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
  const app = await buildApp(parsed.config, database, { logger: false });
  const db = database.db;
  const lines: string[] = [];
  try {
    const owner = await signedInOwner(app, 'Workflows bench');
    await setOrgPlan(db, owner.orgId, 'pro');
    const create = async (body: WorkflowInput) => {
      const answer = await call(app, 'POST', `/api/settings/workflows?orgId=${owner.orgId}`, { token: owner.token, body });
      if (answer.status !== 200) throw new Error(`workflow: ${answer.status} ${JSON.stringify(answer.body)}`);
    };
    for (let i = 0; i < workflowCount; i++) await create(idleWorkflow(i));
    await dispatchEvents(db, 1000);

    // (2) Matching: updates none of the workflows match; the consumer's time per event.
    await db.execute(sql`insert into contacts (org_id, first_name, last_name, owner_user_id)
      select ${owner.orgId}, 'Seed', 'No ' || g, ${owner.user.id} from generate_series(1, ${eventCount}) g`);
    await dispatchEvents(db, 1000);
    await db.execute(sql`update contacts set position = 'Buyer' where org_id = ${owner.orgId} and first_name = 'Seed'`);
    const matchStart = performance.now();
    const read = await dispatchEvents(db, 1000);
    const perEvent = (performance.now() - matchStart) / Math.max(1, read);
    lines.push(`workflows: ${read} contact.updated events against ${workflowCount} active workflows (none matching): ${perEvent.toFixed(3)} ms per event in the outbox consumer (target ≤ 2 ms)`);

    const workflows = Array.from({ length: workflowCount }, (_, i) => workflowBodySchema.parse(idleWorkflow(i)));
    const record = { firstName: 'Seed', lastName: 'No 1', position: 'Buyer', amount: null };
    const event = { type: 'contact.updated' as const, kind: 'contact', record, changed: ['position'], previous: { position: null } };
    const pureStart = performance.now();
    let matched = 0;
    for (let i = 0; i < 1000; i++) for (const w of workflows) if (triggerMatches(w.trigger, event) && conditionsHold(w.conditions, record)) matched++;
    lines.push(`workflows: pure trigger + conditions check, ${workflowCount} workflows: ${((performance.now() - pureStart) / 1000).toFixed(4)} ms per event (${matched} matched)`);

    // (1) 1 000 events → matched and first steps done. The idle ones off first: 200 is the workspace's limit of active
    // workflows (workflowLimits.maxActive), and they are measured above.
    await db.execute(sql`update workflows set enabled = false where org_id = ${owner.orgId}`);
    await create({ name: 'Task for each new contact', enabled: true, trigger: { type: 'record.created', recordKind: 'contact' }, conditions: { groups: [] }, steps: [{ type: 'createTask', title: 'Welcome {{name}}', assigneeUserId: null, dueInDays: 1 }] });
    const started = performance.now();
    await db.execute(sql`insert into contacts (org_id, first_name, last_name, owner_user_id)
      select ${owner.orgId}, 'New', 'Lead ' || g, ${owner.user.id} from generate_series(1, ${eventCount}) g`);
    let done = 0;
    while (done < eventCount && performance.now() - started < 600_000) {
      await dispatchEvents(db, 1000);
      await runDueRuns(db);
      [{ done = 0 } = { done: 0 }] = await queryRows<{ done: number }>(
        db,
        sql`select count(*)::int as done from workflow_step_results s join workflow_runs r on r.id = s.run_id where r.org_id = ${owner.orgId} and s.step_index = 0 and s.status = 'succeeded'`,
      );
    }
    const seconds = (performance.now() - started) / 1000;
    const [tasks] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from schedules where org_id = ${owner.orgId} and title like 'Welcome %'`);
    lines.push(`workflows: ${eventCount} contact.created events → ${done} runs' first steps done in ${seconds.toFixed(1)} s (target ≤ 30 s for 1 000), ${tasks?.n ?? 0} tasks (each once)`);
    return lines;
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dataDir = mkdtempSync(join(tmpdir(), 'lodestar-bench-workflows-db-'));
  const database = await openDatabase({ dataDir, databaseUrl: process.env.BENCH_DATABASE_URL });
  await database.migrate();
  try {
    console.log((await workflowsBench(database, process.env.BENCH_DATABASE_URL)).join('\n'));
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
