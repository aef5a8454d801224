/**
 * Server memory while a mailbox backfills (issue 34: bounded, no growth with the mailbox's size). For each size in
 * BENCH_MAIL_MEMORY_SIZES (default 1000,10000): the Gmail double runs in a process of its own (bench/mail-double.ts,
 * so the mailbox's messages are not counted in the server), the server as `npm run serve` starts it (bench/serve.ts:
 * the bundle and its node flags) on a fresh database — a temp PGlite data directory, or a fresh database on
 * BENCH_MEMORY_DATABASE_URL. 300 contacts are created through the API, the mailbox is connected through the OAuth
 * hand-off, and the first sync runs as it does after connecting; the server's RSS (all its threads) is read from
 * /proc every 20 ms, plus its high-water mark (VmHWM, reset before connecting) when every matching message is stored.
 *
 * The last stdout line is JSON: [{ messages, matching, stored, seconds, beforeMb, peakMb, afterMb, doubleMb }, …].
 * `node --import tsx bench/mail-memory.ts`; BENCH_SCENARIOS=mail-memory runs it from bench/run.ts (bench/README.md).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { serveCommand, startProcess, stopProcess } from './serve.ts';

const sizes = (process.env.BENCH_MAIL_MEMORY_SIZES ?? '1000,10000').split(',').map(Number);
const contacts = 300;
const mb = (n: number) => Math.round(n / 1024 / 1024);

export interface MailMemoryFigure {
  messages: number;
  matching: number;
  stored: number;
  seconds: number;
  beforeMb: number;
  peakMb: number;
  afterMb: number;
  doubleMb: number;
}

async function admin(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
}

/** The double's process, resolved with its READY line (its config for the server, the number of matching messages). */
async function startDouble(messages: number): Promise<{ child: ChildProcess; config: Record<string, string>; matching: number; rssMb: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'mail-double.ts')], {
    env: { ...process.env, BENCH_MAIL_MESSAGES: String(messages), BENCH_MAIL_CONTACTS: String(contacts) },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  const ready = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const line = /^READY (.*)$/m.exec(out);
      if (line) resolve(line[1]!);
    });
    child.on('exit', (code) => reject(new Error(`mail double exited (${code}): ${out}`)));
  });
  return { child, ...(JSON.parse(ready) as { config: Record<string, string>; matching: number; rssMb: number }) };
}

