/**
 * Child process of bench/imports.ts: a server (app.listen, real HTTP) on a fresh database — PGlite in a temp
 * directory, in this process, or a fresh database on BENCH_MEMORY_DATABASE_URL — receives a BENCH_MEMORY_ROWS-row
 * CSV (default 1 000 000) streamed from disk, checks it whole, then writes it for one job budget (50 s). RSS is
 * sampled every 20 ms throughout; the last stdout line is JSON: { peakMb, beforeMb, externalMb, rows, seconds, file } — beforeMb
 * and externalMb are the RSS and the memory outside the JS heap (PGlite's WASM heap) before the upload.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { parseConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { signedInOwner } from '../apps/server/src/test/factories.ts';
import { setOrgPlan } from '../apps/server/src/test/records.ts';
import { writeContactsCsv } from './imports.ts';

let peak = 0;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
const rows = Number(process.env.BENCH_MEMORY_ROWS ?? 1_000_000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodestar-bench-memory-'));
const serverUrl = process.env.BENCH_MEMORY_DATABASE_URL || undefined;
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
const parsed = parseConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
const database = await openDatabase({ dataDir, databaseUrl });
await database.migrate();
const app = await buildApp(parsed.config, database, { logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const owner = await signedInOwner(app, 'Memory');
await setOrgPlan(database.db, owner.orgId, 'subscribe_team');
const file = path.join(dataDir, 'contacts.csv');
writeContactsCsv(file, rows);

const headers = { authorization: `Bearer ${owner.token}` };
const api = async (p: string, init: RequestInit = {}) => {
  const res = await fetch(`${base}/api/customer${p}?orgId=${owner.orgId}`, { ...init, headers: { ...headers, ...(init.body ? { 'content-type': 'application/json' } : {}) } });
  const body = (await res.json()) as { data: Record<string, unknown> };
  if (!res.ok) throw new Error(`${p} answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return body.data;
};
// The process before any upload: the app and its open database (PGlite's WASM heap lives here, in `external`).
const before = process.memoryUsage();
const started = performance.now();
// Uploaded by curl, another process, as a browser would: fetch's FormData held the whole file in this process
// (`arrayBuffers` rose by the file's 60 MB), which counted the client's memory as the server's.
const upload = spawn('curl', ['-sS', '-H', `authorization: Bearer ${owner.token}`, '-F', `file=@${file};type=text/csv;filename=contacts.csv`, `${base}/api/customer/import?orgId=${owner.orgId}`]);
let answer = '';
upload.stdout.on('data', (d: Buffer) => (answer += d.toString()));
const [code] = (await once(upload, 'close')) as [number];
if (code !== 0) throw new Error(`curl upload failed (${code}): ${answer.slice(0, 300)}`);
const id = (JSON.parse(answer) as { data?: { id: string } }).data?.id;
if (!id) throw new Error(`upload answered ${answer.slice(0, 300)}`);
const detail = await api(`/import/detail/${id}`);
await api(`/import/field/${id}`, { method: 'POST', body: JSON.stringify({ mapping: detail.mapping, duplicates: 'skip' }) });
await api(`/import/store/${id}`, { method: 'POST' });
await app.background.idle();
const seconds = (performance.now() - started) / 1000;
const [row] = ((await database.db.execute(sql`select rows_done from imports where id = ${id}`)) as unknown as { rows: { rows_done: number }[] }).rows;
clearInterval(sampler);
await app.close();
await database.close();
if (serverUrl) await admin(`drop database if exists ${dbName} with (force)`);
fs.rmSync(dataDir, { recursive: true, force: true });
const mb = (n: number) => n / 1024 / 1024;
console.log(JSON.stringify({ peakMb: mb(peak), beforeMb: mb(before.rss), externalMb: mb(before.external), rows: row!.rows_done, seconds, file: rows }));
