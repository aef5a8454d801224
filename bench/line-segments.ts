/**
 * LINE segment send (issue 32): 5 000 friends linked to tagged contacts (set-based SQL), one segment message through
 * the API, then the `channels.line.segments` job's own function until the send is done, against the local LINE double
 * (multicast of up to 500 ids, X-Line-Retry-Key, quota). A 429 with Retry-After 1 s on the second chunk checks that a
 * throttled chunk waits and is sent once. Reports the time from the send to done, recipients per second, the multicast
 * calls made and the figures, and checks every friend got it exactly once.
 */
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { parseConfig } from '../apps/server/src/config.ts';
import type { Database } from '../apps/server/src/db/client.ts';
import { createLineDeps } from '../apps/server/src/modules/channels/line/line.deps.ts';
import { processSegments } from '../apps/server/src/modules/channels/line/line.segments.ts';
import { call, signedInOwner } from '../apps/server/src/test/factories.ts';
import { startLineDouble } from '../apps/server/src/test/line-double.ts';

const friends = Number(process.env.BENCH_LINE_FRIENDS ?? 5_000);

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function lineSegmentBench(database: Database, databaseUrl: string | undefined): Promise<string[]> {
  const line = await startLineDouble();
  const channel = line.addChannel();
  channel.quotaLimit = friends * 2;
  const port = await freePort();
  const parsed = parseConfig({ ...line.env, PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'silent', DATA_DIR: path.join(os.tmpdir(), `lodestar-bench-line-seg-${process.pid}`), ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
  const app = await buildApp(parsed.config, database, { logger: false });
  await app.listen({ port, host: '127.0.0.1' });
  try {
    const owner = await signedInOwner(app, 'LINE segment bench');
    const api = async (method: 'POST' | 'PUT', p: string, body?: unknown) => {
      const answer = await call(app, method, `/api${p}?orgId=${owner.orgId}`, { token: owner.token, ...(body ? { body } : {}) });
      if (answer.status !== 200) throw new Error(`${p}: ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body.data;
    };
    await api('POST', '/channel/line/steps/1');
    await api('POST', '/channel/line/steps/2');
    await api('PUT', '/channel/line/credentials', { channelId: channel.channelId, channelSecret: channel.secret });
    await api('POST', '/channel/line/webhook');
    const tagId = (await api('POST', '/tags/customer', { name: 'VIP' })).id as string;
    const db = database.db;
    await db.execute(sql`insert into contacts (org_id, first_name, last_name, tag_ids, owner_user_id)
      select ${owner.orgId}, 'Friend', 'No.' || i, array[${tagId}::uuid], ${owner.user.id} from generate_series(1, ${friends}) i`);
    await db.execute(sql`insert into line_friends (org_id, channel_row_id, line_user_id, display_name, contact_id)
      select ${owner.orgId}, ch.id, 'U5' || lpad(substr(c.last_name, 4), 31, '0'), c.last_name, c.id
      from contacts c, line_channels ch where c.org_id = ${owner.orgId} and ch.org_id = ${owner.orgId}`);
    for (let i = 1; i <= friends; i += 1) line.addUser(`U5${String(i).padStart(31, '0')}`, `No.${i}`);

    const deps = createLineDeps(app.config);
    const started = performance.now();
    const send = await api('POST', '/social/line/segments', { tagId, text: '本週末 VIP 九折' });
    const queuedMs = performance.now() - started;
    // The second multicast is throttled once (LINE's 429 with Retry-After: 1): it waits, then goes once.
    let throttledOnce = false;
    for (;;) {
      await processSegments(db, deps, app.log, {
        afterChunk: () => {
          if (!throttledOnce) {
            throttledOnce = true;
            line.throttle(1, 1);
          }
        },
      });
      const rows = (await db.execute(sql`select status, sent, failed, total from line_segment_sends where id = ${send.id}`)) as unknown as { rows: { status: string; sent: number; failed: number; total: number }[] };
      if (rows.rows[0]!.status === 'done' || rows.rows[0]!.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const doneMs = performance.now() - started;
    const figures = ((await db.execute(sql`select status, sent, failed, total from line_segment_sends where id = ${send.id}`)) as unknown as { rows: { status: string; sent: number; failed: number; total: number }[] }).rows[0]!;
    const multicasts = line.pushRequests.filter((r) => r.path.endsWith('/multicast'));
    const delivered = line.sent.filter((m) => m.via === 'push');
    const once = new Set(delivered.map((m) => m.to)).size === delivered.length && delivered.length === friends;
    return [
      `LINE segment send: ${friends} linked friends, one message — queued in ${queuedMs.toFixed(0)} ms (count and quota checked), done in ${(doneMs / 1000).toFixed(1)} s (${(friends / (doneMs / 1000)).toFixed(0)} recipients/s, of which ~1 s is LINE's Retry-After on a throttled chunk); ${multicasts.length} multicast calls (${multicasts.filter((r) => r.status === 429).length} answered 429) for ${Math.ceil(friends / 500)} chunks; figures ${figures.sent} sent, ${figures.failed} failed of ${figures.total} ${once ? '✓ each friend once' : '✗'}`,
      '',
    ];
  } finally {
    await app.close();
    await line.close();
  }
}
