/**
 * Import and export (issue 13): N contacts (BENCH_CONTACTS, default 100 000) imported from a CSV through the API
 * (upload + check, mapping, store, then the import runner) into the big workspace that already holds N; beside it
 * `COPY` of the same rows into the same table (same indexes, rolled back) in the same run — on PGlite too, as the
 * database's own floor for these rows; export
 * of N contacts as CSV; the undo of that import as a job (issue 31); and the peak RSS of the served app importing a 1 000 000-row CSV (import-memory.ts).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importChunkRows } from '@lodestar/contract';
import { sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../apps/server/src/db/client.ts';
import { runImports } from '../apps/server/src/modules/imports/imports/imports.runner.ts';
import { runUndos, undoChunkLinks } from '../apps/server/src/modules/imports/imports/undo.runner.ts';
import { injectMultipart, multipart, setOrgPlan } from '../apps/server/src/test/records.ts';
import { serveCommand } from './serve.ts';

export interface ImportBenchContext {
  orgId: string;
  token: string;
  userId: string;
  dataDir: string;
  /** PostgreSQL only: the database URL, for COPY through psql. */
  databaseUrl: string | undefined;
  /** PGlite only: its own client, for COPY from a blob. */
  pglite?: PGlite | undefined;
  rows: number;
}

/** Row i of the bench file: unique names, emails and mobiles, none of them in the seed. */
const personOf = (i: number) => ({ first: `匯入${i}`, last: '測試', email: `import${i}@bench-import.test`, mobile: `0977${String(i).padStart(6, '0')}` });

export function writeContactsCsv(file: string, rows: number, offset = 0): void {
  const fd = fs.openSync(file, 'w');
  fs.writeSync(fd, 'Name,Email,Mobile\n');
  for (let start = 0; start < rows; start += 10_000) {
    const lines: string[] = [];
    for (let i = start; i < Math.min(rows, start + 10_000); i++) {
      const p = personOf(offset + i);
      lines.push(`${p.first} ${p.last},${p.email},${p.mobile}`);
    }
    fs.writeSync(fd, `${lines.join('\n')}\n`);
  }
  fs.closeSync(fd);
}

async function ok(res: { statusCode: number; body: string }, what: string) {
  if (res.statusCode !== 200) throw new Error(`${what} answered ${res.statusCode}: ${res.body.slice(0, 500)}`);
  return JSON.parse(res.body) as { data: Record<string, unknown> };
}

/** Upload + check step, then mapping and store, then the runner until done; answers the two phases' seconds. */
async function importThroughApi(app: FastifyInstance, db: Db, ctx: ImportBenchContext, file: string) {
  const url = (p: string) => `/api/customer${p}?orgId=${ctx.orgId}`;
  const headers = { authorization: `Bearer ${ctx.token}` };
  const t0 = performance.now();
  const form = multipart({}, { field: 'file', filename: 'contacts.csv', contentType: 'text/csv', data: fs.readFileSync(file) });
  const up = await injectMultipart(app, url('/import'), ctx.token, form);
  if (up.status !== 200) throw new Error(`upload answered ${up.status}: ${JSON.stringify(up.body).slice(0, 500)}`);
  const id = (up.body as { data: { id: string } }).data.id;
  const detail = await ok(await app.inject({ method: 'GET', url: url(`/import/detail/${id}`), headers }), 'detail');
  await ok(await app.inject({ method: 'POST', url: url(`/import/field/${id}`), headers, payload: { mapping: detail.data.mapping, duplicates: 'skip' } }), 'field');
  const t1 = performance.now();
  await ok(await app.inject({ method: 'POST', url: url(`/import/store/${id}`), headers }), 'store');
  await app.background.idle();
  // The in-process job pauses after its budget (as in the server, where the jobs poller continues it).
  for (;;) {
    const [row] = (await db.execute(sql`select state, created_count, skipped_count, failed_count,
        (select reason from import_failures where import_id = ${id} limit 1) as reason from imports where id = ${id}`) as unknown as { rows: Record<string, unknown>[] }).rows;
    if (row!.state !== 'running') {
      // A seeded contact may share a generated mobile: those rows are skipped as duplicates (counted, not an error).
      if (row!.state !== 'done' || Number(row!.created_count) + Number(row!.skipped_count) !== ctx.rows) throw new Error(`import ended ${JSON.stringify(row)}`);
      break;
    }
    await runImports(db, ctx.dataDir);
  }
  return { id, checkSeconds: (t1 - t0) / 1000, writeSeconds: (performance.now() - t1) / 1000 };
}

