import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { timelineEvents } from './timeline.table.ts';

export type TimelineEventRow = typeof timelineEvents.$inferSelect;
export type TimelineEventInsert = Omit<typeof timelineEvents.$inferInsert, 'orgId' | 'id' | 'createdAt'>;

export async function insertTimelineEvents(db: Db, orgId: string, events: TimelineEventInsert[]): Promise<void> {
  if (events.length === 0) return;
  await db.insert(timelineEvents).values(events.map((event) => ({ ...event, orgId })));
}

export async function listTimelineEvents(db: Db, orgId: string, entityType: string, entityId: string): Promise<TimelineEventRow[]> {
  return db
    .select()
    .from(timelineEvents)
    .where(and(eq(timelineEvents.orgId, orgId), eq(timelineEvents.entityType, entityType), eq(timelineEvents.entityId, entityId)))
    .orderBy(asc(timelineEvents.createdAt), asc(timelineEvents.id));
}
