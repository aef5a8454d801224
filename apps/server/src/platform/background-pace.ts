import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { requestEnded, requestStarted } from '../db/background-work.ts';

/**
 * The pace of background database work done in pieces (the outbox consumers' batches, the duplicates scan's pages):
 * a short pause between pieces lets timers and sockets in (PGlite's queries resolve as microtasks, so back-to-back
 * pieces would read no request until the loop ended), and each piece is sized to take about `pieceTargetMs`. On the
 * embedded database the pieces also yield the connection to requests (db/background-work.ts).
 */
export const pieceTargetMs = 100;
const pauseMs = 20;

/**
 * Counts the requests being worked on: from arrival until their answer is ready to send (or the client went away), so
 * a long download does not hold the background work back.
 */
export function requestsFirst(app: FastifyInstance): void {
  const open = new WeakSet<object>();
  const done = (request: object) => {
    if (open.delete(request)) requestEnded();
  };
  app.addHook('onRequest', async (request) => {
    open.add(request);
    requestStarted();
  });
  app.addHook('onSend', async (request) => done(request));
  // The client went away before an answer, or an answer went without onSend: Fastify's hooks rather than a listener
  // on the socket's response, which @fastify/static's pre-compressed lookups already load to Node's warning limit.
  app.addHook('onRequestAbort', async (request) => done(request));
  app.addHook('onResponse', async (request) => done(request));
}

/**
 * The next piece's size: the last one's scaled so that a piece takes about `pieceTargetMs` (between `min` and `max`).
 * A page of 1 000 contacts took 0.4 s on the embedded database at 1 000 000 contacts and a few ms on PostgreSQL.
 */
export function nextPieceSize(size: number, elapsedMs: number, min: number, max: number): number {
  return Math.max(min, Math.min(max, Math.round((size * pieceTargetMs) / Math.max(elapsedMs, 1))));
}

/**
 * Runs `piece(size)` until it answers false (nothing left), from `size` on, each next size from the last piece's time
 * (nextPieceSize, within `min`–`max`), with the short pause between pieces; answers the last size, for a loop that
 * starts again later where this one ended.
 */
export async function inPieces(size: number, min: number, max: number, piece: (size: number) => Promise<boolean>): Promise<number> {
  for (;;) {
    const started = performance.now();
    if (!(await piece(size))) return size;
    size = nextPieceSize(size, performance.now() - started, min, max);
    await sleep(pauseMs);
  }
}
