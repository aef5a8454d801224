import type { Db } from '../../../db/client.ts';
import { runAsEventActor } from '../../../platform/event-actor.ts';
import { consumeBatches, eventPayload } from '../../../platform/events.ts';
import type { JobDefinition } from '../../../platform/jobs.ts';
import { loadActor } from '../../access/privileges/access-core.ts';
import * as organizationsService from '../../access/organizations/organizations.service.ts';
import { candidateRun, importRunsNoWorkflows, insertWithinRate, workflowActor, type Candidate } from './workflows.match.ts';
import * as repository from './workflows.repository.ts';
import { scanStalledDeals, scanTimedTriggers } from './workflows.scans.ts';
import { performStep, resolveStepInput, withCurrentLinks, type StepOptions } from './workflows.steps.ts';

export { scanStalledDeals, scanTimedTriggers } from './workflows.scans.ts';

/**
 * Running workflows (docs/product.md#workflows, docs/decisions/0018-events-outbox-and-webhooks.md). The `workflows`
 * consumer of the outbox turns each matching event into a run row in the transaction that moves its cursor (once per
 * event across app servers); a scan finds stalled deals. Due runs are leased with SKIP LOCKED; each step runs in one
 * transaction with its result row, keyed by (run, step, generation), so a step is done exactly when that row exists —
 * a process killed mid-step leaves nothing and the step runs again once the lease expires; a retry never does it twice.
 * Steps write as the event actor `workflow:<id>:<depth>`: the consumer reads it back to skip the workflow's own
 * changes and to stop chains deeper than workflowLimits.maxDepth.
 */

const eventBatch = 500;
const runBudgetMs = 40_000;

export interface RunnerOptions extends StepOptions {
  leaseSeconds?: number;
  /** Called after each committed step (the kill -9 test's worker prints it). */
  afterStep?: () => void;
}

/** Moves the `workflows` cursor through the outbox, starting runs; answers how many events it read. */
export async function dispatchEvents(db: Db, maxBatches = 20): Promise<number> {
  return consumeBatches(db, 'workflows', eventBatch, maxBatches, async (tx, batch) => {
    const active = await repository.enabledFor(tx, [...new Set(batch.map((e) => e.orgId))], [...new Set(batch.map((e) => e.type))]);
    if (active.length === 0) return;
    const candidates: Candidate[] = [];
    for (const row of batch) {
      // An import whose "run workflows" switch is off: its record events start no workflow (imports.runner.ts).
      if (importRunsNoWorkflows(row.actor)) continue;
      const source = workflowActor(row.actor);
      const payload = eventPayload(row);
      const event = { type: row.type, kind: row.recordKind, record: payload.data.record, changed: payload.data.changed, previous: payload.data.previous, id: row.id, key: row.id, recordId: row.recordId };
      for (const workflow of active) {
        if (workflow.orgId !== row.orgId || !workflow.eventTypes.includes(row.type)) continue;
        // The loop guard: a workflow's own changes never start it again.
        if (source?.workflowId === workflow.id) continue;
        const candidate = candidateRun(workflow, event, source ? source.depth : 0);
        if (candidate) candidates.push(candidate);
      }
    }
    await insertWithinRate(tx, candidates);
  });
}

/** What a step led to: the next step's index, a wait, a failure, or another worker having moved the run on. */
type StepOutcome = { next: number } | 'wait' | 'failed' | 'moved';

