import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// TEST_TIMINGS_DIR (set by .ci/run): also write the run as JSON there, so CI can print its slowest files.
const timings = process.env.TEST_TIMINGS_DIR;

// One `vitest run` covers every workspace; each project has its own config beside its code. TEST_DATABASE_ONLY (.ci/run's
// second database) runs the server's alone: the contract's and the web app's tests never touch a database.
export default defineConfig({
  test: {
    projects: process.env.TEST_DATABASE_ONLY ? ['apps/server'] : ['packages/contract', 'apps/server', 'apps/web'],
    ...(timings ? { reporters: ['default', 'json'], outputFile: { json: join(timings, 'vitest.json') } } : {}),
  },
});
