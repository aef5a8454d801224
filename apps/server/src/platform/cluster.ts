import cluster, { type Worker } from 'node:cluster';

/**
 * WEB_CONCURRENCY > 1: this process becomes the primary of a node:cluster. It prepares what must happen once
 * (migrations, the key file) and forks `count` app processes that share the listening port; each runs the
 * whole app, jobs included — the jobs table hands every task to one process (docs/decisions/0003), exactly as
 * it does for several app servers on several machines. A worker that dies is replaced, unless workers keep
 * dying at start (a configuration error), which stops the cluster.
 */
export async function runClusterPrimary(count: number, prepareOnce: () => Promise<void>): Promise<void> {
  await prepareOnce();
  let stopping = false;
  let quickDeaths = 0;
  const startedAt = new Map<Worker, number>();
  const fork = () => startedAt.set(cluster.fork(), Date.now());
  for (let i = 0; i < count; i++) fork();
  console.log(`Lodestar: ${count} app processes (WEB_CONCURRENCY=${count}), primary pid ${process.pid}`);

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) {
        console.log('Lodestar stopped cleanly.');
        process.exit(0);
      }
      return;
    }
    quickDeaths = lived < 10_000 ? quickDeaths + 1 : 0;
    if (quickDeaths >= count * 2) {
      console.error('Lodestar: app processes keep exiting at start; stopping the cluster.');
      process.exit(1);
    }
    console.error(`Lodestar: app process ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another`);
    fork();
  });

  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1); // a second Ctrl-C means "now"
    stopping = true;
    // Each worker finishes its in-flight requests and running job, then exits (server.ts shutdown).
    console.log(`Received ${signal}: stopping ${startedAt.size} app processes`);
    for (const worker of startedAt.keys()) worker.process.kill('SIGTERM');
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

export const isClusterWorker = (): boolean => cluster.isWorker;
