import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orgIdColumn } from '../../access/tenant-columns.ts';
import { createdAtColumn } from '../../../db/columns.ts';

/**
 * The workspace's lost reasons (Settings → Lost reasons; packages/contract/src/deals/lost-reasons.ts), seeded in the
 * creator's language with the workspace. A deal closed as lost points at one (deals.lost_reason_id, set null when
 * the reason is deleted). One label once per workspace, whatever its case.
 */
export const dealLostReasons = pgTable(
  'deal_lost_reasons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    label: text('label').notNull(),
    sort: integer('sort').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('deal_lost_reasons_org_sort_idx').on(t.orgId, t.sort), uniqueIndex('deal_lost_reasons_org_label_idx').on(t.orgId, sql`lower(${t.label})`)],
);
