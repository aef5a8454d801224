import type { GuideStep } from '@lodestar/contract';
import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, updatedAtColumn } from '../../../db/columns.ts';
import { orgIdColumn } from '../tenant-columns.ts';
import { users } from '../users/users.table.ts';

/** One user's first-run guide in one workspace (docs/product.md "First-run guide"); no row → never offered. */
export const firstRunGuides = pgTable(
  'first_run_guides',
  {
    orgId: orgIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['open', 'dismissed', 'finished'] }).notNull(),
    current: text('current').$type<GuideStep | 'finish'>().notNull(),
    done: text('done').array().$type<GuideStep[]>().notNull().default(sql`'{}'::text[]`),
    skipped: text('skipped').array().$type<GuideStep[]>().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.userId] }), check('first_run_guides_status_check', sql`${t.status} in ('open', 'dismissed', 'finished')`)],
);