async function runStep(db: Db, workflow: repository.WorkflowRow, stored: repository.RunRow, options: RunnerOptions): Promise<StepOutcome> {
  const run = { ...stored, record: await withCurrentLinks(db, stored.orgId, stored.recordKind, stored.recordId, stored.record) };
  const index = run.nextStep;
  const step = workflow.steps[index]!;
  const base = { orgId: run.orgId, runId: run.id, stepIndex: index, generation: run.generation, type: step.type };
  const timeZone = await organizationsService.workspaceTimeZone(db, run.orgId);
  const input = resolveStepInput(step, { kind: run.recordKind, recordId: run.recordId, record: run.record, recordName: run.recordName, now: new Date(), timeZone });
  // A branch whose conditions fail skips past the steps it guards.
  const nextOf = (result: Record<string, unknown>) => (step.type === 'branch' && result.matched === false ? index + 1 + step.thenSteps : index + 1);
  try {
    const outcome = await runAsEventActor(`workflow:${workflow.id}:${run.depth + 1}`, () =>
      db.transaction(async (tx): Promise<StepOutcome> => {
        if (!(await repository.lockRunAt(tx, run.id, index, run.generation))) return 'moved';
        if (!(await repository.claimStep(tx, { ...base, status: 'succeeded', input }))) {
          const done = await repository.stepResult(tx, run.id, index, run.generation);
          const next = nextOf(done?.result ?? input);
          await repository.setRun(tx, run.id, { nextStep: next });
          return { next };
        }
        const actor = await loadActor(tx, workflow.ownerUserId, workflow.orgId);
        const result = await performStep(tx, actor, { id: run.id, workflowId: workflow.id, workflowName: workflow.name, kind: run.recordKind, recordId: run.recordId, record: run.record, stepIndex: index, generation: run.generation, timeZone }, step, input, options);
        await repository.setStepResult(tx, run.id, index, run.generation, result);
        if (step.type === 'wait') {
          await repository.setRun(tx, run.id, { nextStep: index + 1, status: 'waiting', runAt: new Date(String(result.until)), lockedUntil: null });
          return 'wait';
        }
        const next = nextOf(result);
        await repository.setRun(tx, run.id, { nextStep: next });
        return { next };
      }),
    );
    options.afterStep?.();
    return outcome;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db.transaction(async (tx) => {
      if (!(await repository.lockRunAt(tx, run.id, index, run.generation))) return;
      await repository.claimStep(tx, { ...base, status: 'failed', input, error: message.slice(0, 2000) });
      await repository.setRun(tx, run.id, { status: 'failed', error: message.slice(0, 2000), finishedAt: new Date(), lockedUntil: null });
    });
    return 'failed';
  }
}

/** Does a claimed run's steps until it ends, waits or fails. */
async function advance(db: Db, run: repository.RunRow, options: RunnerOptions): Promise<void> {
  const workflow = await repository.findWorkflow(db, run.orgId, run.workflowId);
  if (!workflow || !workflow.enabled) {
    await repository.setRun(db, run.id, { status: 'skipped', error: 'workflowOff', finishedAt: new Date(), lockedUntil: null });
    return;
  }
  let current = run;
  while (current.nextStep < workflow.steps.length) {
    const outcome = await runStep(db, workflow, current, options);
    if (typeof outcome !== 'object') return;
    current = { ...current, nextStep: outcome.next };
  }
  await repository.setRun(db, run.id, { status: 'succeeded', finishedAt: new Date(), lockedUntil: null });
}

/** Runs due runs until none is due or the budget is spent; answers how many runs it advanced. */
export async function runDueRuns(db: Db, options: RunnerOptions = {}): Promise<number> {
  const started = Date.now();
  let total = 0;
  while (Date.now() - started < runBudgetMs) {
    const claimed = await repository.claimDueRuns(db, 20, options.leaseSeconds ?? 60);
    if (claimed.length === 0) break;
    for (const run of claimed) await advance(db, run, options);
    total += claimed.length;
  }
  return total;
}

/** One pass: start runs from new events, then advance the due ones. */
export async function runWorkflows(db: Db, options: RunnerOptions = {}): Promise<{ events: number; runs: number }> {
  const events = await dispatchEvents(db);
  const runs = await runDueRuns(db, options);
  return { events, runs };
}

/**
 * Polled every 2 s beside the webhooks (server.ts); the stalled scan every 15 minutes; dates, quiet contacts and weekly
 * schedules every 5 minutes (a weekly 09:00 starts by 09:05).
 */
export function workflowsJobs(options: StepOptions = {}): JobDefinition[] {
  return [
    { name: 'workflows.run', intervalMs: 2_000, leaseSeconds: 60, run: (db) => runWorkflows(db, options) },
    { name: 'workflows.stalledScan', intervalMs: 15 * 60_000, run: (db) => scanStalledDeals(db) },
    { name: 'workflows.timeScan', intervalMs: 5 * 60_000, run: (db) => scanTimedTriggers(db) },
  ];
}
