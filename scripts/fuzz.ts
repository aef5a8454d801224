/**
 * `npm run fuzz [-- --runs N] [-- --seed S]`: a long run of the API fuzzer (apps/server/src/test/fuzz/fuzz.ts),
 * 50 000 requests with a random seed by default, through the same test file CI runs with its fixed seed
 * (apps/server/src/platform/api-fuzz.test.ts), on PGlite or on DATABASE_URL. Prints the seed first and, at the end,
 * every failure as a replayable request; `--seed S --runs N` replays a run.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { FuzzReport } from '../apps/server/src/test/fuzz/fuzz.ts';

const { values } = parseArgs({ options: { seed: { type: 'string' }, runs: { type: 'string', default: '50000' } } });
const seed = values.seed !== undefined ? Number(values.seed) : Math.floor(Math.random() * 2 ** 31);
const runs = Number(values.runs);
if (!Number.isInteger(seed) || !Number.isInteger(runs) || runs <= 0) throw new Error('usage: npm run fuzz -- [--seed <integer>] [--runs <integer>]');

const reportFile = join(tmpdir(), `lodestar-fuzz-${process.pid}.json`);
console.log(`fuzz: seed ${seed}, ${runs} requests (replay: npm run fuzz -- --seed ${seed} --runs ${runs}); progress in ${reportFile}`);
const started = Date.now();
const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', 'apps/server/src/platform/api-fuzz.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_SEED: String(seed), FUZZ_RUNS: String(runs), FUZZ_REPORT: reportFile },
});
let report: FuzzReport | undefined;
try {
  report = JSON.parse(readFileSync(reportFile, 'utf8')) as FuzzReport;
  rmSync(reportFile);
} catch {
  // no report: the run failed before the fuzzer finished (vitest printed why)
}
if (report) {
  const statuses = Object.entries(report.byStatus)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
  console.log(`fuzz: seed ${seed}: ${report.requests} requests over ${report.operations} operations in ${Math.round((Date.now() - started) / 1000)} s`);
  console.log(`fuzz: answers ${statuses}; ${report.failures.length} failure(s)`);
  console.log(`fuzz: operations that never answered 2xx: ${report.neverSucceeded.length}`);
  for (const failure of report.failures) {
    console.log(`\n#${failure.index} ${failure.operation} as ${failure.role}: ${failure.problem}`);
    console.log(`  ${failure.request.method} ${failure.request.url}`);
    console.log(`  headers ${JSON.stringify(failure.request.headers)}`);
    if (failure.request.payload !== undefined) console.log(`  body ${failure.request.payload}`);
    console.log(`  → ${failure.status} ${failure.answer}`);
  }
}
process.exit(result.status ?? 1);
