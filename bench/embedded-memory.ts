/**
 * Issue 38, item 6: the served server's memory — idle and peak RSS — and its call medians, per setting of the
 * embedded database. `BENCH_KEEP_DATABASE=1 npm run bench` keeps a seeded database and prints DATA_DIR (PGlite) or
 * DATABASE_URL, BENCH_TOKEN and BENCH_ORG; then
 *   DATA_DIR=… BENCH_TOKEN=… BENCH_ORG=… node --import tsx bench/embedded-memory.ts 'shared_buffers=128MB' 'shared_buffers=32MB'
 * starts the server as `npm run serve` does once per setting (EMBEDDED_DATABASE_SETTINGS; with DATABASE_URL, once),
 * waits 10 s and reads its RSS (idle), calls each of the reads 100 times in turn (one client), and reads the
 * RSS again and its high-water mark (peak). Prints one markdown row per setting.
 */
import { readFileSync } from 'node:fs';
import { serveCommand, startProcess, stopProcess } from './serve.ts';

const { DATA_DIR, DATABASE_URL, BENCH_TOKEN, BENCH_ORG } = process.env;
if ((!DATA_DIR && !DATABASE_URL) || !BENCH_TOKEN || !BENCH_ORG) throw new Error('usage: DATA_DIR=… or DATABASE_URL=…, BENCH_TOKEN=… BENCH_ORG=… node --import tsx bench/embedded-memory.ts [settings …]');
const settingsList = DATABASE_URL ? ['(PostgreSQL server)'] : process.argv.slice(2).length ? process.argv.slice(2) : ['shared_buffers=32MB'];
const calls = 100;

const mb = (kb: string | undefined) => Math.round(Number(kb ?? 0) / 1024);
function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return { rss: mb(status.match(/VmRSS:\s+(\d+)/)?.[1]), peak: mb(status.match(/VmHWM:\s+(\d+)/)?.[1]) };
}

const filter = (f: object) => encodeURIComponent(JSON.stringify(f));
const names = ['contact list', 'contact list, filtered', 'contact detail', 'search, Latin', 'search, 2-character CJK', 'deal board', 'deal list', 'statistics dashboard', 'calendar month'];
/** The calls' paths, in the order of `names`: the filtered list's VIP tag and the detail's contact read from the server. */
async function paths(base: string): Promise<string[]> {
  const get = async (path: string) => {
    const answer = (await (await fetch(`${base}/api${path}${path.includes('?') ? '&' : '?'}orgId=${BENCH_ORG}`, { headers: { authorization: `Bearer ${BENCH_TOKEN}` } })).json()) as { data: unknown };
    return answer.data;
  };
  const list = (await get('/page/customer/listV2?limit=1')) as { items: { id: string }[] };
  const findVip = (tags: { id: string; name: string; children?: unknown[] }[]): string | undefined =>
    tags.map((t) => (t.name === 'VIP' ? t.id : findVip((t.children ?? []) as typeof tags))).find(Boolean);
  const vip = findVip(((await get('/tags/customer/toTree')) ?? []) as { id: string; name: string }[]);
  const year = new Date().getUTCFullYear();
  return [
    '/page/customer/listV2?limit=50',
    `/page/customer/listV2?limit=50&sortBy=name&decending=0&advanceFilter=${filter({ tags: [vip], noContactDays: 90 })}`,
    `/page/customer/view/${list.items[0]?.id}`,
    '/search?keyword=martinez',
    `/search?keyword=${encodeURIComponent('怡君')}`,
    '/deal/board?limit=20',
    '/page/deal/list',
    `/statistics/dashboard?from=${year}-01-01&to=${year}-12-31`,
    `/schedule/getMonth?year=${year}&month=3`,
  ];
}

const rows: string[] = [];
for (const settings of settingsList) {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const serve = await serveCommand();
  const env: Record<string, string> = {
    ...serve.env,
    PORT: String(port),
    LOG_LEVEL: 'silent',
    ...(DATABASE_URL ? { DATABASE_URL } : { DATA_DIR: DATA_DIR!, EMBEDDED_DATABASE_SETTINGS: settings }),
  };
  const app = await startProcess(serve.args, env, /Lodestar is running at/);
  try {
    // Idle: after the start-up jobs have had their turn.
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const idle = memoryOf(app.pid!);
    const base = `http://127.0.0.1:${port}`;
    const medians: string[] = [];
    for (const path of await paths(base)) {
      const times: number[] = [];
      for (let i = 0; i < calls; i++) {
        const started = performance.now();
        const response = await fetch(`${base}/api${path}${path.includes('?') ? '&' : '?'}orgId=${BENCH_ORG}`, { headers: { authorization: `Bearer ${BENCH_TOKEN}`, 'accept-encoding': 'gzip' } });
        await response.arrayBuffer();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      medians.push(times[calls / 2]!.toFixed(2));
    }
    const after = memoryOf(app.pid!);
    rows.push(`| ${settings} | ${idle.rss} | ${after.rss} | ${after.peak} | ${medians.join(' | ')} |`);
  } finally {
    await stopProcess(app);
  }
}
console.log(`| setting | idle RSS MB | RSS after the calls MB | peak RSS MB | ${names.join(' | ')} (median ms) |`);
console.log(`|---|---|---|---|${names.map(() => '---').join('|')}|`);
console.log(rows.join('\n'));
