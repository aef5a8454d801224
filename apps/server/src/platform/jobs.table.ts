import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Recurring jobs: one row per job name holding when it is next due. A worker claims a due row with
 * FOR UPDATE SKIP LOCKED and leases it (locked_until), so a restart resumes on schedule and two
 * processes on one PostgreSQL never run the same job at once (docs/decisions/0003).
 */
export const jobs = pgTable('jobs', {
  name: text('name').primaryKey(),
  runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  lastError: text('last_error'),
});
