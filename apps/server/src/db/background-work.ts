import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';

/**
 * Requests first on the embedded database. PGlite has one connection, in the server's own thread: a background job's
 * transaction (an outbox batch, a page of the duplicates scan) blocks the thread until it ends, and node-postgres
 * hands the connection out in the order asked. With three job loops asking back to back, a call queued behind
 * several of their transactions (1–4 s per call during the 1 000 000-contact scan, bench/README.md).
 *
 * So on PGlite, work run through `backgroundWork` (every job, platform/jobs.ts) takes the connection only when it
 * is free, nobody waits for it and no request is being worked on (`requestStarted`/`requestEnded`, counted by
 * platform/background-pace.ts) — a call then waits for at most the one background transaction under way. It waits
 * `maxWaitMs` at most, so that steady traffic slows background work but never stops it.
 */
const background = new AsyncLocalStorage<true>();
const pollMs = 5;
const maxWaitMs = 2_000;
let requestsInFlight = 0;

export function backgroundWork<T>(work: () => Promise<T>): Promise<T> {
  return background.run(true, work);
}

export function requestStarted(): void {
  requestsInFlight++;
}

export function requestEnded(): void {
  requestsInFlight--;
}

function connectionWanted(pool: pg.Pool): boolean {
  return requestsInFlight > 0 || pool.waitingCount > 0 || (pool.totalCount > 0 && pool.idleCount === 0);
}

/** Makes background work on `pool` (PGlite's one connection) ask for the connection only when nothing else wants it. */
export function requestsBeforeBackground(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { connect: (...args: unknown[]) => unknown }).connect = (...args: unknown[]) => {
    if (!background.getStore()) return connect(...args);
    const turn = (async () => {
      for (let waited = 0; connectionWanted(pool) && waited < maxWaitMs; waited += pollMs) await sleep(pollMs);
    })();
    // pool.query() asks with a callback, a transaction without.
    const callback = typeof args.at(-1) === 'function' ? (args.at(-1) as (...a: unknown[]) => void) : undefined;
    if (callback) {
      void turn.then(() => connect(callback));
      return undefined;
    }
    return turn.then(() => connect());
  };
}
