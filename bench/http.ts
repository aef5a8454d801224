/**
 * Real HTTP under 50 concurrent clients (autocannon) against the app as it runs in production — started as
 * `npm run serve` starts it (bench/serve.ts), in its own process(es), PostgreSQL — beside a bare Fastify +
 * node-postgres route doing the least a list page can (bench/baseline-server.ts). Every figure is also printed as a ratio to that baseline from the same run, so
 * runs on other machines or under other load compare. Then the same calls with WEB_CONCURRENCY=2.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { serveCommand, startProcess, stopProcess } from './serve.ts';

export interface HttpRow {
  name: string;
  processes: number;
  callsPerSecond: number;
  p50: number;
  p95: number;
  /** Throughput target as a fraction of the baseline's (issue targets), undefined for the baseline itself. */
  minThroughputRatio?: number;
  maxP95Ratio?: number;
  /** CPU time of the serving process(es) per answered call, and how busy the whole machine was meanwhile. */
  cpuMsPerCall: number;
  machineBusy: number;
}

export interface HttpCall {
  name: string;
  /** Path (with query) for the i-th request. */
  path: (i: number) => string;
  minThroughputRatio: number;
  maxP95Ratio?: number;
  /** Measured again with READ_CACHE_MS=0: what every call costs when the read cache must compute it. */
  alsoUncached?: boolean;
  /** The throughput target of that uncached run, where an issue sets one (issue 38: the calendar month ≥ 0.2×). */
  uncachedMinThroughputRatio?: number;
}

const seconds = Number(process.env.BENCH_HTTP_SECONDS ?? 8);

/** user + system CPU ticks of a process and its children (the cluster's workers), from /proc (Linux). */
function processTreeTicks(pid: number): number {
  const ticks = (stat: string) => {
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // after "pid (comm) "
    return { ppid: Number(fields[1]), cpu: Number(fields[11]) + Number(fields[12]) };
  };
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const { ppid, cpu } = ticks(readFileSync(`/proc/${entry}/stat`, 'utf8'));
      if (Number(entry) === pid || ppid === pid) total += cpu;
    } catch {
      // the process ended while we looked
    }
  }
  return total;
}

/** Busy and total CPU ticks of the whole machine (all cores), from /proc/stat. */
function machineTicks(): { busy: number; total: number } {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const n = values.map(Number);
  const idle = n[3]! + n[4]!;
  const total = n.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

const ticksPerSecond = 100; // USER_HZ on Linux

/**
 * 50 connections for `seconds` (after a 2-second warm-up); p50/p95 from every answer's own latency, and the CPU the
 * serving process tree spent per answer: a figure that, unlike calls/s, does not depend on what else shares the cores.
 */
async function load(port: number, token: string, path: (i: number) => string, pid: number): Promise<Omit<HttpRow, 'name' | 'processes'>> {
  const run = (duration: number) => {
    let i = 0;
    const latencies: number[] = [];
    const instance = autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: 50,
      duration,
      // As a browser over plain HTTP asks (br only over HTTPS): the kept answers come compressed (platform/read-cache.ts).
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate' },
      requests: [{ setupRequest: (request) => ({ ...request, path: path(i++) }) }],
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
    return Promise.resolve(instance).then((result) => ({ result, latencies }));
  };
  await run(2);
  const cpuBefore = processTreeTicks(pid);
  const machineBefore = machineTicks();
  const { result, latencies } = await run(seconds);
  const cpuMs = ((processTreeTicks(pid) - cpuBefore) * 1000) / ticksPerSecond;
  const machineAfter = machineTicks();
  const machineBusy = (machineAfter.busy - machineBefore.busy) / Math.max(1, machineAfter.total - machineBefore.total);
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${path(0)}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))]!;
  return { callsPerSecond: latencies.length / seconds, p50: at(50), p95: at(95), cpuMsPerCall: cpuMs / Math.max(1, latencies.length), machineBusy };
}

const baselineName = 'baseline: bare Fastify + node-postgres, token + first 50 contacts';

