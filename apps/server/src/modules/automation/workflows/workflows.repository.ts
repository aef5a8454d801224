import type { WorkflowRunStatus } from '@lodestar/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/paging.ts';
import { users } from '../../access/users/users.table.ts';
import { workflowRuns, workflows, workflowStepResults } from './workflows.table.ts';

export type WorkflowRow = typeof workflows.$inferSelect;
export type WorkflowValues = Pick<typeof workflows.$inferInsert, 'name' | 'description' | 'enabled' | 'trigger' | 'eventTypes' | 'conditions' | 'steps'>;
export type RunRow = typeof workflowRuns.$inferSelect;
export type RunInsert = Omit<typeof workflowRuns.$inferInsert, 'id'>;
export type StepResultRow = typeof workflowStepResults.$inferSelect;

const ownerName = sql<string>`coalesce(nullif(trim(concat(${users.lastName}, ${users.firstName})), ''), ${users.email})`;

export async function listWorkflows(db: Db, orgId: string) {
  return db
    .select({ workflow: workflows, ownerName })
    .from(workflows)
    .leftJoin(users, eq(users.id, workflows.ownerUserId))
    .where(eq(workflows.orgId, orgId))
    .orderBy(desc(workflows.createdAt));
}

export async function findWorkflow(db: Db, orgId: string, id: string): Promise<WorkflowRow | undefined> {
  const [row] = await db.select().from(workflows).where(and(eq(workflows.orgId, orgId), eq(workflows.id, id)));
  return row;
}

export async function countActive(db: Db, orgId: string, exceptId?: string): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from workflows where org_id = ${orgId} and enabled ${exceptId ? sql`and id <> ${exceptId}` : sql``}`,
  );
  return row?.count ?? 0;
}

export async function insertWorkflow(db: Db, orgId: string, ownerUserId: string, values: WorkflowValues): Promise<WorkflowRow> {
  const [row] = await db.insert(workflows).values({ orgId, ownerUserId, ...values }).returning();
  return row!;
}

export async function updateWorkflow(db: Db, orgId: string, id: string, values: WorkflowValues & { pausedReason?: null; pausedAt?: null }): Promise<void> {
  await db.update(workflows).set({ ...values, updatedAt: sql`now()` }).where(and(eq(workflows.orgId, orgId), eq(workflows.id, id)));
}

export async function deleteWorkflow(db: Db, orgId: string, id: string): Promise<boolean> {
  const rows = await db.delete(workflows).where(and(eq(workflows.orgId, orgId), eq(workflows.id, id))).returning({ id: workflows.id });
  return rows.length > 0;
}

/** The enabled workflows of these workspaces that one of these event types can start (the consumer's one query per batch). */
export async function enabledFor(db: Db, orgIds: string[], eventTypes: string[]): Promise<WorkflowRow[]> {
  if (orgIds.length === 0 || eventTypes.length === 0) return [];
  return db
    .select()
    .from(workflows)
    .where(and(inArray(workflows.orgId, orgIds), eq(workflows.enabled, true), sql`${workflows.eventTypes} && ${sql`array[${sql.join(eventTypes.map((t) => sql`${t}`), sql`, `)}]::text[]`}`));
}

/** A workflow by id alone: only for its public webhook-in URL, which names no workspace (the signature is the check). */
export async function findWorkflowForHook(db: Db, id: string): Promise<WorkflowRow | undefined> {
  const [row] = await db.select().from(workflows).where(eq(workflows.id, id));
  return row;
}

export async function setHookSecret(db: Db, orgId: string, id: string, encrypted: string): Promise<void> {
  await db.update(workflows).set({ hookSecret: encrypted, hookSecretCreatedAt: sql`now()` }).where(and(eq(workflows.orgId, orgId), eq(workflows.id, id)));
}

/** A run of this workflow already started by this trigger key (a webhook-in delivery's id seen before). */
export async function runByTriggerKey(db: Db, workflowId: string, triggerKey: string): Promise<RunRow | undefined> {
  const [row] = await db.select().from(workflowRuns).where(and(eq(workflowRuns.workflowId, workflowId), eq(workflowRuns.triggerKey, triggerKey)));
  return row;
}

/** Enabled workflows of every workspace with this scanned trigger (the scan jobs). */
export async function enabledWithTrigger(db: Db, type: string): Promise<WorkflowRow[]> {
  return db.select().from(workflows).where(and(eq(workflows.enabled, true), sql`${workflows.trigger}->>'type' = ${type}`));
}

/** Runs started in the workspace over the last hour (the rate limit). */
export async function runsInLastHour(db: Db, orgId: string): Promise<number> {
  const [row] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from workflow_runs where org_id = ${orgId} and created_at > now() - interval '1 hour'`);
  return row?.count ?? 0;
}

export async function pauseWorkflows(db: Db, orgId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(workflows)
    .set({ enabled: false, pausedReason: 'rateLimit', pausedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(workflows.orgId, orgId), inArray(workflows.id, ids)));
}

