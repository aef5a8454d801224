/**
 * The peak memory of a server importing a large CSV (issue 13). The server is started as `npm run serve` starts it
 * (bench/serve.ts: the bundle and its node flags) on a fresh database — a temp PGlite data directory, or a fresh
 * database on BENCH_MEMORY_DATABASE_URL. A user signs up through the API, a BENCH_MEMORY_ROWS-row CSV (default
 * 1 000 000) is uploaded by curl (another process, as a browser would: fetch's FormData held the whole file in the
 * measuring process), checked whole, then written for one run's budget (50 s). The server's RSS, its threads
 * included, is read from /proc every 20 ms, and its high-water mark (VmHWM, reset before the upload) when the first run
 * has ended.
 *
 * The last stdout line is JSON: { peakMb, beforeMb, checkPeakMb, runPeakMb, rows, seconds, file, probe? } — beforeMb
 * is the idle server before the upload; rows were written in the run's budget, counted from its start.
 * BENCH_MEMORY_PROBE=1 also preloads bench/memory-probe.mjs into the server, which logs each thread's
 * process.memoryUsage(): `probe` is the main thread's and an import thread's heap at the peak (a diagnostic run; the
 * probe's own cost is small but not nothing).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { writeContactsCsv } from './imports.ts';
import { serveCommand, startProcess, stopProcess } from './serve.ts';

const rows = Number(process.env.BENCH_MEMORY_ROWS ?? 1_000_000);
const serverUrl = process.env.BENCH_MEMORY_DATABASE_URL || undefined;
const probe = process.env.BENCH_MEMORY_PROBE === '1';
const runBudgetMs = 50_000;
const mb = (n: number) => n / 1024 / 1024;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodestar-bench-memory-'));
const dbName = `lodestar_bench_memory_${process.pid}`;
const admin = async (statement: string) => {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
};
let databaseUrl: string | undefined;
if (serverUrl) {
  await admin(`create database ${dbName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  databaseUrl = url.toString();
}
const file = path.join(dataDir, 'contacts.csv');
writeContactsCsv(file, rows);
const probeFile = path.join(dataDir, 'probe.jsonl');

const serve = await serveCommand();
const server = await startProcess(
  [...(probe ? ['--import', path.join(import.meta.dirname, 'memory-probe.mjs')] : []), ...serve.args],
  {
    ...serve.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // New workspaces on a paid plan (the free plan holds 100 contacts); refused only with NODE_ENV=production.
    DEV_DEFAULT_PLAN: 'subscribe_team',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(probe ? { BENCH_MEMORY_PROBE_FILE: probeFile } : {}),
  },
  /Lodestar is running at http:\/\/localhost:\d+/,
);
let serverOutput = '';
server.stdout!.on('data', (d: Buffer) => (serverOutput += d.toString()));
server.stderr!.on('data', (d: Buffer) => (serverOutput += d.toString()));

/** VmRSS and VmHWM of the server process (all its threads), bytes. */
const status = () => {
  const text = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
};
let phasePeak = 0;
let peakAt = 0;
const sampler = setInterval(() => {
  const { rss } = status();
  if (rss > phasePeak) [phasePeak, peakAt] = [rss, Date.now()];
}, 20);

