/**
 * Calendar scenarios: the month view of a user with 2 000 schedules including 200 repeating series
 * (bench/seed-schedules.ts), as API latency ÷ the same SQL called directly (the series expansion is the
 * difference), plus p95 under 50 concurrent clients. Target p95 50 ms (issue 6).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../apps/server/src/db/client.ts';
import * as schedulesRepository from '../apps/server/src/modules/schedules/schedules.repository.ts';
import { apiCaller, measureScenarios, type BenchContext, type CrmRow } from './crm.ts';
import { scheduleSeed } from './seed-schedules.ts';

export async function scheduleScenarios(app: FastifyInstance, db: Db, ctx: BenchContext & { userId: string }): Promise<CrmRow[]> {
  const { orgId, userId } = ctx;
  const { get, q } = apiCaller(app, ctx);
  const months = [
    [2026, 11],
    [2026, 3],
    [2025, 8],
  ] as const;
  const direct = async (i: number) => {
    const [year, month] = months[i % months.length]!;
    // The statements of GET /schedule/getMonth (scope all): picks, visible members, series in range, moved ones,
    // exceptions of the repeating rows, owner names.
    const from = new Date(Date.UTC(year, month - 1, 0));
    const to = new Date(Date.UTC(year, month, 2));
    await schedulesRepository.findPicks(db, orgId, userId);
    await schedulesRepository.visibleMembers(db, orgId, sql`true`, [userId]);
    const [rows] = await Promise.all([
      schedulesRepository.listInRange(db, orgId, [userId], from, to),
      schedulesRepository.movedIntoRange(db, orgId, [userId], from, to),
      schedulesRepository.memberNames(db, orgId, [userId]),
    ]);
    await schedulesRepository.exceptionsOf(db, orgId, rows.filter((r) => r.rrule).map((r) => r.id));
  };
  return measureScenarios(ctx, [
    {
      name: `calendar month view (${scheduleSeed.singles + scheduleSeed.series} schedules, ${scheduleSeed.series} repeating series)`,
      target: 50,
      api: (i) => {
        const [year, month] = months[i % months.length]!;
        return get(q(`/schedule/getMonth?year=${year}&month=${month}`));
      },
      direct,
    },
  ]);
}
