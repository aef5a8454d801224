import type { DomainEvent, EventType } from '@lodestar/contract';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { queryRows } from '../db/paging.ts';
import { currentEventActor } from './event-actor.ts';
import { events } from './events.table.ts';
import { inPieces } from './background-pace.ts';

/**
 * The outbox (docs/decisions/0018-events-outbox-and-webhooks.md). Row changes reach it through the triggers of the
 * events migration; `emitEvent` is for an event that is no row change. Consumers read it with `consumeEvents`.
 */

export interface EventRow {
  id: string;
  seq: number;
  xid: string;
  orgId: string;
  type: EventType;
  actor: string;
  occurredAt: Date;
  recordKind: string;
  recordId: string;
  data: { record: Record<string, unknown>; changed?: string[]; previous?: Record<string, unknown> };
}

/** Adds one event in the caller's transaction (pass the transaction handle), authored by the current actor. */
export async function emitEvent(db: Db | Tx, event: { orgId: string; type: EventType; recordKind: string; recordId: string; record: Record<string, unknown> }): Promise<void> {
  await db.insert(events).values({
    orgId: event.orgId,
    type: event.type,
    actor: currentEventActor(),
    recordKind: event.recordKind,
    recordId: event.recordId,
    data: { record: event.record },
  });
}

const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** An outbox record with the API's field names (also for rows read outside the outbox, as workflows' stalled deals). */
export function camelKeys(value: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!value) return undefined;
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [camel(key), v]));
}

function actorOf(actor: string): DomainEvent['actor'] {
  const [kind, id] = actor.split(':');
  if ((kind === 'user' || kind === 'apiKey') && id) return { kind, id };
  return { kind: kind === 'public' ? 'public' : 'system', id: null };
}

/** The event as consumers see it: the API's field names, the actor split into kind and id. */
export function eventPayload(row: EventRow): DomainEvent {
  return {
    id: row.id,
    type: row.type,
    timestamp: new Date(row.occurredAt).toISOString(),
    workspaceId: row.orgId,
    actor: actorOf(row.actor),
    data: {
      kind: row.recordKind as DomainEvent['data']['kind'],
      id: row.recordId,
      record: camelKeys(row.data.record) ?? {},
      ...(row.data.changed ? { changed: row.data.changed.map(camel) } : {}),
      ...(row.data.previous ? { previous: camelKeys(row.data.previous) } : {}),
    },
  };
}

// `xid` is read as text (node-postgres has no xid8 parser): an ORDER BY must name `events.xid`, or it sorts by this text.
const eventColumns = sql`id, seq, xid::text as xid, org_id as "orgId", type, actor, occurred_at as "occurredAt", record_kind as "recordKind", record_id as "recordId", data`;

/**
 * Hands the consumer's next events (at most `limit`) to `handle` inside one transaction that also moves its cursor, so
 * each event is handled once per consumer even with several app servers: the cursor row is locked with SKIP LOCKED
 * (another server holding it means this one has nothing to do now). Order is (transaction id, sequence), and only
 * events of transactions older than every running one are read — a transaction still in flight can never commit an
 * event behind the cursor. Answers how many events were handled.
 */
export async function consumeEvents(db: Db, consumer: string, limit: number, handle: (tx: Tx, batch: EventRow[]) => Promise<void>): Promise<number> {
  await db.execute(sql`insert into event_cursors (consumer) values (${consumer}) on conflict (consumer) do nothing`);
  return db.transaction(async (tx) => {
    const [cursor] = await queryRows<{ lastXid: string; lastSeq: number }>(
      tx,
      sql`select last_xid::text as "lastXid", last_seq as "lastSeq" from event_cursors where consumer = ${consumer} for update skip locked`,
    );
    if (!cursor) return 0;
    const batch = await queryRows<EventRow>(
      tx,
      sql`select ${eventColumns} from events
          where (xid, seq) > (${cursor.lastXid}::xid8, ${cursor.lastSeq}::bigint) and xid < pg_snapshot_xmin(pg_current_snapshot())
          order by events.xid, events.seq limit ${limit}`,
    );
    if (batch.length === 0) return 0;
    await handle(tx, batch.map((row) => ({ ...row, seq: Number(row.seq) })));
    const last = batch[batch.length - 1]!;
    await tx.execute(sql`update event_cursors set last_xid = ${last.xid}::xid8, last_seq = ${last.seq}, updated_at = now() where consumer = ${consumer}`);
    return batch.length;
  });
}

