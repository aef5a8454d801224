import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { users } from '../users/users.table.ts';
import { timelineEvents } from './timeline.table.ts';

export type TimelineEventInsert = Omit<typeof timelineEvents.$inferInsert, 'orgId' | 'id' | 'createdAt'>;

export async function insertEvents(db: Db, orgId: string, events: TimelineEventInsert[]): Promise<void> {
  if (events.length === 0) return;
  // clock_timestamp(), not the transaction's start time: events written after waiting on a row lock
  // (concurrent deal stage moves) then sort in the order the changes were applied.
  // One JSON parameter (an import chunk writes 2 000 events: a VALUES list bound 12 000 parameters, and array
  // parameters cost node-postgres an array literal built piece by piece).
  const records = events.map((e) => ({ entity_type: e.entityType, entity_id: e.entityId, actor_user_id: e.actorUserId, action: e.action, changes: e.changes }));
  await db.execute(sql`insert into ${timelineEvents} (org_id, entity_type, entity_id, actor_user_id, action, changes, created_at)
    select ${orgId}, entity_type, entity_id, actor_user_id, action, coalesce(changes, '{}'), clock_timestamp()
    from json_to_recordset(${JSON.stringify(records)}::json) as t(entity_type text, entity_id uuid, actor_user_id uuid, action text, changes jsonb)`);
}

/** What a timeline entry shows: the event and its actor's name (listEvents and the record page's paged timeline). */
const eventColumns = {
  id: timelineEvents.id,
  entityType: timelineEvents.entityType,
  entityId: timelineEvents.entityId,
  action: timelineEvents.action,
  changes: timelineEvents.changes,
  createdAt: timelineEvents.createdAt,
  actorUserId: timelineEvents.actorUserId,
  actorFirstName: users.firstName,
  actorLastName: users.lastName,
};

export async function listEvents(db: Db, orgId: string, entityType: string, entityId: string, limit: number) {
  return db
    .select(eventColumns)
    .from(timelineEvents)
    .leftJoin(users, eq(users.id, timelineEvents.actorUserId))
    .where(and(eq(timelineEvents.orgId, orgId), eq(timelineEvents.entityType, entityType), eq(timelineEvents.entityId, entityId)))
    .orderBy(desc(timelineEvents.createdAt), desc(timelineEvents.id))
    .limit(limit);
}

export async function deleteEventsOf(db: Db, orgId: string, entityType: string, entityIds: string[]): Promise<void> {
  if (entityIds.length === 0) return;
  await db
    .delete(timelineEvents)
    // One array parameter, not an IN list of up to 2 000: an undo's chunks reuse one statement, and PostgreSQL's
    // generic plan for the long IN list scanned the whole table (2.1 s a chunk at 400 000 entries; bench/README.md).
    .where(and(eq(timelineEvents.orgId, orgId), eq(timelineEvents.entityType, entityType), sql`${timelineEvents.entityId} = any(${`{${entityIds.join(',')}}`}::uuid[])`));
}

/**
 * Timeline rows of these records (type → ids), optionally filtered, older than the cursor, newest first. Each record
 * set is its own limited branch, so a record with thousands of entries is read backwards along
 * `timeline_events_org_entity_idx` for `limit` rows instead of being read whole and sorted (bench/README.md, record
 * pages); the branches' ids are then merged, joined and limited again.
 */
export async function pageEvents(
  db: Db,
  orgId: string,
  options: { records: { entityType: string; ids: string[] }[]; filter?: SQL | undefined; before?: { at: string; id: string } | undefined; limit: number },
) {
  // Keyset on (created_at, id): the cursor keeps the microseconds (a JS Date would drop them and repeat or skip rows).
  const before = options.before ? sql`(${timelineEvents.createdAt}, ${timelineEvents.id}) < (${options.before.at}::timestamptz, ${options.before.id}::uuid)` : undefined;
  const branches = options.records
    .filter((r) => r.ids.length > 0)
    .map((r) => {
      const where = and(eq(timelineEvents.orgId, orgId), eq(timelineEvents.entityType, r.entityType), r.ids.length === 1 ? eq(timelineEvents.entityId, r.ids[0]!) : inArray(timelineEvents.entityId, r.ids), options.filter, before);
      return sql`(select ${timelineEvents.id} from ${timelineEvents} where ${where} order by ${timelineEvents.createdAt} desc, ${timelineEvents.id} desc limit ${options.limit})`;
    });
  if (branches.length === 0) return [];
  return db
    .select({
      ...eventColumns,
      cursorAt: sql<string>`to_char(${timelineEvents.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(timelineEvents)
    .leftJoin(users, eq(users.id, timelineEvents.actorUserId))
    .where(and(eq(timelineEvents.orgId, orgId), sql`${timelineEvents.id} in (${sql.join(branches, sql` union all `)})`))
    .orderBy(desc(timelineEvents.createdAt), desc(timelineEvents.id))
    .limit(options.limit);
}

const recordEdits = ['create', 'update', 'delete', 'restore', 'transfer', 'tag', 'associate', 'duplicate'];
const notSchedule = sql`${timelineEvents.entityType} <> 'schedule'`;
const fromImport = sql`${timelineEvents.changes} ? 'import'`;

/** Each timeline filter as SQL (contract timelineKinds): the kinds do not overlap, so every entry has one. */
export const kindFilters: Record<string, SQL> = {
  notes: and(notSchedule, eq(timelineEvents.action, 'note'))!,
  changes: and(notSchedule, inArray(timelineEvents.action, recordEdits), sql`not (${fromImport})`)!,
  stages: and(notSchedule, eq(timelineEvents.action, 'stage'))!,
  schedules: eq(timelineEvents.entityType, 'schedule'),
  line: and(notSchedule, inArray(timelineEvents.action, ['lineMessage', 'lineLink']))!,
  bookings: and(notSchedule, eq(timelineEvents.action, 'reservation'))!,
  cards: and(notSchedule, eq(timelineEvents.action, 'businessCard'))!,
  imports: and(notSchedule, inArray(timelineEvents.action, recordEdits), fromImport)!,
  mail: eq(timelineEvents.entityType, 'email'),
  quotes: and(notSchedule, eq(timelineEvents.action, 'quote'))!,
};
