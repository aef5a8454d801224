import { sql } from 'drizzle-orm';
import { bigint, customType, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * The outbox: one row per domain event (docs/decisions/0018-events-outbox-and-webhooks.md). Written in the changing
 * transaction by the triggers of the events migration (every path — UI, import, undo, sync, LINE, booking page,
 * automation, trash — writes through them) and by `emitEvent` for events that are no row change. `id` is the
 * de-duplication id consumers see; `xid` + `seq` order them (platform/events.ts reads only finished transactions).
 * No foreign key to the workspace: platform knows no context, and the rows are pruned after their retention.
 */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    xid: xid8('xid').notNull().default(sql`pg_current_xact_id()`),
    orgId: uuid('org_id').notNull(),
    type: text('type').notNull(),
    /** `user:<id>` or a kind: `system` (jobs), `public` (the booking page, anonymous calls). */
    actor: text('actor').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    recordKind: text('record_kind').notNull(),
    recordId: uuid('record_id').notNull(),
    /** `{ record, previous?, changed? }` with the table's column names (platform/events.ts turns them into the API's). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    index('events_xid_seq_idx').on(t.xid, t.seq),
    index('events_org_occurred_idx').on(t.orgId, t.occurredAt),
    // Only the daily prune reads by time alone: a BRIN index (append-only times) costs a create almost nothing, a btree one more page per event.
    index('events_occurred_brin').using('brin', t.occurredAt),
  ],
);

/** Where each consumer (e.g. `webhooks`) stands in the outbox; its row is locked while it handles a batch. */
export const eventCursors = pgTable('event_cursors', {
  consumer: text('consumer').primaryKey(),
  lastXid: xid8('last_xid').notNull().default(sql`'0'::xid8`),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
