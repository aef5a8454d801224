/**
 * LINE webhook ingestion (issue: the LINE channel): a channel connected through the six steps against the local
 * LINE double (which signs every webhook request as LINE does), then 1 000 message events from 50 phones posted
 * by 20 concurrent senders as fast as the server takes them; then 100 of them redelivered. Reports events per
 * second (until every event is applied: message stored, conversation updated) and checks none is lost or twice.
 */
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { parseConfig } from '../apps/server/src/config.ts';
import type { Database } from '../apps/server/src/db/client.ts';
import { call, signedInOwner } from '../apps/server/src/test/factories.ts';
import { startLineDouble } from '../apps/server/src/test/line-double.ts';

const events = 1_000;
const senders = 20;

async function count(database: Database, table: 'line_messages' | 'line_webhook_events'): Promise<number> {
  const result = (await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function lineWebhookBench(database: Database, databaseUrl: string | undefined): Promise<string[]> {
  const line = await startLineDouble();
  const channel = line.addChannel();
  const port = await freePort();
  const parsed = parseConfig({ ...line.env, PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'silent', DATA_DIR: path.join(os.tmpdir(), `lodestar-bench-line-${process.pid}`), ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
  const app = await buildApp(parsed.config, database, { logger: false });
  await app.listen({ port, host: '127.0.0.1' });
  try {
    const owner = await signedInOwner(app, 'LINE bench');
    const step = async (method: 'POST' | 'PUT', p: string, body?: unknown) => {
      const answer = await call(app, method, `/api${p}?orgId=${owner.orgId}`, { token: owner.token, ...(body ? { body } : {}) });
      if (answer.status !== 200) throw new Error(`${p}: ${answer.status} ${JSON.stringify(answer.body)}`);
    };
    await step('POST', '/channel/line/steps/1');
    await step('POST', '/channel/line/steps/2');
    await step('PUT', '/channel/line/credentials', { channelId: channel.channelId, channelSecret: channel.secret });
    await step('POST', '/channel/line/webhook');
    channel.active = true;
    await step('POST', '/channel/line/steps/5');
    const phones = Array.from({ length: 50 }, (_, i) => `U${String(i).padStart(32, '0')}`);
    phones.forEach((userId, i) => line.addUser(userId, `客戶 ${i}`));
    const before = await count(database, 'line_messages');

    const started = performance.now();
    const ids: string[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: senders }, async () => {
        while (next < events) {
          const i = next++;
          const webhookEventId = `01BENCH${String(i).padStart(19, '0')}`;
          ids.push(webhookEventId);
          const sent = await line.userSends(channel.channelId, { userId: phones[i % phones.length]!, kind: 'text', text: `訊息 ${i}`, webhookEventId });
          if (sent.status !== 200) throw new Error(`webhook answered ${sent.status}`);
        }
      }),
    );
    const acceptedMs = performance.now() - started;
    await app.background.idle();
    const appliedMs = performance.now() - started;
    // LINE redelivers when it misses an answer: the same webhookEventIds again change nothing.
    for (const id of ids.slice(0, 100)) await line.userSends(channel.channelId, { userId: phones[0]!, kind: 'text', text: 'again', webhookEventId: id });
    await app.background.idle();
    const stored = (await count(database, 'line_messages')) - before;
    const pending = (await database.db.execute(sql`select last_error from line_webhook_events where processed_at is null`)) as unknown as { rows: { last_error: string | null }[] };
    if (pending.rows.length > 0) console.log(`pending after the run: ${pending.rows.length}`, [...new Set(pending.rows.map((r) => r.last_error))]);
    const unread = ((await database.db.execute(sql`select coalesce(sum(unread), 0)::int as n from line_friends`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    const ok = stored === events && unread === events;
    return [
      `LINE webhook ingestion: ${events} signed message events from ${phones.length} friends by ${senders} concurrent senders — accepted in ${(acceptedMs / 1000).toFixed(1)} s (${(events / (acceptedMs / 1000)).toFixed(0)} events/s answered), all applied in ${(appliedMs / 1000).toFixed(1)} s (${(events / (appliedMs / 1000)).toFixed(0)} events/s); then 100 redelivered: ${stored} messages stored and ${unread} unread for ${events} events ${ok ? '✓ none lost, none twice' : '✗'}`,
      '',
    ];
  } finally {
    await app.close();
    await line.close();
  }
}
