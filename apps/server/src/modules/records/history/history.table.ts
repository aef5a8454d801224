import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orgIdColumn } from '../../access/tenant-columns.ts';

/**
 * Field history of contacts, companies, deals and schedules (docs/decisions/0023-history-and-audit-log.md): one row
 * per change, copied from each events-outbox row by the `events_keep_history` trigger of the history migration, so
 * every path that leaves an event (UI, API key, import, automation, sync) leaves history in the same transaction,
 * and the outbox's 30-day pruning does not take it away. `changes` is `{ column: { from, to } }` with the table's
 * column names. A record purged for good takes its history with it (the same trigger).
 */
export const recordHistory = pgTable(
  'record_history',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    recordKind: text('record_kind').notNull(),
    recordId: uuid('record_id').notNull(),
    /** created | updated | deleted | restored */
    action: text('action').notNull(),
    /** The outbox's actor: `user:<id>`, `apiKey:<id>`, `import:<id>`, `workflow:<id>:<depth>`, `sync`, `system`, `public`. */
    actor: text('actor').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>().notNull(),
  },
  (t) => [index('record_history_record_idx').on(t.orgId, t.recordKind, t.recordId, t.seq)],
);