/** Inserts runs, skipping any whose (workflow, trigger key) exists: answers how many were new. */
export async function insertRuns(db: Db, rows: RunInsert[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db.insert(workflowRuns).values(rows).onConflictDoNothing().returning({ id: workflowRuns.id });
  return inserted.length;
}

/** Claims due runs (FOR UPDATE SKIP LOCKED, then a lease): another server, or this one after a crash, waits for the lease. */
export async function claimDueRuns(db: Db, limit: number, leaseSeconds: number): Promise<RunRow[]> {
  const ids = await queryRows<{ id: string }>(
    db,
    sql`with due as (
          select id from workflow_runs
          where status in ('pending', 'waiting') and run_at <= now() and (locked_until is null or locked_until < now())
          order by run_at limit ${limit} for update skip locked)
        update workflow_runs r set locked_until = now() + make_interval(secs => ${leaseSeconds}), status = 'pending'
        from due where r.id = due.id returning r.id`,
  );
  if (ids.length === 0) return [];
  return db.select().from(workflowRuns).where(inArray(workflowRuns.id, ids.map((r) => r.id)));
}

/** Locks the run for a step; undefined when it moved on (another worker did the step) or is no longer pending. */
export async function lockRunAt(db: Db, id: string, step: number, generation: number): Promise<RunRow | undefined> {
  const [row] = await db
    .select()
    .from(workflowRuns)
    .where(and(eq(workflowRuns.id, id), eq(workflowRuns.nextStep, step), eq(workflowRuns.generation, generation), eq(workflowRuns.status, 'pending')))
    .for('update');
  return row;
}

export async function setRun(db: Db, id: string, values: Partial<Pick<RunRow, 'status' | 'nextStep' | 'runAt' | 'error' | 'finishedAt' | 'lockedUntil' | 'generation'>>): Promise<void> {
  await db.update(workflowRuns).set({ ...values, updatedAt: sql`now()` }).where(eq(workflowRuns.id, id));
}

/** The step's row: inserted first in the step's transaction; false when the step was already done (its row exists). */
export async function claimStep(
  db: Db,
  values: { orgId: string; runId: string; stepIndex: number; generation: number; type: StepResultRow['type']; status: StepResultRow['status']; input: Record<string, unknown>; result?: Record<string, unknown> | null; error?: string | null },
): Promise<boolean> {
  const rows = await db.insert(workflowStepResults).values(values).onConflictDoNothing().returning({ id: workflowStepResults.id });
  return rows.length > 0;
}

export async function setStepResult(db: Db, runId: string, stepIndex: number, generation: number, result: Record<string, unknown>): Promise<void> {
  await db
    .update(workflowStepResults)
    .set({ result })
    .where(and(eq(workflowStepResults.runId, runId), eq(workflowStepResults.stepIndex, stepIndex), eq(workflowStepResults.generation, generation)));
}

export async function stepResult(db: Db, runId: string, stepIndex: number, generation: number): Promise<StepResultRow | undefined> {
  const [row] = await db
    .select()
    .from(workflowStepResults)
    .where(and(eq(workflowStepResults.runId, runId), eq(workflowStepResults.stepIndex, stepIndex), eq(workflowStepResults.generation, generation)));
  return row;
}

/** How many times this workflow's step has succeeded (round-robin's turn; the current run's row included). */
export async function stepSuccesses(db: Db, workflowId: string, stepIndex: number): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from workflow_step_results s join workflow_runs r on r.id = s.run_id
        where r.workflow_id = ${workflowId} and s.step_index = ${stepIndex} and s.status = 'succeeded'`,
  );
  return row?.count ?? 0;
}

export async function findRun(db: Db, orgId: string, id: string): Promise<RunRow | undefined> {
  const [row] = await db.select().from(workflowRuns).where(and(eq(workflowRuns.orgId, orgId), eq(workflowRuns.id, id)));
  return row;
}

export async function listRuns(db: Db, orgId: string, filter: { workflowId?: string | undefined; recordId?: string | undefined; status?: WorkflowRunStatus | undefined }, limit = 100) {
  return db
    .select({ run: workflowRuns, workflowName: workflows.name })
    .from(workflowRuns)
    .innerJoin(workflows, eq(workflows.id, workflowRuns.workflowId))
    .where(
      and(
        eq(workflowRuns.orgId, orgId),
        filter.workflowId ? eq(workflowRuns.workflowId, filter.workflowId) : undefined,
        filter.recordId ? eq(workflowRuns.recordId, filter.recordId) : undefined,
        filter.status ? eq(workflowRuns.status, filter.status) : undefined,
      ),
    )
    .orderBy(desc(workflowRuns.createdAt), desc(workflowRuns.id))
    .limit(limit);
}

/** The results that count for each run: per step, its latest generation's row. */
export async function stepResultsOf(db: Db, orgId: string, runIds: string[]): Promise<StepResultRow[]> {
  if (runIds.length === 0) return [];
  return db
    .select()
    .from(workflowStepResults)
    .where(and(eq(workflowStepResults.orgId, orgId), inArray(workflowStepResults.runId, runIds)))
    .orderBy(workflowStepResults.stepIndex, desc(workflowStepResults.generation));
}