/** Each consumer's last batch size, so that its next run starts where the last one's sizing ended. */
const batchSizes = new Map<string, number>();

/**
 * A consumer's run: at most `maxBatches` × `limit` events (consumeEvents), in batches of at most `limit` sized to take
 * about 0.1 s each, letting requests go first between them (platform/background-pace.ts); answers how many events it
 * read. A backlog goes on at the consumer's next run, so one consumer never holds its job loop for long.
 */
export async function consumeBatches(db: Db, consumer: string, limit: number, maxBatches: number, handle: (tx: Tx, batch: EventRow[]) => Promise<void>): Promise<number> {
  const most = limit * maxBatches;
  let total = 0;
  const first = Math.min(limit, batchSizes.get(consumer) ?? limit);
  const last = await inPieces(first, Math.min(50, limit), limit, async (size) => {
    const wanted = Math.min(size, most - total);
    const count = await consumeEvents(db, consumer, wanted, handle);
    total += count;
    return count === wanted && total < most;
  });
  batchSizes.set(consumer, last);
  return total;
}

/** A workspace's events in order (tests, and the API-keys work to come): newest last. */
export async function listEvents(db: Db, orgId: string, options: { afterSeq?: number; limit?: number } = {}): Promise<EventRow[]> {
  const rows = await queryRows<EventRow>(
    db,
    sql`select ${eventColumns} from events where org_id = ${orgId} and seq > ${options.afterSeq ?? 0} order by seq limit ${options.limit ?? 1000}`,
  );
  return rows.map((row) => ({ ...row, seq: Number(row.seq) }));
}

/** A workspace's latest events of one type, newest first (REST hooks' polling endpoint). */
export async function latestEvents(db: Db, orgId: string, type: EventType, limit: number): Promise<EventRow[]> {
  const rows = await queryRows<EventRow>(
    db,
    sql`select ${eventColumns} from events where org_id = ${orgId} and type = ${type} order by occurred_at desc, seq desc limit ${limit}`,
  );
  return rows.map((row) => ({ ...row, seq: Number(row.seq) }));
}

/** Events are kept 30 days (consumers are minutes behind at most; the delivery log keeps its own copy of each body). */
export const eventRetentionDays = 30;

export async function pruneEvents(db: Db): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`with gone as (delete from events where occurred_at < now() - make_interval(days => ${eventRetentionDays}) returning 1) select count(*)::int as count from gone`,
  );
  return row?.count ?? 0;
}

/** A workspace's events of these types since `since`, newest first (a workflow's dry run). */
export async function recentEvents(db: Db, orgId: string, types: string[], since: Date, limit: number): Promise<EventRow[]> {
  if (types.length === 0) return [];
  const rows = await queryRows<EventRow>(
    db,
    sql`select ${eventColumns} from events where org_id = ${orgId} and occurred_at >= ${since.toISOString()}::timestamptz
        and type in (${sql.join(types.map((t) => sql`${t}`), sql`, `)}) order by seq desc limit ${limit}`,
  );
  return rows.map((row) => ({ ...row, seq: Number(row.seq) }));
}

/**
 * A person's erasure (Taiwan PDPA): the outbox rows of the erased records and every row whose data names them (a
 * booking, a LINE friend, an e-mail of theirs) go. A consumer that had not read them yet (webhooks) hears nothing of
 * the person, which is the point; the erasing service emits one event without personal data instead.
 */
export async function forgetEvents(db: Db | Tx, orgId: string, recordIds: string[], needles: string[]): Promise<void> {
  const patterns = likePatterns(needles);
  await db.execute(sql`delete from events where org_id = ${orgId} and (record_id = any(array[${sql.join([...recordIds, '00000000-0000-0000-0000-000000000000'].map((id) => sql`${id}`), sql`, `)}]::uuid[])
    ${patterns.length > 0 ? sql`or data::text ilike any(array[${sql.join(patterns.map((p) => sql`${p}`), sql`, `)}]::text[])` : sql``})`);
}

/** ILIKE patterns for a person's values (names, phones, e-mails); ones under 3 characters would match strangers. */
export function likePatterns(needles: string[]): string[] {
  return [...new Set(needles.filter((n) => n.length >= 3))].map((n) => `%${n.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}