async function measure(messages: number, serverUrl: string | undefined): Promise<MailMemoryFigure> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodestar-bench-mail-memory-'));
  const dbName = `lodestar_bench_mail_memory_${process.pid}_${messages}`;
  let databaseUrl: string | undefined;
  if (serverUrl) {
    await admin(serverUrl, `create database ${dbName}`);
    const url = new URL(serverUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const double = await startDouble(messages);
  const serve = await serveCommand();
  const server = await startProcess(
    serve.args,
    {
      ...serve.env,
      ...double.config,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEV_DEFAULT_PLAN: 'subscribe_team',
      ENCRYPTION_KEY: Buffer.alloc(32, 3).toString('base64'),
      // The double listens on loopback; the OAuth redirect's host is read back from the double's answer, not followed.
      ALLOW_PRIVATE_HOSTS: 'true',
      PUBLIC_URL: 'http://127.0.0.1:9',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    /Lodestar is running at http:\/\/localhost:\d+/,
  );
  let serverOutput = '';
  server.stdout!.on('data', (d: Buffer) => (serverOutput += d.toString()));
  server.stderr!.on('data', (d: Buffer) => (serverOutput += d.toString()));
  const status = () => {
    const text = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0) * 1024;
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  };
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, status().rss)), 20);
  try {
    const port = /Lodestar is running at http:\/\/localhost:(\d+)/.exec(server.readyOutput)?.[1];
    const base = `http://127.0.0.1:${port}`;
    const api = async (method: string, p: string, body?: unknown, token?: string) => {
      const res = await fetch(`${base}/api${p}`, {
        method,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const answer = (await res.json()) as { data: unknown };
      if (!res.ok) throw new Error(`${p} answered ${res.status}: ${JSON.stringify(answer).slice(0, 300)}`);
      return answer.data as Record<string, unknown> & Record<string, unknown>[];
    };
    const token = (await api('POST', '/register', { email: `mail${process.pid}-${messages}@bench.test`, password: 'lodestar-2026', firstName: 'Mail', lastName: 'Bench' })).token as string;
    const orgId = (await api('POST', '/organizations/create', { orgName: 'Mail memory', memberEmails: [] }, token)).orgId as string;
    for (let i = 0; i < contacts; i += 1) {
      await api('POST', `/customer?orgId=${orgId}`, { firstName: `客戶${i}`, lastName: '陳', emails: [{ value: `client${i}@customer${i % 40}.example.tw` }] }, token);
    }

    // The high-water mark from here on (start-up and the contacts are not the backfill).
    fs.writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
    const before = status().rss;
    peak = before;
    const started = performance.now();
    const consent = (await api('GET', `/mailboxes/oauth/gmail/authorize?orgId=${orgId}`, undefined, token)).url as string;
    const back = new URL((await fetch(consent, { redirect: 'manual' })).headers.get('location')!);
    const callback = await fetch(`${base}${back.pathname}${back.search}`, { redirect: 'manual' });
    if (!String(callback.headers.get('location')).includes('outcome=connected')) throw new Error(`connect: ${callback.headers.get('location')}`);
    let stored = 0;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const [mailbox] = (await api('GET', `/mailboxes?orgId=${orgId}`, undefined, token)) as unknown as { status: string; storedCount: number; lastProblem: string | null }[];
      if (mailbox?.status === 'error') throw new Error(`sync failed: ${mailbox.lastProblem}`);
      stored = mailbox?.storedCount ?? 0;
      if (stored >= double.matching && mailbox?.status !== 'syncing') break;
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const { rss, hwm } = status();
    return { messages, matching: double.matching, stored, seconds, beforeMb: mb(before), peakMb: mb(Math.max(peak, hwm)), afterMb: mb(rss), doubleMb: double.rssMb };
  } catch (error) {
    console.error(serverOutput);
    throw error;
  } finally {
    clearInterval(sampler);
    await stopProcess(server);
    double.child.stdin!.end();
    await stopProcess(double.child);
    if (serverUrl) await admin(serverUrl, `drop database if exists ${dbName} with (force)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `serverUrl`: a PostgreSQL server to make each run's fresh database on (else PGlite in a temp directory). */
export async function mailMemoryBench(serverUrl?: string): Promise<MailMemoryFigure[]> {
  const figures: MailMemoryFigure[] = [];
  for (const size of sizes) {
    figures.push(await measure(size, serverUrl));
    // Each size as it ends: a long run stopped early keeps the smaller sizes' figures.
    console.error(`mail-memory: ${JSON.stringify(figures.at(-1))}`);
  }
  return figures;
}

/** The README's table of a run. */
export function mailMemoryTable(figures: MailMemoryFigure[], kind: string): string[] {
  return [
    '',
    `## Server memory while a mailbox backfills (Gmail double in its own process, ${kind})`,
    '',
    '| messages (matching) | stored | backfill | server RSS before → peak → after | double process |',
    '|---|---|---|---|---|',
    ...figures.map((f) => `| ${f.messages} (${f.matching}) | ${f.stored} | ${f.seconds.toFixed(1)} s | ${f.beforeMb} → ${f.peakMb} → ${f.afterMb} MB | ${f.doubleMb} MB |`),
    '',
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const serverUrl = process.env.BENCH_MEMORY_DATABASE_URL || undefined;
  const figures = await mailMemoryBench(serverUrl);
  console.log(mailMemoryTable(figures, serverUrl ? 'PostgreSQL' : 'PGlite').join('\n'));
  console.log(JSON.stringify(figures));
}
