import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { queryRows } from '../db/paging.ts';
import { backgroundWork } from '../db/background-work.ts';
import { nextPieceSize, requestsFirst } from './background-pace.ts';
import { runDueJobs, type JobDefinition } from './jobs.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the pace of background work', () => {
  it('sizes the next piece to take about 0.1 s, within its bounds', () => {
    expect(nextPieceSize(1000, 400, 100, 1000)).toBe(250);
    expect(nextPieceSize(250, 10, 100, 1000)).toBe(1000);
    expect(nextPieceSize(100, 5000, 100, 1000)).toBe(100);
    expect(nextPieceSize(3, 0, 3, 3)).toBe(3);
  });
});

describe('requests before background work on the embedded database', () => {
  it.runIf(inject('testDatabase').kind === 'pglite')('a job waits for the connection while a request is being answered, and not for a finished or failed one', async () => {
    const app = Fastify({ logger: false });
    requestsFirst(app);
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    app.get('/slow', async () => {
      await answered;
      return { ok: true };
    });
    app.get('/fails', async () => {
      throw new Error('no');
    });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      await fetch(`${base}/fails`);
      const slow = fetch(`${base}/slow`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      let ran = false;
      const job = backgroundWork(() => queryRows(t.db, sql`select 1 as one`)).then(() => (ran = true));
      // A request's own query is not held back.
      expect(await queryRows(t.db, sql`select 2 as two`)).toEqual([{ two: 2 }]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(ran).toBe(false);
      answer();
      await (await slow).json();
      await job;
      expect(ran).toBe(true);
      // Nothing left counted: the next background query goes at once.
      const started = performance.now();
      await backgroundWork(() => queryRows(t.db, sql`select 1 as one`));
      expect(performance.now() - started).toBeLessThan(1000);
    } finally {
      await app.close();
    }
  });
});

describe('a job when the server stops', () => {
  it('ends at its next step and is due again at once, not failed', async () => {
    const stopping = new AbortController();
    let steps = 0;
    const job: JobDefinition = {
      name: 'test.longScan',
      intervalMs: 24 * 60 * 60_000,
      run: async (_db, signal) => {
        for (;;) {
          signal.throwIfAborted();
          steps++;
          if (steps === 3) stopping.abort();
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      },
    };
    const silent = { info: () => undefined, error: () => undefined } as unknown as Parameters<typeof runDueJobs>[1];
    expect(await runDueJobs(t.db, silent, [job], stopping.signal)).toEqual(['test.longScan']);
    expect(steps).toBe(3);
    const [row] = await queryRows<{ due: boolean; locked: boolean; lastError: string | null }>(
      t.db,
      sql`select run_at <= now() as due, locked_until is not null as locked, last_error as "lastError" from jobs where name = 'test.longScan'`,
    );
    expect(row).toEqual({ due: true, locked: false, lastError: null });
    // A stopped loop claims nothing more.
    expect(await runDueJobs(t.db, silent, [job], stopping.signal)).toEqual([]);
  });
});
