import { PGlite } from '@electric-sql/pglite';
import fs from 'node:fs';
const [dir, mode, ...conf] = process.argv.slice(2);
const rss = () => Math.round(process.memoryUsage().rss / 1048576);
if (mode === 'init') {
  const db = await PGlite.create({ dataDir: dir });
  await db.exec('create table t as select g, md5(g::text) m, repeat(md5(g::text), 8) pad from generate_series(1,400000) g; create index on t(m);');
  await db.close(); console.log('init done'); process.exit(0);
}
const before = rss();
const t0 = Date.now();
const db = await PGlite.create({ dataDir: dir, ...(conf.length ? { postgresqlconf: conf } : {}) });
const opened = rss(); const openMs = Date.now() - t0;
const times = [];
for (let i = 0; i < 300; i++) { const t = performance.now(); await db.query('select * from t where m > $1 order by m limit 50', [(i * 7919 % 100000).toString(16)]); times.push(performance.now() - t); }
await db.query('select count(*), sum(length(pad)) from t');
times.sort((a, b) => a - b);
console.log(JSON.stringify({ conf, openMs, before, opened, afterWork: rss(), hwm: fs.readFileSync('/proc/self/status','utf8').match(/VmHWM:\s+(\d+)/)[1] / 1024 | 0, median: times[150].toFixed(2) }));
await db.close();
