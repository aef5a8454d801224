/**
 * The record pages' calls (issue 30) on the big CRM workspace: the summary of a contact's and a company's page
 * (figures and every section, one call) and the merged timeline, for contacts with 200 timeline entries and one
 * with 5 000 (its first page and a page 4 900 entries deep, by keyset). "Direct" is the same service functions
 * with the actor loaded once: what the route adds is authentication, validation and the envelope.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../apps/server/src/db/client.ts';
import * as accessCore from '../apps/server/src/modules/access/privileges/access-core.ts';
import * as timelineRepository from '../apps/server/src/modules/access/timeline/timeline.repository.ts';
import * as recordSummaryService from '../apps/server/src/modules/records/record-summary/record-summary.service.ts';
import { apiCaller, measureScenarios, type BenchContext, type CrmRow, type Scenario } from './crm.ts';

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** `count` note entries on each contact, written as the app writes them (one JSON parameter per batch). */
async function giveEntries(db: Db, orgId: string, userId: string, contactIds: string[], count: number): Promise<void> {
  for (const contactId of contactIds) {
    for (let from = 0; from < count; from += 1_000) {
      const events = Array.from({ length: Math.min(1_000, count - from) }, (_, i) => ({
        entityType: 'contact',
        entityId: contactId,
        actorUserId: userId,
        action: 'note',
        changes: { note: [null, `bench note ${from + i}`] as [unknown, unknown] },
      }));
      await timelineRepository.insertEvents(db, orgId, events);
    }
  }
}

export async function recordPageScenarios(app: FastifyInstance, db: Db, ctx: BenchContext & { userId: string }): Promise<CrmRow[]> {
  const { orgId } = ctx;
  const { get, q } = apiCaller(app, ctx);
  const ids = (await rowsOf<{ id: string }>(db, sql`select id from contacts where org_id = ${orgId} and deleted_at is null order by id limit 51`)).map((r) => r.id);
  const companyIds = (await rowsOf<{ id: string }>(db, sql`select id from companies where org_id = ${orgId} and deleted_at is null order by id limit 50`)).map((r) => r.id);
  const busy = ids.pop()!;
  await giveEntries(db, orgId, ctx.userId, ids, 200);
  await giveEntries(db, orgId, ctx.userId, [busy], 5_000);
  const actor = await accessCore.loadActor(db, ctx.userId, orgId);

  // The cursor 4 900 entries deep into the busy contact's timeline (pages of 100 to get there).
  let deep: string | null = null;
  for (let page = 0; page < 49; page++) {
    const answer = await recordSummaryService.timelinePage(db, actor, { entityType: 'contact', entityId: busy, cursor: deep ?? undefined, limit: 100 });
    deep = answer.nextCursor;
  }
  if (!deep) throw new Error('the busy contact has fewer entries than expected');
  const deepCursor = deep;

  const timeline = (entityId: string, cursor?: string) => recordSummaryService.timelinePage(db, actor, { entityType: 'contact', entityId, cursor, limit: 30 });
  const scenarios: Scenario[] = [
    {
      name: 'contact page summary (record/summary), 200 timeline entries',
      target: 25,
      targetAt: 1,
      api: (i) => get(q(`/record/summary?entityType=contact&entityId=${ids[i % ids.length]}`)),
      direct: (i) => recordSummaryService.summary(db, actor, 'contact', ids[i % ids.length]!),
    },
    {
      name: 'company page summary (record/summary)',
      target: 25,
      targetAt: 1,
      api: (i) => get(q(`/record/summary?entityType=company&entityId=${companyIds[i % companyIds.length]}`)),
      direct: (i) => recordSummaryService.summary(db, actor, 'company', companyIds[i % companyIds.length]!),
    },
    {
      name: 'contact timeline, first page of 30 (timeline/page), 200 entries',
      target: 25,
      targetAt: 1,
      api: (i) => get(q(`/timeline/page?entityType=contact&entityId=${ids[i % ids.length]}`)),
      direct: (i) => timeline(ids[i % ids.length]!),
    },
    {
      name: 'contact timeline, first page of 30, 5 000 entries',
      target: 25,
      targetAt: 1,
      api: () => get(q(`/timeline/page?entityType=contact&entityId=${busy}`)),
      direct: () => timeline(busy),
    },
    {
      name: 'contact timeline, page 4 900 entries deep, 5 000 entries',
      target: 25,
      targetAt: 1,
      api: () => get(q(`/timeline/page?entityType=contact&entityId=${busy}&cursor=${encodeURIComponent(deepCursor)}`)),
      direct: () => timeline(busy, deepCursor),
    },
  ];
  return measureScenarios(ctx, scenarios);
}
