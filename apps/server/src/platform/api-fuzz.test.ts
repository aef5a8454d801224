import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFailure, fuzzApi } from '../test/fuzz/fuzz.ts';
import { twoWorkspaces, type TwoWorkspaces } from '../test/workspaces.ts';

/**
 * The API fuzzer in CI (docs/decisions/0011-hostile-input.md): a fixed seed and a few thousand requests on every
 * run; `npm run fuzz` (scripts/fuzz.ts) runs longer ones through this same file with FUZZ_SEED / FUZZ_RUNS.
 */
const seed = Number(process.env.FUZZ_SEED ?? 20_261_125);
const runs = Number(process.env.FUZZ_RUNS ?? 2000);

describe('the API under fuzzing', () => {
  let w: TwoWorkspaces;
  // Registering users hashes passwords: on a busy machine that takes longer than the default hook timeout.
  beforeAll(async () => {
    w = await twoWorkspaces();
  }, 300_000);
  afterAll(() => w?.t.close());

  it(`answers every operation without a 5xx and as documented (seed ${seed}, ${runs} requests)`, { timeout: 120_000 + runs * 200 }, async () => {
    const trace = process.env.FUZZ_TRACE ? [] : undefined;
    const save = (report: object) => process.env.FUZZ_REPORT && fs.writeFileSync(process.env.FUZZ_REPORT, JSON.stringify(report, null, 2));
    const report = await fuzzApi(w, { seed, runs, trace, onProgress: save });
    save(report);
    if (process.env.FUZZ_TRACE) fs.writeFileSync(process.env.FUZZ_TRACE, JSON.stringify(trace, null, 1));
    expect(report.requests).toBe(runs);
    expect(report.failures.slice(0, 20).map(describeFailure).join('\n\n')).toBe('');
  });
});