try {
  const port = /Lodestar is running at http:\/\/localhost:(\d+)/.exec(server.readyOutput)?.[1];
  const base = `http://127.0.0.1:${port}`;
  const post = async (p: string, body: unknown, token?: string) => {
    const res = await fetch(`${base}${p}`, {
      method: 'POST',
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await res.json()) as { data: Record<string, unknown> };
    if (!res.ok) throw new Error(`${p} answered ${res.status}: ${JSON.stringify(answer).slice(0, 300)}`);
    return answer.data;
  };
  const token = (await post('/api/register', { email: `memory${process.pid}@bench.test`, password: 'lodestar-2026', firstName: 'Memory', lastName: 'Bench' })).token as string;
  const orgId = (await post('/api/organizations/create', { orgName: 'Memory', memberEmails: [] }, token)).orgId as string;
  const url = (p: string) => `${base}/api/customer${p}?orgId=${orgId}`;
  const get = async (p: string) => ((await (await fetch(url(p), { headers: { authorization: `Bearer ${token}` } })).json()) as { data: Record<string, unknown> }).data;

  // The high-water mark from here on, not the start-up's (PGlite's first migration peaks above its idle size).
  fs.writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
  const before = status().rss;
  phasePeak = before;
  const started = performance.now();
  const upload = spawn('curl', ['-sS', '-H', `authorization: Bearer ${token}`, '-F', `file=@${file};type=text/csv;filename=contacts.csv`, url('/import')]);
  let answer = '';
  upload.stdout.on('data', (d: Buffer) => (answer += d.toString()));
  const [code] = (await once(upload, 'close')) as [number];
  if (code !== 0) throw new Error(`curl upload failed (${code}): ${answer.slice(0, 300)}`);
  const id = (JSON.parse(answer) as { data?: { id: string } }).data?.id;
  if (!id) throw new Error(`upload answered ${answer.slice(0, 300)}`);
  const checkPeak = phasePeak;
  phasePeak = status().rss;
  const detail = await get(`/import/detail/${id}`);
  await post(`/api/customer/import/field/${id}?orgId=${orgId}`, { mapping: detail.mapping, duplicates: 'skip' }, token);
  const stored = performance.now();
  await post(`/api/customer/import/store/${id}?orgId=${orgId}`, undefined, token);
  const rowsDone = await firstRunEnded(id, get, stored);
  const { hwm } = status();
  clearInterval(sampler);
  const result = {
    peakMb: mb(Math.max(hwm, phasePeak, checkPeak)),
    beforeMb: mb(before),
    checkPeakMb: mb(checkPeak),
    runPeakMb: mb(phasePeak),
    rows: rowsDone,
    seconds: (performance.now() - started) / 1000,
    file: rows,
    ...(probe ? { probe: probeAt(peakAt) } : {}),
  };
  console.log(JSON.stringify(result));
} catch (error) {
  console.error(serverOutput);
  throw error;
} finally {
  clearInterval(sampler);
  await stopProcess(server);
  if (serverUrl) await admin(`drop database if exists ${dbName} with (force)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * The rows written when the store's run has ended. On PostgreSQL the import's lease says it (released when the run's
 * budget is spent; the imports.run job takes it up again later). PGlite's data directory belongs to the server, so
 * there the end is the first still second after the budget.
 */
async function firstRunEnded(id: string, get: (p: string) => Promise<Record<string, unknown>>, stored: number): Promise<number> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      let held = false;
      for (;;) {
        const { rows: [row] } = await client.query<{ state: string; rows_done: number; locked_by: string | null }>('select state, rows_done, locked_by from imports where id = $1', [id]);
        held ||= row!.locked_by !== null;
        if (row!.state !== 'running' || (held && row!.locked_by === null)) return row!.rows_done;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await client.end();
    }
  }
  let last = -1;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const d = await get(`/import/detail/${id}`);
    const done = d.rowsDone as number;
    if (d.state !== 'running' || (performance.now() - stored > runBudgetMs && done === last)) return done;
    last = done;
  }
}

/** The probe's records nearest the peak: the main thread's and an import thread's memory, MB. */
function probeAt(at: number) {
  const records = fs
    .readFileSync(probeFile, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { t: number; thread: number } & NodeJS.MemoryUsage);
  const nearest = (thread: (n: number) => boolean) =>
    records.filter((r) => thread(r.thread)).reduce<(typeof records)[number] | undefined>((best, r) => (!best || Math.abs(r.t - at) < Math.abs(best.t - at) ? r : best), undefined);
  const round = (r: (typeof records)[number] | undefined) =>
    r && { msFromPeak: r.t - at, rss: mb(r.rss), heapTotal: mb(r.heapTotal), heapUsed: mb(r.heapUsed), external: mb(r.external), arrayBuffers: mb(r.arrayBuffers) };
  return { main: round(nearest((t) => t === 0)), thread: round(nearest((t) => t !== 0)) };
}
