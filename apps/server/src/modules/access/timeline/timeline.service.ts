import { or } from 'drizzle-orm';
import { fullName, type TimelineAction, type TimelineEvent, type TimelineKind, type TimelinePage } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import * as timelineRepository from './timeline.repository.ts';

export type Changes = Record<string, [unknown, unknown]>;

/** JSON with object keys sorted: jsonb hands keys back in its own order, so plain JSON.stringify differs. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner) && !(inner instanceof Date)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** Field → [before, after] for the keys whose values differ (compared as canonical JSON). */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>, keys: string[]): Changes {
  const changes: Changes = {};
  for (const key of keys) {
    const a = before[key] ?? null;
    const b = after[key] ?? null;
    if (canonicalJson(a) !== canonicalJson(b)) changes[key] = [a, b];
  }
  return changes;
}

export async function record(
  db: Db,
  orgId: string,
  /** Null when no signed-in user acted (a visitor of the public booking page). */
  actorUserId: string | null,
  entityType: string,
  entityIds: string[],
  action: TimelineAction,
  changes: Changes = {},
): Promise<void> {
  await timelineRepository.insertEvents(
    db,
    orgId,
    entityIds.map((entityId) => ({ entityType, entityId, actorUserId, action, changes })),
  );
}

export async function listTimeline(db: Db, orgId: string, entityType: string, entityId: string, limit = 100): Promise<TimelineEvent[]> {
  const rows = await timelineRepository.listEvents(db, orgId, entityType, entityId, limit);
  return rows.map(toTimelineEvent);
}

type EventRow = Awaited<ReturnType<typeof timelineRepository.listEvents>>[number];

/** One row of the timeline tables as the API answers it (both timelines). */
function toTimelineEvent(r: EventRow): TimelineEvent {
  return {
    id: r.id,
    entityType: r.entityType,
    entityId: r.entityId,
    actor: r.actorUserId ? { userId: r.actorUserId, name: fullName(r.actorFirstName, r.actorLastName) } : null,
    action: r.action as TimelineAction,
    changes: r.changes,
    createdAt: r.createdAt.toISOString(),
  };
}

/** Records whose entries join another record's timeline: their type, ids and names (for the entries). */
export interface RelatedRecords {
  entityType: string;
  records: { id: string; name: string }[];
  /** field → stored value → name, for the entries' values (a deal's stage id → the stage's title). */
  valueNames?: Record<string, Record<string, string>>;
}

/**
 * One page of a record's timeline merged with its related records' (a contact's deals and schedules), newest
 * first; `kinds` keeps only those kinds of entries. nextCursor is null on the last page.
 */
export async function pageTimeline(
  db: Db,
  orgId: string,
  options: { own: { entityType: string; entityId: string }; related: RelatedRecords[]; kinds?: TimelineKind[] | undefined; cursor?: string | undefined; limit: number },
): Promise<TimelinePage> {
  const names = new Map(options.related.flatMap((r) => r.records.map((record) => [`${r.entityType}:${record.id}`, record.name] as const)));
  const [at, id] = options.cursor ? options.cursor.split('_') : [];
  const rows = await timelineRepository.pageEvents(db, orgId, {
    records: [{ entityType: options.own.entityType, ids: [options.own.entityId] }, ...options.related.map((r) => ({ entityType: r.entityType, ids: r.records.map((record) => record.id) }))],
    filter: options.kinds ? or(...options.kinds.map((kind) => timelineRepository.kindFilters[kind])) : undefined,
    before: at && id ? { at, id } : undefined,
    limit: options.limit + 1,
  });
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      ...toTimelineEvent(r),
      recordName: names.get(`${r.entityType}:${r.entityId}`) ?? null,
    })),
    nextCursor: rows.length > options.limit && last ? `${last.cursorAt}_${last.id}` : null,
    valueNames: Object.assign({}, ...options.related.map((r) => r.valueNames ?? {})) as Record<string, Record<string, string>>,
  };
}

export async function forget(db: Db, orgId: string, entityType: string, entityIds: string[]): Promise<void> {
  await timelineRepository.deleteEventsOf(db, orgId, entityType, entityIds);
}