/**
 * Undo of that import (issue 31): POST …/undo answers 202 at once, then the undo job's runs (the in-process start, then
 * runUndos as the jobs poller would call it) until the state is undone; answers the request's and the whole undo's seconds.
 */
async function undoThroughApi(app: FastifyInstance, db: Db, ctx: ImportBenchContext, id: string) {
  const t0 = performance.now();
  const res = await app.inject({ method: 'POST', url: `/api/customer/import/undo/${id}?orgId=${ctx.orgId}`, headers: { authorization: `Bearer ${ctx.token}` } });
  if (res.statusCode !== 202) throw new Error(`undo answered ${res.statusCode}: ${res.body.slice(0, 500)}`);
  const answerSeconds = (performance.now() - t0) / 1000;
  await app.background.idle();
  for (;;) {
    const [row] = (await db.execute(sql`select state, undo_done, undo_total from imports where id = ${id}`) as unknown as { rows: Record<string, unknown>[] }).rows;
    if (row!.state === 'undone') return { answerSeconds, seconds: (performance.now() - t0) / 1000, links: Number(row!.undo_total) };
    if (row!.state !== 'undoing') throw new Error(`undo ended ${JSON.stringify(row)}`);
    await runUndos(db);
  }
}

const copyColumns = 'contacts (org_id, first_name, last_name, emails, phones, owner_user_id, created_by_user_id)';

/** The same rows as the import writes them, as COPY's CSV (other names than the import's file: no key is taken twice). */
function copyCsv(ctx: ImportBenchContext, dir: string): string {
  const file = path.join(dir, 'copy.csv');
  const fd = fs.openSync(file, 'w');
  const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
  for (let start = 0; start < ctx.rows; start += 10_000) {
    const lines: string[] = [];
    for (let i = start; i < Math.min(ctx.rows, start + 10_000); i++) {
      const p = personOf(ctx.rows * 2 + i);
      lines.push([ctx.orgId, p.first, p.last, q(JSON.stringify([{ value: p.email }])), q(JSON.stringify([{ type: 'mobile', value: p.mobile }])), ctx.userId, ctx.userId].join(','));
    }
    fs.writeSync(fd, `${lines.join('\n')}\n`);
  }
  fs.closeSync(fd);
  return file;
}

/** COPY of the same rows into contacts, in a transaction rolled back: psql's \copy on PostgreSQL, COPY FROM '/dev/blob' on PGlite. */
async function copySeconds(ctx: ImportBenchContext, dir: string, kind: 'pglite' | 'postgres'): Promise<number> {
  const file = copyCsv(ctx, dir);
  if (kind === 'pglite') {
    const client = ctx.pglite!;
    const blob = new Blob([fs.readFileSync(file)]);
    const t0 = performance.now();
    await client.transaction(async (tx) => {
      await tx.query(`copy ${copyColumns} from '/dev/blob' with (format csv)`, [], { blob });
      await tx.rollback();
    });
    return (performance.now() - t0) / 1000;
  }
  const script = path.join(dir, 'copy.sql');
  fs.writeFileSync(script, `begin;\n\\copy ${copyColumns} from '${file}' with (format csv)\nrollback;\n`);
  const t0 = performance.now();
  const res = spawnSync('psql', [ctx.databaseUrl!, '-v', 'ON_ERROR_STOP=1', '-q', '-f', script], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`psql COPY failed: ${res.stderr}`);
  return (performance.now() - t0) / 1000;
}

