import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/paging.ts';
import { backgroundWork } from '../db/background-work.ts';

/** A recurring job: run every intervalMs, at most one process at a time (docs/decisions/0003). */
export interface JobDefinition {
  name: string;
  intervalMs: number;
  /** How long a claim holds (default 15 minutes); shorter for a job whose runs are safe to overlap. */
  leaseSeconds?: number;
  /** `signal` aborts when the server stops: a long job ends at its next safe point (signal.throwIfAborted()). */
  run: (db: Db, signal: AbortSignal) => Promise<unknown>;
}

/** How long a claim holds before another worker may take the job over (a crashed run). */
const leaseSeconds = 15 * 60;
const retryMs = 5 * 60_000;

async function ensureRows(db: Db, definitions: JobDefinition[]): Promise<void> {
  for (const job of definitions) {
    await db.execute(sql`insert into jobs (name, run_at) values (${job.name}, now()) on conflict (name) do nothing`);
  }
}

/** Claims one due job (FOR UPDATE SKIP LOCKED, then a lease), or undefined. */
async function claim(db: Db, byName: Map<string, JobDefinition>, names: string[]): Promise<string | undefined> {
  if (names.length === 0) return undefined;
  const lease = sql`case name ${sql.join(names.map((n) => sql`when ${n} then ${byName.get(n)!.leaseSeconds ?? leaseSeconds}::int`), sql` `)} end`;
  const rows = await queryRows<{ name: string }>(
    db,
    sql`update jobs set locked_until = now() + make_interval(secs => ${lease})
        where name = (
          select name from jobs
          where name in (${sql.join(names.map((n) => sql`${n}`), sql`, `)})
            and run_at <= now() and (locked_until is null or locked_until < now())
          order by run_at limit 1
          for update skip locked)
        returning name`,
  );
  return rows[0]?.name;
}

/** Runs every due job once; answers the names that ran. Used by the interval and by tests. */
export async function runDueJobs(db: Db, log: FastifyBaseLogger, definitions: JobDefinition[], signal = new AbortController().signal): Promise<string[]> {
  if (definitions.length === 0) return [];
  await ensureRows(db, definitions);
  const ran: string[] = [];
  const byName = new Map(definitions.map((d) => [d.name, d]));
  for (;;) {
    if (signal.aborted) return ran;
    const name = await claim(db, byName, [...byName.keys()].filter((n) => !ran.includes(n)));
    if (!name) return ran;
    const job = byName.get(name)!;
    ran.push(name);
    try {
      const result = await backgroundWork(() => job.run(db, signal));
      await db.execute(sql`update jobs set run_at = now() + make_interval(secs => ${job.intervalMs / 1000}), last_run_at = now(),
        locked_until = null, last_error = null where name = ${name}`);
      log.info({ job: name, result }, 'job done');
    } catch (error) {
      if (signal.aborted) {
        // Stopped by a shutdown between two of its steps: due again at once, for the next start or another server.
        await db.execute(sql`update jobs set run_at = now(), locked_until = null where name = ${name}`);
        log.info({ job: name }, 'job stopped with the server; it runs again at the next start');
        return ran;
      }
      const message = error instanceof Error ? error.message : String(error);
      await db.execute(sql`update jobs set run_at = now() + make_interval(secs => ${Math.min(job.intervalMs, retryMs) / 1000}),
        locked_until = null, last_error = ${message.slice(0, 2000)} where name = ${name}`);
      log.error({ err: error, job: name }, 'job failed');
    }
  }
}

/**
 * Polls for due jobs every pollMs. The schedule lives in the jobs table, so a restart resumes it;
 * stop() waits for a run in progress; a long one (the duplicates scan) ends at its next step.
 */
export function startJobs(db: Db, log: FastifyBaseLogger, definitions: JobDefinition[], pollMs = 60_000): { stop: () => Promise<void> } {
  let current: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const stopping = new AbortController();
  const tick = () => {
    if (stopped) return;
    current = runDueJobs(db, log, definitions, stopping.signal).catch((error: unknown) => log.error({ err: error }, 'job polling failed'));
  };
  const timer = setInterval(tick, pollMs);
  timer.unref();
  tick();
  return {
    stop: async () => {
      stopped = true;
      stopping.abort();
      clearInterval(timer);
      await current;
    },
  };
}
