import { customType, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * One row per write statement on a table that a cached read depends on (platform/read-cache.ts): which workspace,
 * which area ('deals', 'calendar', 'users'), and the writing transaction. Written only by the triggers of migration
 * 0018 (no app code writes it, so no write path can forget to); pruned hourly. Inserts never conflict, so writers
 * take no lock on a shared counter.
 */
export const dataChanges = pgTable(
  'data_changes',
  {
    orgId: uuid('org_id').notNull(),
    area: text('area').notNull(),
    xid: xid8('xid').notNull().default(sql`pg_current_xact_id()`),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('data_changes_org_area_xid_idx').on(t.orgId, t.area, t.xid), index('data_changes_changed_at_idx').on(t.changedAt)],
);
