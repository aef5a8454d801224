import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The operator console's audit trail (issue 30 #15): who did what to which coupon or workspace, when. Append-only:
 * migration 0028 refuses UPDATE and DELETE with a trigger, so not even a bug in the app can rewrite it.
 * Not a tenant table (operators act across workspaces); `target_id` names the coupon or workspace.
 */
export const operatorAuditEvents = pgTable(
  'operator_audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    operatorEmail: text('operator_email').notNull(),
    action: text('action').notNull(),
    targetId: uuid('target_id').notNull(),
    /** The coupon code or workspace name at the time (the workspace may be renamed or deleted later). */
    targetLabel: text('target_label').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('operator_audit_events_at_idx').on(t.at), index('operator_audit_events_target_idx').on(t.targetId, t.at)],
);
