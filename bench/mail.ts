/**
 * Mailbox backfill (issue 34, `BENCH_SCENARIOS=mail`): a Gmail mailbox of 10 000 messages in the backfill window on
 * the local Gmail double (100 per page, as the client asks), 30 % of them to or from 300 contacts of the workspace,
 * connected through the OAuth hand-off; the first sync runs as it does after connecting. Reports the backfill time
 * (target ≤ 5 minutes on PostgreSQL), messages stored (must be exactly the matching ones), the process's RSS before
 * and at its peak (bounded: no growth with the mailbox size), and one new message's time to the timeline by "Sync now".
 * Runs on its own too: `npx tsx bench/mail.ts` (DATABASE_URL for PostgreSQL, PGlite in a temp directory otherwise).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { parseConfig } from '../apps/server/src/config.ts';
import { openDatabase, type Database } from '../apps/server/src/db/client.ts';
import { call, signedInOwner } from '../apps/server/src/test/factories.ts';
import { startMailProvidersDouble } from '../apps/server/src/test/mail-providers-double.ts';
import { rawMessage } from '../apps/server/src/test/mail-servers.ts';

const messages = Number(process.env.BENCH_MAIL_MESSAGES ?? 10_000);
const contacts = 300;
const mailbox = 'bench@gmail.example';

export async function mailSyncBench(database: Database): Promise<string[]> {
  const double = await startMailProvidersDouble({ gmail: mailbox, outlook: 'bench@outlook.example' }, { pageSize: 100 });
  const parsed = parseConfig({
    ...double.config(), PUBLIC_URL: 'http://127.0.0.1:9', LOG_LEVEL: 'silent', ALLOW_PRIVATE_HOSTS: 'true', DEV_DEFAULT_PLAN: 'subscribe_team',
    DATA_DIR: path.join(os.tmpdir(), `lodestar-bench-mail-${process.pid}`), ENCRYPTION_KEY: Buffer.alloc(32, 3).toString('base64'),
  });
  if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
  const app = await buildApp(parsed.config, database, { logger: false });
  try {
    const owner = await signedInOwner(app, 'Mail bench');
    const api = (p: string) => `/api${p}${p.includes('?') ? '&' : '?'}orgId=${owner.orgId}`;
    for (let i = 0; i < contacts; i += 1) {
      const answer = await call(app, 'POST', api('/customer'), { token: owner.token, body: { firstName: `客戶${i}`, lastName: '陳', emails: [{ value: `client${i}@customer${i % 40}.example.tw` }] } });
      if (answer.status !== 200) throw new Error(`contact: ${answer.status}`);
    }
    const day = 86_400_000;
    let matching = 0;
    for (let i = 0; i < messages; i += 1) {
      const fromContact = i % 10 < 3;
      if (fromContact) matching += 1;
      const from = fromContact ? `client${i % contacts}@customer${(i % contacts) % 40}.example.tw` : `sender${i}@elsewhere${i % 97}.example`;
      const body = `Message ${i}: `.padEnd(2_000, 'lorem ipsum 報價 ');
      double.deliver('gmail', rawMessage({ From: from, To: mailbox, Subject: `Bench ${i}`, 'Message-ID': `<bench-${i}@bench.example>` }, body), 'inbox', new Date(Date.now() - ((i % 80) + 1) * day));
    }

    const rss = () => process.memoryUsage().rss / 1024 / 1024;
    const rssBefore = rss();
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rss())), 100);
    const started = performance.now();
    const start = await call(app, 'GET', api('/mailboxes/oauth/gmail/authorize'), { token: owner.token });
    const back = new URL((await fetch(start.body.data.url, { redirect: 'manual' })).headers.get('location')!);
    const callback = await app.inject({ method: 'GET', url: back.pathname + back.search });
    if (!String(callback.headers.location).includes('outcome=connected')) throw new Error(`connect: ${callback.headers.location}`);
    await app.background.idle();
    const backfillMs = performance.now() - started;
    clearInterval(sampler);
    const stored = ((await database.db.execute(sql`select count(*)::int as n from emails`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    const id = (await call(app, 'GET', api('/mailboxes'), { token: owner.token })).body.data[0].id as string;

    double.deliver('gmail', rawMessage({ From: 'client1@customer1.example.tw', To: mailbox, Subject: 'New one', 'Message-ID': '<bench-new@bench.example>' }, 'new'));
    const incrementalStart = performance.now();
    const after = await call(app, 'POST', api(`/mailboxes/${id}/sync`), { token: owner.token });
    const incrementalMs = performance.now() - incrementalStart;

    const kind = database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
    return [
      '',
      `## Mailbox backfill (Gmail double, ${kind})`,
      '',
      '| figure | value | target |',
      '|---|---|---|',
      `| backfill of ${messages} messages (${matching} to or from ${contacts} contacts) | ${(backfillMs / 1000).toFixed(1)} s (${Math.round(messages / (backfillMs / 1000))} messages/s) | ≤ 300 s |`,
      `| stored | ${stored} | ${matching} (only the matching ones) |`,
      `| RSS before → peak during the backfill | ${rssBefore.toFixed(0)} → ${rssPeak.toFixed(0)} MB | bounded |`,
      `| one new message: "Sync now" (history.list) | ${incrementalMs.toFixed(0)} ms (stored ${after.body.data.storedCount}) | + polling every 60 s ≤ 2 min |`,
      '',
    ];
  } finally {
    await app.close();
    await double.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lodestar-bench-mail-db-'));
  const database = await openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL });
  await database.migrate();
  try {
    console.log((await mailSyncBench(database)).join('\n'));
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
