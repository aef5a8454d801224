import type { WorkflowConditions, WorkflowRunStatus, WorkflowStep, WorkflowTrigger } from '@lodestar/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orgIdColumn } from '../../access/tenant-columns.ts';
import { users } from '../../access/users/users.table.ts';
import { createdAtColumn, updatedAtColumn } from '../../../db/columns.ts';

/**
 * A workflow (docs/product.md#workflows): trigger, conditions and ordered steps as JSON checked by the contract's
 * schemas; `event_types` is derived from the trigger so the outbox consumer loads only the workflows an event can start.
 */
export const workflows = pgTable(
  'workflows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The steps act with this member's rights. */
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id),
    enabled: boolean('enabled').notNull().default(false),
    trigger: jsonb('trigger').$type<WorkflowTrigger>().notNull(),
    eventTypes: text('event_types').array().notNull().default(sql`'{}'::text[]`),
    conditions: jsonb('conditions').$type<WorkflowConditions>().notNull(),
    steps: jsonb('steps').$type<WorkflowStep[]>().notNull(),
    /** Why the server switched it off (the workspace's hourly run limit), shown in the builder. */
    pausedReason: text('paused_reason').$type<'rateLimit'>(),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    /** A webhook-in trigger's Standard Webhooks secret, encrypted (platform/secrets.ts): shown once when made. */
    hookSecret: text('hook_secret'),
    hookSecretCreatedAt: timestamp('hook_secret_created_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('workflows_org_idx').on(t.orgId, t.createdAt), index('workflows_enabled_idx').on(t.orgId).where(sql`enabled`)],
);

/**
 * One run of a workflow on one record: a leased job row (claimed with SKIP LOCKED). `trigger_key` is the event id or,
 * for a stalled deal, the deal and the moment it entered its stage — unique per workflow, so an event or a stall
 * starts a workflow once. `generation` grows on each replay; step results are keyed by (run, step, generation).
 */
export const workflowRuns = pgTable(
  'workflow_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    trigger: text('trigger').notNull(),
    triggerKey: text('trigger_key').notNull(),
    eventId: uuid('event_id'),
    recordKind: text('record_kind').notNull(),
    recordId: uuid('record_id').notNull(),
    recordName: text('record_name').notNull().default(''),
    /** The record as the trigger saw it: what conditions and steps read. */
    record: jsonb('record').$type<Record<string, unknown>>().notNull(),
    /** How many workflow runs led to this one's trigger (the loop guard's depth). */
    depth: integer('depth').notNull().default(0),
    status: text('status').$type<WorkflowRunStatus>().notNull().default('pending'),
    nextStep: integer('next_step').notNull().default(0),
    generation: integer('generation').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    error: text('error'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('workflow_runs_trigger_idx').on(t.workflowId, t.triggerKey),
    index('workflow_runs_due_idx').on(t.runAt).where(sql`status in ('pending', 'waiting')`),
    index('workflow_runs_log_idx').on(t.orgId, t.createdAt),
  ],
);

/** What one step of a run did: written in the step's own transaction, so a step is done exactly when its row exists. */
export const workflowStepResults = pgTable(
  'workflow_step_results',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    runId: uuid('run_id')
      .notNull()
      .references(() => workflowRuns.id, { onDelete: 'cascade' }),
    stepIndex: integer('step_index').notNull(),
    generation: integer('generation').notNull(),
    type: text('type').$type<WorkflowStep['type']>().notNull(),
    status: text('status').$type<'succeeded' | 'failed'>().notNull(),
    input: jsonb('input').$type<Record<string, unknown>>().notNull(),
    result: jsonb('result').$type<Record<string, unknown>>(),
    error: text('error'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('workflow_step_results_key_idx').on(t.runId, t.stepIndex, t.generation)],
);
