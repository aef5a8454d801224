import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orgIdColumn } from '../tenant-columns.ts';
import { users } from '../users/users.table.ts';
import { apiKeys } from '../api-keys/api-keys.table.ts';
import { createdAtColumn, updatedAtColumn } from '../../../db/columns.ts';

/** The optional narrowing of a subscription (contract access/webhooks.ts): deal events of one pipeline only. */
export interface WebhookFilter {
  stageTypeId?: string;
}

/**
 * An administrator's webhook: which event types go to which URL (docs/decisions/0018-events-outbox-and-webhooks.md).
 * The signing secret is AES-256-GCM ciphertext (platform/secrets.ts), shown to the administrator once.
 */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    eventTypes: text('event_types').array().notNull().default(sql`'{}'::text[]`),
    filter: jsonb('filter').$type<WebhookFilter>().notNull().default({}),
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Set when deliveries kept failing for the retry window and the subscription was turned off. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A REST hook's key (Zapier-style tools): only it may remove the hook, and nothing is delivered once it is revoked or expired. */
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('webhook_subscriptions_org_idx').on(t.orgId, t.createdAt)],
);

/**
 * One event to send to one subscription: a leased job row (claimed with SKIP LOCKED, retried with backoff until
 * `give_up_at`). `payload` is the exact body, so a retry, a resend or a restart sends the same bytes and event id.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    /** The `webhook-id` header: the outbox event's id (a test send has its own). */
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: text('payload').notNull(),
    status: text('status').$type<'pending' | 'succeeded' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    giveUpAt: timestamp('give_up_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastLatencyMs: integer('last_latency_ms'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`),
    index('webhook_deliveries_log_idx').on(t.orgId, t.subscriptionId, t.createdAt),
  ],
);

/** Every attempt of a delivery: the delivery log's lines (response code, latency, error, the answer's first bytes). */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
    statusCode: integer('status_code'),
    latencyMs: integer('latency_ms').notNull(),
    error: text('error'),
    response: text('response'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attempt)],
);
