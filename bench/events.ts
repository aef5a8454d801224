/**
 * Events and webhooks (docs/decisions/0018-events-outbox-and-webhooks.md): (1) the outbox's cost on a contact create,
 * measured two ways — A/B: the median API time of POST /api/customer with the contacts' event trigger on and off, in
 * short blocks that alternate which comes first (each after a warm-up, since toggling the trigger drops cached plans),
 * so the machine's load drifting during the run weighs on both sides alike; direct: the
 * trigger's own time inside that INSERT (EXPLAIN ANALYZE) — target ≤ 10 % of the API time; and (2) webhook
 * throughput: a subscription to a local receiver, 2 000 contact events, the time until every delivery is answered 2xx
 * (target ≥ 200 deliveries/s); the receiver checks none came twice.
 * Part of `npm run bench` (BENCH_SCENARIOS=events); alone: `node --import tsx bench/events.ts` (PGlite in a temp dir,
 * or BENCH_DATABASE_URL's server).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { parseConfig } from '../apps/server/src/config.ts';
import { openDatabase, type Database } from '../apps/server/src/db/client.ts';
import { deliveryDeps } from '../apps/server/src/modules/access/webhooks/webhooks.deps.ts';
import { dispatchEvents, runWebhooks } from '../apps/server/src/modules/access/webhooks/webhooks.delivery.ts';
import { call, signedInOwner } from '../apps/server/src/test/factories.ts';
import { webhookReceiver } from '../apps/server/src/test/webhook-receiver.ts';

/** Blocks of the A/B measurement; each has 10 timed creates with the trigger on and 10 with it off. */
const blocks = Number(process.env.BENCH_EVENT_BLOCKS ?? 24);
const deliveries = Number(process.env.BENCH_WEBHOOK_DELIVERIES ?? 2_000);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function eventsBench(database: Database, databaseUrl: string | undefined): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lodestar-bench-events-'));
  const parsed = parseConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
  const app = await buildApp(parsed.config, database, { logger: false });
  const receiver = await webhookReceiver();
  try {
    const owner = await signedInOwner(app, 'Events bench');
    await database.db.execute(sql`update organizations set plan = 'pro' where id = ${owner.orgId}`);
    const create = async (i: number) => {
      const started = performance.now();
      const answer = await call(app, 'POST', `/api/customer?orgId=${owner.orgId}`, { token: owner.token, body: { firstName: '王', lastName: `小明 ${i}` } });
      if (answer.status !== 200) throw new Error(`create: ${answer.status} ${JSON.stringify(answer.body)}`);
      return performance.now() - started;
    };
    const triggers = (on: boolean) => database.db.execute(sql.raw(`alter table contacts ${on ? 'enable' : 'disable'} trigger contacts_insert_events`));
    for (let i = 0; i < 30; i++) await create(i); // warm-up
    const withEvents: number[] = [];
    const without: number[] = [];
    for (let block = 0; block < blocks; block++) {
      for (const on of [block % 2 === 0, block % 2 !== 0]) {
        await triggers(on);
        for (let i = 0; i < 3; i++) await create(i); // plans again after the ALTER
        const times: number[] = [];
        for (let i = 0; i < 10; i++) times.push(await create(i));
        (on ? withEvents : without).push(...times);
      }
    }
    await triggers(true);
    const apiMs = median(without);
    const overhead = median(withEvents) / apiMs - 1;
    // The trigger's own time in the same INSERT the API makes (the executor's trigger timing, no client noise).
    const triggerMs: number[] = [];
    for (let i = 0; i < 60; i++) {
      const answer = (await database.db.execute(
        sql`explain (analyze, format json) insert into contacts (org_id, first_name, last_name, phones, owner_user_id, created_by_user_id)
            values (${owner.orgId}, '王', ${`小明 ${i}`}, '[{"value":"0912345678","type":"mobile"}]'::jsonb, ${owner.user.id}, ${owner.user.id})`,
      )) as unknown as { rows: Record<string, unknown>[] };
      const plan = (Object.values(answer.rows[0]!)[0] as { Triggers?: { 'Trigger Name': string; Time: number }[] }[])[0]!;
      triggerMs.push((plan.Triggers ?? []).filter((t) => t['Trigger Name'].endsWith('_events')).reduce((sum, t) => sum + t.Time, 0));
    }

    // Throughput: the bench's earlier events are queued (and sent) before the subscription exists.
    while ((await dispatchEvents(database.db)) > 0);
    await runWebhooks(database.db, deliveryDeps(app));
    const created = await call(app, 'POST', `/api/settings/webhooks?orgId=${owner.orgId}`, { token: owner.token, body: { name: 'Bench', url: receiver.url, eventTypes: ['contact.created'] } });
    receiver.setSecret(created.body.data.secret);
    await database.db.execute(sql`insert into contacts (org_id, first_name, last_name) select ${owner.orgId}::uuid, 'Hook', g::text from generate_series(1, ${deliveries}) g`);
    const started = performance.now();
    while (receiver.acceptedCounts().size < deliveries && performance.now() - started < 300_000) await runWebhooks(database.db, deliveryDeps(app));
    const seconds = (performance.now() - started) / 1000;
    const counts = receiver.acceptedCounts();
    const twice = [...counts.values()].filter((n) => n > 1).length;
    const verified = receiver.received.every((r) => r.verified);
    return [
      `## Events and webhooks (${database.kind})`,
      '',
      '| figure | value | target |',
      '|---|---|---|',
      `| contact create, median API time with events (${withEvents.length} calls) | ${median(withEvents).toFixed(2)} ms | |`,
      `| contact create, median API time without events (${without.length} calls) | ${apiMs.toFixed(2)} ms | |`,
      `| event-write overhead, A/B (${blocks} alternating blocks, medians) | ${(overhead * 100).toFixed(1)} % | ≤ 10 % |`,
      `| event-write overhead, direct (the trigger's time in the INSERT, EXPLAIN ANALYZE: ${median(triggerMs).toFixed(3)} ms) | ${((median(triggerMs) / apiMs) * 100).toFixed(1)} % | ≤ 10 % |`,
      `| webhook deliveries/s to a local receiver (${counts.size} of ${deliveries}, ${twice} twice, signatures ${verified ? 'verified' : 'NOT verified'}) | ${(counts.size / seconds).toFixed(0)} | ≥ 200 |`,
      '',
      `Machine: ${os.cpus().length} CPU cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}.`,
      '',
    ];
  } finally {
    await receiver.close();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dataDir = mkdtempSync(join(tmpdir(), 'lodestar-bench-events-db-'));
  const database = await openDatabase({ dataDir, databaseUrl: process.env.BENCH_DATABASE_URL });
  await database.migrate();
  try {
    console.log((await eventsBench(database, process.env.BENCH_DATABASE_URL)).join('\n'));
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
