/**
 * Whole-workspace backup (issue 31, `BENCH_SCENARIOS=backup`): the big CRM workspace (BENCH_CONTACTS contacts, their
 * companies, deals, schedules, notes, timeline) backed up through the API — POST /api/backup answers 202 at once, then
 * the backup job runs (the in-process start, then runBackups as the jobs poller would call it) until the state is
 * done. Prints the request's time, the job's seconds, rows per second, the archive's size and the bytes of its JSON
 * parts; target ≤ 2 minutes for 100 000 contacts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../apps/server/src/db/client.ts';
import { runBackups } from '../apps/server/src/modules/imports/backups/backups.runner.ts';

export interface BackupBenchContext {
  orgId: string;
  token: string;
  dataDir: string;
  contacts: number;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export async function backupScenario(app: FastifyInstance, db: Db, ctx: BackupBenchContext, kind: string): Promise<string[]> {
  const headers = { authorization: `Bearer ${ctx.token}` };
  const t0 = performance.now();
  const res = await app.inject({ method: 'POST', url: `/api/backup?orgId=${ctx.orgId}`, headers });
  if (res.statusCode !== 202) throw new Error(`backup answered ${res.statusCode}: ${res.body.slice(0, 500)}`);
  const answerMs = performance.now() - t0;
  const id = (JSON.parse(res.body) as { data: { id: string } }).data.id;
  let peakRss = process.memoryUsage().rss;
  const probe = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 200);
  let row: Record<string, unknown> | undefined;
  try {
    for (;;) {
      await app.background.idle();
      await runBackups(db, ctx.dataDir);
      [row] = ((await db.execute(sql`select state, rows_done, file_bytes, file_path from backups where id = ${id}`)) as unknown as { rows: Record<string, unknown>[] }).rows;
      if (row!.state === 'done') break;
      if (row!.state !== 'running') throw new Error(`backup ended ${JSON.stringify(row)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    clearInterval(probe);
  }
  const seconds = (performance.now() - t0) / 1000;
  const rows = Number(row!.rows_done);
  const bytes = Number(row!.file_bytes);
  const archive = path.join(ctx.dataDir, String(row!.file_path));
  fs.rmSync(archive, { force: true });
  const target = (ctx.contacts / 100_000) * 120;
  return [
    `### Backup (${kind}, issue 31)`,
    '',
    `The big workspace (${ctx.contacts} contacts with its companies, deals, schedules, notes and timeline): POST /api/backup answered 202 in ${answerMs.toFixed(0)} ms; then the job to a finished archive.`,
    '',
    '| what | figure | target |',
    '|---|---|---|',
    `| backup (every table's rows as JSON parts, then the zip) | ${seconds.toFixed(1)} s, ${Math.round(rows / seconds)} rows/s (${rows} rows) | ≤ ${target.toFixed(0)} s ${seconds <= target ? '✓' : '✗'} |`,
    `| archive | ${mb(bytes)} | |`,
    `| peak RSS of the bench process meanwhile | ${mb(peakRss)} | |`,
    '',
  ];
}
