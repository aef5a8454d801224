import { integer, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The first answer of each write sent with an `Idempotency-Key` header (platform/idempotency.ts), per workspace,
 * user and key: a repeated key replays it instead of writing again. `status` is null while the first request is
 * still running. Rows go after idempotencyRetentionHours (the hourly prune in scheduled-jobs.ts).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    orgId: uuid('org_id').notNull(),
    userId: uuid('user_id').notNull(),
    key: text('key').notNull(),
    /** sha-256 of method, path and body: the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    status: integer('status'),
    contentType: text('content_type'),
    answer: text('answer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.userId, t.key] }), index('idempotency_keys_created_at_idx').on(t.createdAt)],
);
