/**
 * `node --import tsx bench/profile.ts <api path>` with DATABASE_URL, BENCH_TOKEN and BENCH_ORG (printed by
 * `BENCH_KEEP_DATABASE=1 npm run bench`): runs the app (the bundle as `npm run serve` runs it, one process) under `--cpu-prof`, sends 50
 * concurrent clients at the path for BENCH_HTTP_SECONDS (default 8), stops it, and prints where the CPU went —
 * self time by function, and by package/file — per request.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import autocannon from 'autocannon';
import { serveCommand } from './serve.ts';

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

const [path] = process.argv.slice(2);
const { DATABASE_URL, BENCH_TOKEN, BENCH_ORG } = process.env;
if (!path || !DATABASE_URL || !BENCH_TOKEN || !BENCH_ORG) throw new Error('usage: DATABASE_URL=… BENCH_TOKEN=… BENCH_ORG=… node --import tsx bench/profile.ts /api/…');
const seconds = Number(process.env.BENCH_HTTP_SECONDS ?? 8);
const repoRoot = join(import.meta.dirname, '..');
const profileDir = mkdtempSync(join(tmpdir(), 'lodestar-profile-'));
const port = 20_000 + Math.floor(Math.random() * 20_000);
const dataDir = mkdtempSync(join(tmpdir(), 'lodestar-profile-data-'));

// The app as the bench's HTTP scenario serves it (`npm run serve`: the bundle and its flags). BENCH_PROFILE_SCRIPT=
// bench/baseline-server.ts profiles the bare baseline (path /contacts), BENCH_PROFILE_SCRIPT=apps/server/src/server.ts
// the sources (files and packages named, not chunks).
const scriptArgs = process.env.BENCH_PROFILE_SCRIPT ? ['--import', 'tsx', process.env.BENCH_PROFILE_SCRIPT] : (await serveCommand()).args;
const app = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, ...scriptArgs], {
  cwd: repoRoot,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise<void>((resolve) => app.stdout!.on('data', (chunk: Buffer) => /running at|listening/i.test(chunk.toString()) && resolve()));
const url = `http://127.0.0.1:${port}${path}${path.includes('?') ? '&' : '?'}orgId=${BENCH_ORG}`;
// A warm-up whose requests count too: the profile covers the whole run.
const warm = await autocannon({ url, connections: 50, duration: 2, headers: { authorization: `Bearer ${BENCH_TOKEN}` } });
const result = await autocannon({ url, connections: 50, duration: seconds, headers: { authorization: `Bearer ${BENCH_TOKEN}` } });
const total = (r: unknown) => (r as { requests: { total: number } }).requests.total;
const requests = total(warm) + total(result);
const exited = new Promise((resolve) => app.on('exit', resolve));
app.kill('SIGTERM');
await exited;

const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'))!;
const profile = JSON.parse(readFileSync(join(profileDir, file), 'utf8')) as { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[] };
const sampleMs = (profile.endTime - profile.startTime) / 1000 / profile.samples.length;
const byFunction = new Map<string, number>();
const byFile = new Map<string, number>();
const where = (url: string) => {
  if (!url) return '(native/idle/gc)';
  const local = url.startsWith('file://') ? relative(repoRoot, new URL(url).pathname) : url;
  const pkg = local.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  return pkg ? pkg[1]! : local;
};
for (const node of profile.nodes) {
  const ms = (node.hitCount ?? 0) * sampleMs;
  if (ms === 0) continue;
  const name = `${node.callFrame.functionName || '(anonymous)'} ${where(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  byFile.set(where(node.callFrame.url), (byFile.get(where(node.callFrame.url)) ?? 0) + ms);
}
const top = (map: Map<string, number>, n: number) =>
  [...map.entries()]
    .filter(([name]) => !name.startsWith('(idle)') && !name.startsWith('(program)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, ms]) => `  ${(ms / requests).toFixed(3)} ms/request  ${name}`);
// Who calls the costliest functions (by their self time under each caller): `is` or `writev` alone does not say why.
const parentOf = new Map<number, ProfileNode>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node);
const nameOf = (node: ProfileNode) => `${node.callFrame.functionName || '(anonymous)'} ${where(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;
const callers = new Map<string, Map<string, number>>();
for (const node of profile.nodes) {
  const ms = (node.hitCount ?? 0) * sampleMs;
  const parent = parentOf.get(node.id);
  if (ms === 0 || !parent) continue;
  const byCaller = callers.get(nameOf(node)) ?? new Map<string, number>();
  byCaller.set(nameOf(parent), (byCaller.get(nameOf(parent)) ?? 0) + ms);
  callers.set(nameOf(node), byCaller);
}
console.log(`${path}: ${requests} requests in ${seconds} s (${(requests / seconds).toFixed(0)}/s) with 50 clients; CPU self time per request:`);
console.log('by package or file:');
console.log(top(byFile, 15).join('\n'));
console.log('by function:');
console.log(top(byFunction, 30).join('\n'));
console.log('callers of the first eight:');
for (const [name] of [...byFunction.entries()].filter(([n]) => !n.startsWith('(idle)') && !n.startsWith('(program)')).sort((a, b) => b[1] - a[1]).slice(0, 8)) {
  console.log(`  ${name}`);
  console.log(top(callers.get(name) ?? new Map(), 3).map((line) => `    ${line}`).join('\n'));
}
rmSync(profileDir, { recursive: true, force: true });
rmSync(dataDir, { recursive: true, force: true });
