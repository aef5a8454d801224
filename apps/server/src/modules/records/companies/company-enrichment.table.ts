import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, updatedAtColumn } from '../../../db/columns.ts';
import { orgIdColumn } from '../../access/tenant-columns.ts';
import { users } from '../../access/users/users.table.ts';

/** A company the registry calls dissolved, revoked or suspended, as the enrichment found it. */
export interface EnrichmentFlag {
  companyId: string;
  name: string;
  statusText: string;
}

/**
 * One bulk 統編 enrichment (company-enrichment.service.ts): the companies chosen when it started, in order, and how far
 * the job got (`position`), so a restart or another app server continues where it stopped. `next_at` paces it: the
 * registry's rate between calls, and a later retry when the registry was unavailable (`waiting`).
 */
export const companyEnrichments = pgTable(
  'company_enrichments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The import whose companies these are (no foreign key: imports sit above records). */
    importId: uuid('import_id'),
    status: text('status', { enum: ['running', 'waiting', 'done'] }).notNull().default('running'),
    companyIds: uuid('company_ids').array().notNull(),
    position: integer('position').notNull().default(0),
    filled: integer('filled').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    notFound: integer('not_found').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    flagged: jsonb('flagged').$type<EnrichmentFlag[]>().notNull().default([]),
    /** Consecutive "registry unavailable" answers (the retry waits longer each time). */
    attempts: integer('attempts').notNull().default(0),
    nextAt: timestamp('next_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('company_enrichments_org_created_idx').on(t.orgId, t.createdAt),
    // The job's claim reads unfinished ones only.
    index('company_enrichments_due_idx').on(t.nextAt).where(sql`status <> 'done'`),
    check('company_enrichments_position_check', sql`${t.position} >= 0 and ${t.position} <= cardinality(${t.companyIds})`),
  ],
);
