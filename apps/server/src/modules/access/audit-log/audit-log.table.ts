import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orgIdColumn } from '../tenant-columns.ts';

/**
 * The workspace's audit log (docs/decisions/0023-history-and-audit-log.md). Append-only: triggers of the audit-log
 * migration refuse UPDATE and TRUNCATE, and DELETE of any row younger than the workspace's retention. A BEFORE
 * INSERT trigger numbers each row within its workspace (`position`, under a per-workspace lock) and chains it:
 * `hash` = SHA-256 of the previous row's hash and this row's fields (`lodestar_audit_hash`).
 * No foreign key to users: an entry outlives the member it names (`actor_label` keeps who it was).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    position: bigint('position', { mode: 'number' }).notNull().default(0),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    type: text('type').notNull(),
    actorUserId: uuid('actor_user_id'),
    actorLabel: text('actor_label'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    target: text('target'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    prevHash: text('prev_hash').notNull().default(''),
    hash: text('hash').notNull().default(''),
  },
  (t) => [
    uniqueIndex('audit_log_org_position_idx').on(t.orgId, t.position),
    index('audit_log_org_type_idx').on(t.orgId, t.type, t.position),
    index('audit_log_org_actor_idx').on(t.orgId, t.actorUserId, t.position),
  ],
);

/** How long a workspace keeps its audit log (days; 365 unless an administrator changed it). */
export const auditLogSettings = pgTable('audit_log_settings', {
  orgId: orgIdColumn().primaryKey(),
  retentionDays: integer('retention_days').notNull().default(365),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
