import { conditionsHold, recordNameOf, triggerMatches, workflowLimits, type TriggerEvent } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { runAsEventActor } from '../../../platform/event-actor.ts';
import { camelKeys, consumeEvents, eventPayload } from '../../../platform/events.ts';
import type { JobDefinition } from '../../../platform/jobs.ts';
import { loadActor } from '../../access/privileges/access-core.ts';
import { workflowClock } from './workflows.clock.ts';
import * as repository from './workflows.repository.ts';
import { performStep, resolveStepInput } from './workflows.steps.ts';

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

export interface RunnerOptions {
  leaseSeconds?: number;
  /** Called after each committed step (the kill -9 test's worker prints it). */
  afterStep?: () => void;
}

/** `workflow:<id>:<depth>` → the workflow whose run made the change, and that run's depth. */
function workflowActor(actor: string): { workflowId: string; depth: number } | undefined {
  const [kind, workflowId, depth] = actor.split(':');
  return kind === 'workflow' && workflowId ? { workflowId, depth: Number(depth) || 0 } : undefined;
}

interface Candidate {
  workflow: repository.WorkflowRow;
  run: repository.RunInsert;
}

/** Applies the workspace's hourly rate limit: past it, the workflows that would start more runs pause (a visible state). */
async function insertWithinRate(db: Db, candidates: Candidate[]): Promise<number> {
  let inserted = 0;
  for (const orgId of new Set(candidates.map((c) => c.run.orgId))) {
    const ofOrg = candidates.filter((c) => c.run.orgId === orgId);
    const room = Math.max(0, workflowLimits.runsPerHour - (await repository.runsInLastHour(db, orgId)));
    inserted += await repository.insertRuns(db, ofOrg.slice(0, room).map((c) => c.run));
    const over = ofOrg.slice(room).map((c) => c.workflow.id);
    await repository.pauseWorkflows(db, orgId, [...new Set(over)]);
  }
  return inserted;
}

function candidateRun(workflow: repository.WorkflowRow, event: TriggerEvent & { id: string | null; key: string; recordId: string }, depth: number): Candidate | undefined {
  if (!triggerMatches(workflow.trigger, event) || !conditionsHold(workflow.conditions, event.record)) return undefined;
  const skipped = depth > workflowLimits.maxDepth;
  return {
    workflow,
    run: {
      orgId: workflow.orgId,
      workflowId: workflow.id,
      trigger: event.type,
      triggerKey: event.key,
      eventId: event.id,
      recordKind: event.kind,
      recordId: event.recordId,
      recordName: recordNameOf(event.kind, event.record),
      record: event.record,
      depth,
      ...(skipped ? { status: 'skipped' as const, error: 'depthLimit', finishedAt: new Date() } : {}),
    },
  };
}

/** Moves the `workflows` cursor through the outbox, starting runs; answers how many events it read. */
export async function dispatchEvents(db: Db, maxBatches = 20): Promise<number> {
  let total = 0;
  for (let i = 0; i < maxBatches; i++) {
    const count = await consumeEvents(db, 'workflows', eventBatch, async (tx, batch) => {
      const active = await repository.enabledFor(tx, [...new Set(batch.map((e) => e.orgId))], [...new Set(batch.map((e) => e.type))]);
      if (active.length === 0) return;
      const candidates: Candidate[] = [];
      for (const row of batch) {
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
    total += count;
    if (count < eventBatch) break;
  }
  return total;
}

/** Starts a run for each deal stalled past its workflow's days over the last 30 days, once per stay in a stage. */
export async function scanStalledDeals(db: Db): Promise<number> {
  let started = 0;
  for (const workflow of await repository.enabledStalled(db)) {
    const asOf = workflowClock(workflow.orgId);
    const since = new Date(asOf.getTime() - 30 * 86_400_000);
    const deals = await repository.stalledDeals(db, workflow.orgId, { stage: workflow.trigger.stage, days: workflow.trigger.days, stalledAfter: since, asOf, limit: 1000 });
    const candidates = deals.flatMap((deal) => {
      const record = camelKeys(deal.record) ?? {};
      const key = `stalled:${deal.id}:${new Date(deal.stageChangedAt).toISOString()}`;
      const candidate = candidateRun(workflow, { type: 'deal.stalled', kind: 'deal', record, id: null, key, recordId: deal.id }, 0);
      return candidate ? [candidate] : [];
    });
    started += await insertWithinRate(db, candidates);
  }
  return started;
}

type StepOutcome = 'next' | 'wait' | 'failed' | 'moved';

async function runStep(db: Db, workflow: repository.WorkflowRow, run: repository.RunRow, options: RunnerOptions): Promise<StepOutcome> {
  const index = run.nextStep;
  const step = workflow.steps[index]!;
  const base = { orgId: run.orgId, runId: run.id, stepIndex: index, generation: run.generation, type: step.type };
  const input = resolveStepInput(step, { kind: run.recordKind, recordId: run.recordId, record: run.record, recordName: run.recordName, now: new Date() });
  try {
    const outcome = await runAsEventActor(`workflow:${workflow.id}:${run.depth + 1}`, () =>
      db.transaction(async (tx): Promise<StepOutcome> => {
        if (!(await repository.lockRunAt(tx, run.id, index, run.generation))) return 'moved';
        if (!(await repository.claimStep(tx, { ...base, status: 'succeeded', input }))) {
          await repository.setRun(tx, run.id, { nextStep: index + 1 });
          return 'next';
        }
        const actor = await loadActor(tx, workflow.ownerUserId, workflow.orgId);
        const result = await performStep(tx, actor, { id: run.id, workflowName: workflow.name, kind: run.recordKind, recordId: run.recordId }, step, input);
        await repository.setStepResult(tx, run.id, index, run.generation, result);
        if (step.type === 'wait') {
          await repository.setRun(tx, run.id, { nextStep: index + 1, status: 'waiting', runAt: new Date(String(result.until)), lockedUntil: null });
          return 'wait';
        }
        await repository.setRun(tx, run.id, { nextStep: index + 1 });
        return 'next';
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
    if (outcome !== 'next') return;
    current = { ...current, nextStep: current.nextStep + 1 };
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

/** Polled every 2 s beside the webhooks (server.ts); the stalled scan every 15 minutes. */
export function workflowsJobs(): JobDefinition[] {
  return [
    { name: 'workflows.run', intervalMs: 2_000, leaseSeconds: 60, run: (db) => runWorkflows(db) },
    { name: 'workflows.stalledScan', intervalMs: 15 * 60_000, run: (db) => scanStalledDeals(db) },
  ];
}
