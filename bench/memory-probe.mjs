/**
 * Preloaded into the measured server by bench/import-memory.ts with BENCH_MEMORY_PROBE=1 (`node --import`): appends
 * this thread's process.memoryUsage() to BENCH_MEMORY_PROBE_FILE every 100 ms, in the main thread and, where Node runs
 * preloads there, in each import thread — so a peak splits into the main heap, an import thread's heap and the rest.
 */
import fs from 'node:fs';
import process from 'node:process';
import { setInterval } from 'node:timers';
import { threadId } from 'node:worker_threads';

const file = process.env.BENCH_MEMORY_PROBE_FILE;
if (file) {
  setInterval(() => fs.appendFileSync(file, `${JSON.stringify({ t: Date.now(), thread: threadId, ...process.memoryUsage() })}\n`), 100).unref();
}