async function exportSeconds(app: FastifyInstance, ctx: ImportBenchContext): Promise<{ seconds: number; lines: number }> {
  const t0 = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: `/api/customer/export?orgId=${ctx.orgId}`,
    headers: { authorization: `Bearer ${ctx.token}` },
    payload: { fields: ['name', 'email', 'mobile', 'company', 'tags', 'owner'], range: 'all', format: 'csv' },
  });
  if (res.statusCode !== 200) throw new Error(`export answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  return { seconds: (performance.now() - t0) / 1000, lines: res.body.split('\r\n').length - 2 };
}

/** The 1 000 000-row import against a server started as `npm run serve` starts it (bench/import-memory.ts, a child process). */
async function memoryRun(ctx: ImportBenchContext): Promise<{ peakMb: number; beforeMb: number; rows: number; seconds: number; file: number }> {
  const script = path.join(import.meta.dirname, 'import-memory.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, BENCH_MEMORY_ROWS: process.env.BENCH_MEMORY_ROWS ?? '1000000', BENCH_MEMORY_DATABASE_URL: ctx.databaseUrl ?? '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  await new Promise((resolve) => child.on('exit', resolve));
  const line = out.trim().split('\n').pop() ?? '';
  return JSON.parse(line) as { peakMb: number; beforeMb: number; rows: number; seconds: number; file: number };
}

export async function importScenarios(app: FastifyInstance, db: Db, ctx: ImportBenchContext, kind: 'pglite' | 'postgres'): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodestar-bench-import-'));
  try {
    const file = path.join(dir, 'contacts.csv');
    writeContactsCsv(file, ctx.rows);
    // The seeded workspace is on the free plan (100 contacts): a paid plan, as a workspace importing its book has.
    await setOrgPlan(db, ctx.orgId, 'subscribe_team');
    const [before] = (await db.execute(sql`select count(*)::int as n from contacts where org_id = ${ctx.orgId} and deleted_at is null`) as unknown as { rows: { n: number }[] }).rows;
    const copy = kind === 'pglite' || ctx.databaseUrl ? await copySeconds(ctx, dir, kind) : undefined;
    const imported = await importThroughApi(app, db, ctx, file);
    console.log(`${kind}: import ${JSON.stringify(imported)}${copy === undefined ? '' : `, COPY ${copy.toFixed(1)} s`}`);
    const exported = await exportSeconds(app, ctx);
    const rate = (n: number, s: number) => Math.round(n / s);
    const importRate = rate(ctx.rows, imported.writeSeconds);
    const lines = [
      `### Import and export (${ctx.rows} contacts into a workspace holding ${before!.n})`,
      '',
      '| measure | figure | target |',
      '|---|---|---|',
      `| upload + check step (parse, validate every row, guess mapping) | ${imported.checkSeconds.toFixed(1)} s, ${rate(ctx.rows, imported.checkSeconds)} rows/s | |`,
      `| import (store → done: chunks of ${importChunkRows}, duplicates, writes, undo links) | ${imported.writeSeconds.toFixed(1)} s, ${importRate} rows/s | ${kind === 'pglite' ? `≥ 10 000 rows/s ${importRate >= 10_000 ? '✓' : '✗'}` : ''} |`,
    ];
    if (copy !== undefined) {
      const ratio = copy / imported.writeSeconds;
      // On PGlite the target is the absolute rate; COPY shows the database's own floor for these rows and indexes.
      const target = kind === 'postgres' ? `import ≥ 0.5× COPY: ${ratio.toFixed(2)}× ${ratio >= 0.5 ? '✓' : '✗'}` : `import ÷ COPY: ${ratio.toFixed(2)}×`;
      lines.push(`| ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} COPY of the same rows, same table and indexes (rolled back) | ${copy.toFixed(1)} s, ${rate(ctx.rows, copy)} rows/s | ${target} |`);
    }
    const exportRate = rate(exported.lines, exported.seconds);
    lines.push(`| export, CSV, range all (${exported.lines} rows) | ${exported.seconds.toFixed(1)} s, ${exportRate} rows/s | ≥ 50 000 rows/s ${exportRate >= 50_000 ? '✓' : '✗'} |`);
    const undone = await undoThroughApi(app, db, ctx, imported.id);
    // Issue 31: 200 000 rows undone on PostgreSQL in ≤ 60 s, i.e. ≥ 3 334 rows/s at any size.
    const undoRate = rate(ctx.rows, undone.seconds);
    lines.push(
      `| undo of that import (POST answered 202 in ${(undone.answerSeconds * 1000).toFixed(0)} ms; the job: chunks of ${undoChunkLinks} links, ${undone.links} links) | ${undone.seconds.toFixed(1)} s, ${undoRate} rows/s | ${kind === 'postgres' ? `200 000 rows ≤ 60 s (≥ 3 334 rows/s) ${undoRate >= 3334 ? '✓' : '✗'}` : ''} |`,
    );
    if (process.env.BENCH_IMPORT_MEMORY !== '0') {
      const memory = await memoryRun(ctx);
      const serve = await serveCommand();
      lines.push(
        `| peak RSS of the server importing a ${memory.file}-row CSV, started as \`npm run serve\` starts it (${[...Object.entries(serve.env).map(([k, v]) => `${k}=${v}`), 'node', ...serve.flags, 'the bundle'].join(' ')}) (check step whole, then ${memory.rows} rows written in ${memory.seconds.toFixed(0)} s) | ${memory.peakMb.toFixed(0)} MB | < 300 MB ${memory.peakMb < 300 ? '✓' : '✗'} |`,
        `| … the same server before the upload (app and database open) | ${memory.beforeMb.toFixed(0)} MB (the import's growth over it: ${(memory.peakMb - memory.beforeMb).toFixed(0)} MB) | |`,
      );
    }
    lines.push('');
    console.log(`${kind}:\n${lines.join('\n')}`);
    return lines;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
