/**
 * Prints the slowest test files (vitest) and journeys (Playwright) of a run whose reporters wrote JSON into
 * TEST_TIMINGS_DIR (.ci/run), so a CI log says where its minutes went. Usage: test-timings.ts <dir> [count].
 */
import fs from 'node:fs';
import path from 'node:path';

const [dir = '', countText = '15'] = process.argv.slice(2);
const count = Number(countText);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(9);

function readJson<T>(file: string): T | null {
  const full = path.join(dir, file);
  return fs.existsSync(full) ? (JSON.parse(fs.readFileSync(full, 'utf8')) as T) : null;
}

interface VitestRun {
  testResults: { name: string; startTime: number; endTime: number }[];
}
const vitest = readJson<VitestRun>('vitest.json');
if (vitest) {
  const files = vitest.testResults.map((file) => ({ name: path.relative(process.cwd(), file.name), ms: file.endTime - file.startTime }));
  const total = files.reduce((sum, file) => sum + file.ms, 0);
  console.log(`vitest: ${files.length} files, ${seconds(total).trim()} in all (summed over workers); the slowest:`);
  for (const file of files.sort((a, b) => b.ms - a.ms).slice(0, count)) console.log(`${seconds(file.ms)}  ${file.name}`);
}

interface Suite {
  title: string;
  file?: string;
  specs?: { title: string; tests: { results: { duration: number }[] }[] }[];
  suites?: Suite[];
}
const journeys = readJson<{ suites: Suite[] }>('journeys.json');
if (journeys) {
  const rows: { name: string; ms: number }[] = [];
  const walk = (suite: Suite, file: string) => {
    for (const spec of suite.specs ?? []) {
      const ms = spec.tests.flatMap((test) => test.results).reduce((sum, result) => sum + result.duration, 0);
      rows.push({ name: `${file} › ${spec.title}`.slice(0, 140), ms });
    }
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of journeys.suites) walk(suite, suite.file ?? suite.title);
  const total = rows.reduce((sum, row) => sum + row.ms, 0);
  console.log(`journeys: ${rows.length} tests, ${seconds(total).trim()} in all (summed over workers, retries included); the slowest:`);
  for (const row of rows.sort((a, b) => b.ms - a.ms).slice(0, count)) console.log(`${seconds(row.ms)}  ${row.name}`);
}
