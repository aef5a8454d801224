/**
 * Real HTTP under 50 concurrent clients (autocannon) against the app as it runs in production — `server.ts` in
 * its own process(es), PostgreSQL — beside a bare Fastify + node-postgres route doing the least a list page can
 * (bench/baseline-server.ts). Every figure is also printed as a ratio to that baseline from the same run, so
 * runs on other machines or under other load compare. Then the same calls with WEB_CONCURRENCY=2.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

export interface HttpRow {
  name: string;
  processes: number;
  callsPerSecond: number;
  p50: number;
  p95: number;
  /** Throughput target as a fraction of the baseline's (issue targets), undefined for the baseline itself. */
  minThroughputRatio?: number;
  maxP95Ratio?: number;
}

export interface HttpCall {
  name: string;
  /** Path (with query) for the i-th request. */
  path: (i: number) => string;
  minThroughputRatio: number;
  maxP95Ratio?: number;
  /** Measured again with READ_CACHE_MS=0: what every call costs when the read cache must compute it. */
  alsoUncached?: boolean;
}

const seconds = Number(process.env.BENCH_HTTP_SECONDS ?? 8);
const repoRoot = join(import.meta.dirname, '..');

async function startProcess(script: string, env: Record<string, string>, ready: RegExp, expected = 1): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if ((output.match(new RegExp(ready, 'g')) ?? []).length >= expected) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${script} exited (${code}): ${output}`)));
  });
  return child;
}

async function stopProcess(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** 50 connections for `seconds` (after a 2-second warm-up); p50/p95 from every answer's own latency. */
async function load(port: number, token: string, path: (i: number) => string): Promise<{ callsPerSecond: number; p50: number; p95: number }> {
  const run = (duration: number) => {
    let i = 0;
    const latencies: number[] = [];
    const instance = autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: 50,
      duration,
      headers: { authorization: `Bearer ${token}` },
      requests: [{ setupRequest: (request) => ({ ...request, path: path(i++) }) }],
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
    return Promise.resolve(instance).then((result) => ({ result, latencies }));
  };
  await run(2);
  const { result, latencies } = await run(seconds);
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${path(0)}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))]!;
  return { callsPerSecond: latencies.length / seconds, p50: at(50), p95: at(95) };
}

export async function httpScenarios(databaseUrl: string, ctx: { token: string; orgId: string }, calls: HttpCall[]): Promise<HttpRow[]> {
  const rows: HttpRow[] = [];
  const basePort = 20_000 + Math.floor(Math.random() * 20_000);
  const baseline = await startProcess('bench/baseline-server.ts', { DATABASE_URL: databaseUrl, PORT: String(basePort) }, /listening/);
  try {
    rows.push({ name: 'baseline: bare Fastify + node-postgres, token + first 50 contacts', processes: 1, ...(await load(basePort, ctx.token, () => `/contacts?orgId=${ctx.orgId}`)) });
  } finally {
    await stopProcess(baseline);
  }
  const runs = [
    { processes: 1, cache: true, calls },
    // With two processes, only the calls the issue compares (list and detail) to keep the run short.
    { processes: 2, cache: true, calls: calls.slice(0, 2) },
    { processes: 1, cache: false, calls: calls.filter((c) => c.alsoUncached) },
  ];
  for (const run of runs) {
    if (run.calls.length === 0) continue;
    const dataDir = mkdtempSync(join(tmpdir(), 'lodestar-bench-http-'));
    const port = basePort + run.processes + (run.cache ? 0 : 10);
    const env = { DATABASE_URL: databaseUrl, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_CONCURRENCY: String(run.processes), ...(run.cache ? {} : { READ_CACHE_MS: '0' }) };
    const app = await startProcess('apps/server/src/server.ts', env, /Lodestar is running at/, run.processes);
    try {
      for (const call of run.calls) {
        const sep = (p: string) => (p.includes('?') ? '&' : '?');
        const measured = await load(port, ctx.token, (i) => {
          const p = call.path(i);
          return `/api${p}${sep(p)}orgId=${ctx.orgId}`;
        });
        const name = run.cache ? call.name : `${call.name} — read cache off (every call computes)`;
        // The uncached rows are for reading the cost, not targets: users get the cached path.
        const targets = run.cache ? { minThroughputRatio: call.minThroughputRatio, ...(call.maxP95Ratio ? { maxP95Ratio: call.maxP95Ratio } : {}) } : {};
        rows.push({ name, processes: run.processes, ...measured, ...targets });
      }
    } finally {
      await stopProcess(app);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return rows;
}

/** The table: figures and ratios to the baseline (first row), with ✓/✗ against the targets. */
export function httpTable(rows: HttpRow[]): string[] {
  const base = rows[0]!;
  const oneProcess = new Map(rows.filter((r) => r.processes === 1).map((r) => [r.name, r.callsPerSecond]));
  const mark = (ok: boolean) => (ok ? '✓' : '✗');
  return [
    `Real HTTP, 50 concurrent clients (autocannon, ${seconds} s per call after a 2 s warm-up), app in its own process(es) on PostgreSQL:`,
    '',
    '| call | app processes | calls/s | p50 ms | p95 ms | calls/s ÷ baseline | p95 ÷ baseline | targets |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => {
      const throughput = r.callsPerSecond / base.callsPerSecond;
      const p95 = r.p95 / base.p95;
      const targets = [
        r.minThroughputRatio !== undefined ? `calls/s ≥ ${r.minThroughputRatio}× ${mark(throughput >= r.minThroughputRatio)}` : '',
        r.maxP95Ratio !== undefined ? `p95 ≤ ${r.maxP95Ratio}× ${mark(p95 <= r.maxP95Ratio)}` : '',
        r.processes === 2 && oneProcess.get(r.name) ? `2 processes ≥ 1.6× one: ${(r.callsPerSecond / oneProcess.get(r.name)!).toFixed(2)}× ${mark(r.callsPerSecond / oneProcess.get(r.name)! >= 1.6)}` : '',
      ].filter(Boolean);
      return `| ${r.name} | ${r.processes} | ${r.callsPerSecond.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${throughput.toFixed(2)} | ${p95.toFixed(2)} | ${targets.join('; ')} |`;
    }),
    '',
  ];
}