export async function httpScenarios(databaseUrl: string, ctx: { token: string; orgId: string }, calls: HttpCall[]): Promise<HttpRow[]> {
  const rows: HttpRow[] = [];
  const basePort = 20_000 + Math.floor(Math.random() * 20_000);
  // The bare route with one process (the yardstick every ratio uses), then with two: the most two processes can
  // gain on this machine, where the load generator and PostgreSQL share the same cores.
  for (const processes of [1, 2]) {
    const port = basePort + 100 + processes;
    const env = { DATABASE_URL: databaseUrl, PORT: String(port), BASELINE_PROCESSES: String(processes) };
    const baseline = await startProcess(['--import', 'tsx', 'bench/baseline-server.ts'], env, /listening/, processes);
    try {
      rows.push({ name: baselineName, processes, ...(await load(port, ctx.token, () => `/contacts?orgId=${ctx.orgId}`, baseline.pid!)) });
    } finally {
      await stopProcess(baseline);
    }
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
    // The app runs as `npm run serve` runs it (bench/serve.ts: the bundle, its node flags); the bare route plainly.
    const serve = await serveCommand();
    const app = await startProcess(serve.args, { ...env, ...serve.env }, /Lodestar is running at/, run.processes);
    try {
      for (const call of run.calls) {
        const sep = (p: string) => (p.includes('?') ? '&' : '?');
        const measured = await load(port, ctx.token, (i) => {
          const p = call.path(i);
          return `/api${p}${sep(p)}orgId=${ctx.orgId}`;
        }, app.pid!);
        const name = run.cache ? call.name : `${call.name} — read cache off (every call computes)`;
        // Users get the cached path; an uncached row has a target only where an issue sets one.
        const targets = run.cache
          ? { minThroughputRatio: call.minThroughputRatio, ...(call.maxP95Ratio ? { maxP95Ratio: call.maxP95Ratio } : {}) }
          : call.uncachedMinThroughputRatio !== undefined ? { minThroughputRatio: call.uncachedMinThroughputRatio } : {};
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
  // A second process can only use the cores the first left idle (the load generator and PostgreSQL share them):
  // 1 ÷ the machine's busy share at one process bounds the gain, whatever the app does.
  const ceiling = new Map(rows.filter((r) => r.processes === 1).map((r) => [r.name, 1 / Math.max(0.01, r.machineBusy)]));
  const mark = (ok: boolean) => (ok ? '✓' : '✗');
  const gain = (r: HttpRow) => r.callsPerSecond / (oneProcess.get(r.name) ?? Number.NaN);
  const baselineGain = gain(rows.find((r) => r.name === base.name && r.processes === 2) ?? base);
  // The bare route's own gain from a second process is the ceiling on this machine: printed beside the target.
  const scaling = (r: HttpRow) => {
    if (r.processes !== 2 || !oneProcess.has(r.name)) return '';
    const idle = `idle cores at one process allow at most ${ceiling.get(r.name)!.toFixed(2)}×`;
    if (r.name === base.name) return `2 processes: ${gain(r).toFixed(2)}× one (${idle})`;
    return `2 processes ≥ 1.6× one: ${gain(r).toFixed(2)}× ${mark(gain(r) >= 1.6)} (${idle}; bare route: ${baselineGain.toFixed(2)}×)`;
  };
  return [
    `Real HTTP, 50 concurrent clients (autocannon, ${seconds} s per call after a 2 s warm-up), app in its own process(es) on PostgreSQL:`,
    '',
    'CPU ms/call is the user + system time of the serving process(es) per answer (PostgreSQL\'s and the load',
    'generator\'s not included); machine busy is the share of both cores in use meanwhile.',
    '',
    '| call | app processes | calls/s | p50 ms | p95 ms | CPU ms/call | machine busy | calls/s ÷ baseline | p95 ÷ baseline | targets |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => {
      const throughput = r.callsPerSecond / base.callsPerSecond;
      const p95 = r.p95 / base.p95;
      const targets = [
        r.minThroughputRatio !== undefined ? `calls/s ≥ ${r.minThroughputRatio}× ${mark(throughput >= r.minThroughputRatio)}` : '',
        r.maxP95Ratio !== undefined ? `p95 ≤ ${r.maxP95Ratio}× ${mark(p95 <= r.maxP95Ratio)}` : '',
        scaling(r),
      ].filter(Boolean);
      return `| ${r.name} | ${r.processes} | ${r.callsPerSecond.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.cpuMsPerCall.toFixed(2)} | ${(r.machineBusy * 100).toFixed(0)} % | ${throughput.toFixed(2)} | ${p95.toFixed(2)} | ${targets.join('; ')} |`;
    }),
    '',
  ];
}
