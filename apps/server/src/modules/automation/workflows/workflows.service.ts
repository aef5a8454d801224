import {
  conditionsHold,
  recordNameOf,
  triggerEventTypes,
  triggerMatches,
  scannedTriggerTypes,
  triggerRecordKind,
  workflowLimits,
  type Workflow,
  type WorkflowBody,
  type WorkflowDryRun,
  type WorkflowRun,
  type WorkflowRunStatus,
} from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError, fieldError } from '../../../platform/errors.ts';
import { eventPayload, recentEvents } from '../../../platform/events.ts';
import { newWebhookSecret, urlAllowed } from '../../access/webhooks/webhooks.sender.ts';
import { assertCan, can, type Actor } from '../../access/privileges/access-core.ts';
import * as membersService from '../../access/members/members.service.ts';
import * as organizationsService from '../../access/organizations/organizations.service.ts';
import { assertPlanFeature, planOf } from '../../billing/plan-limits.ts';
import * as tagsService from '../../records/tags/tags.service.ts';
import { setWorkflowClock, workflowClock } from './workflows.clock.ts';
import * as repository from './workflows.repository.ts';
import { findScanned, scanStalledDeals, scanTimedTriggers } from './workflows.scans.ts';
import { hookPath } from './workflows.hooks.ts';
import { resolveStepInput, stepSource } from './workflows.steps.ts';
import * as mailSends from '../../mail/mailboxes/mailboxes.sends.ts';
import * as mailTemplates from '../../mail/mailboxes/mailboxes.templates.ts';

/*
 * Settings → workflows (docs/product.md#workflows): holders of the automation privilege see (view) and build (edit)
 * workflows; the plan must include workflows to build or switch one on. The runs are workflows.runner.ts's.
 */

const dryRunDays = 30;
const dryRunLimit = 200;

/** A webhook step's signing secret is for those who build (view-only holders see that there is one, not what). */
function withoutSecrets(workflow: Workflow): Workflow {
  return { ...workflow, steps: workflow.steps.map((step) => (step.type === 'callWebhook' && step.secret ? { ...step, secret: 'whsec_…' } : step)) };
}

function toWorkflow(row: repository.WorkflowRow, ownerName: string | null): Workflow {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    enabled: row.enabled,
    ownerUserId: row.ownerUserId,
    ownerName: ownerName ?? '',
    trigger: row.trigger,
    conditions: row.conditions,
    steps: row.steps,
    pausedReason: row.pausedReason ?? null,
    pausedAt: row.pausedAt?.toISOString() ?? null,
    hook: row.trigger.type === 'webhook.received' ? { path: hookPath(row.id), secretCreatedAt: row.hookSecretCreatedAt?.toISOString() ?? null } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The trigger's own details: what each type needs. */
function checkTrigger(trigger: WorkflowBody['trigger']): void {
  if ((trigger.type === 'record.created' || trigger.type === 'record.updated') && !trigger.recordKind) throw fieldError('trigger.recordKind', 'required');
  if (trigger.type === 'date.reached' && !trigger.dateField) throw fieldError('trigger.dateField', 'required');
  if (trigger.type === 'contact.idle' && !trigger.days) throw fieldError('trigger.days', 'required');
  if (trigger.type === 'time.weekly' && trigger.weekday === undefined) throw fieldError('trigger.weekday', 'required');
  if (trigger.type === 'time.weekly' && !trigger.time) throw fieldError('trigger.time', 'required');
}

/** Record kinds whose runs have a contact (itself, or linked) for tag and owner steps; which can start a deal. */
const withContact = new Set(['contact', 'company', 'deal', 'reservation']);
const ownable = new Set(['contact', 'deal', 'reservation']);
const lineReachable = new Set(['contact', 'deal', 'reservation', 'message']);
const mailReachable = new Set(['contact', 'deal', 'reservation']);

/** Rules the schemas cannot see: steps that fit the trigger's record, members and tags of this workspace. 400 naming the field. */
async function checkBody(db: Db, orgId: string, input: WorkflowBody, blockPrivate: boolean): Promise<void> {
  const kind = triggerRecordKind(input.trigger);
  checkTrigger(input.trigger);
  const named = input.steps.flatMap((s) => (s.type === 'createTask' && s.assigneeUserId ? [s.assigneeUserId] : s.type === 'notify' || s.type === 'assignOwner' ? s.userIds : []));
  const members = new Set(await membersService.findActivatedUserIds(db, orgId, named));
  for (const [index, step] of input.steps.entries()) {
    if (step.type === 'updateField' && kind !== 'deal') throw fieldError(`steps.${index}.field`, 'invalidValue');
    if ((step.type === 'addTag' || step.type === 'removeTag') && !withContact.has(kind)) throw fieldError(`steps.${index}.tagId`, 'invalidValue');
    if (step.type === 'assignOwner' && !ownable.has(kind)) throw fieldError(`steps.${index}.mode`, 'invalidValue');
    if (step.type === 'assignOwner' && step.userIds.some((id) => !members.has(id))) throw fieldError(`steps.${index}.userIds`, 'invalidValue');
    if (step.type === 'createDeal' && !withContact.has(kind)) throw fieldError(`steps.${index}.name`, 'invalidValue');
    if (step.type === 'sendLine' && !lineReachable.has(kind)) throw fieldError(`steps.${index}.text`, 'invalidValue');
    if (step.type === 'sendEmail' && !mailReachable.has(kind)) throw fieldError(`steps.${index}.templateId`, 'invalidValue');
    if (step.type === 'sendEmail' && !(await mailTemplates.templateExists(db, orgId, step.templateId))) throw fieldError(`steps.${index}.templateId`, 'invalidValue');
    if (step.type === 'wait' && step.until && !step.until.date && !step.until.field) throw fieldError(`steps.${index}.until`, 'required');
    if (step.type === 'callWebhook' && !urlAllowed(step.url, blockPrivate)) throw fieldError(`steps.${index}.url`, 'invalidValue');
    if (step.type === 'branch' && index + step.thenSteps >= input.steps.length) throw fieldError(`steps.${index}.thenSteps`, 'invalidValue');
    if (step.type === 'addTag' || step.type === 'removeTag') {
      await tagsService.assertApplicable(db, orgId, kind === 'company' ? 'company' : 'customer', [step.tagId]).catch(() => {
        throw fieldError(`steps.${index}.tagId`, 'invalidValue');
      });
    }
    if (step.type === 'createTask' && step.assigneeUserId && !members.has(step.assigneeUserId)) throw fieldError(`steps.${index}.assigneeUserId`, 'invalidValue');
    if (step.type === 'notify' && step.userIds.some((id) => !members.has(id))) throw fieldError(`steps.${index}.userIds`, 'invalidValue');
    if (step.type === 'notify' && step.userIds.length === 0 && !step.notifyOwner) throw fieldError(`steps.${index}.userIds`, 'required');
  }
}

/** A webhook step gets its signing secret on first save (shown in the builder for the receiver to verify with). */
const valuesOf = (input: WorkflowBody): repository.WorkflowValues => ({
  ...input,
  steps: input.steps.map((step) => (step.type === 'callWebhook' && !step.secret ? { ...step, secret: newWebhookSecret() } : step)),
  eventTypes: triggerEventTypes(input.trigger),
});

/** Options from the server's config. */
export interface WorkflowsConfig {
  blockPrivate: boolean;
}

async function assertRoomToEnable(db: Db, orgId: string, exceptId?: string): Promise<void> {
  if ((await repository.countActive(db, orgId, exceptId)) >= workflowLimits.maxActive) throw new AppError('WORKFLOW_LIMIT_REACHED');
}

export async function listWorkflows(db: Db, actor: Actor) {
  assertCan(actor, 'automation', 'view');
  const rows = await repository.listWorkflows(db, actor.orgId);
  const { features } = await planOf(db, actor.orgId);
  const builds = can(actor, 'automation', 'edit');
  return {
    items: rows.map((r) => toWorkflow(r.workflow, r.ownerName)).map((w) => (builds ? w : withoutSecrets(w))),
    limits: { planAllows: features.workflows, maxActive: workflowLimits.maxActive, active: rows.filter((r) => r.workflow.enabled).length, runsPerHour: workflowLimits.runsPerHour, maxDepth: workflowLimits.maxDepth },
  };
}

async function answer(db: Db, orgId: string, id: string): Promise<Workflow> {
  const row = (await repository.listWorkflows(db, orgId)).find((r) => r.workflow.id === id);
  if (!row) throw new AppError('WORKFLOW_NOT_FOUND');
  return toWorkflow(row.workflow, row.ownerName);
}

export async function createWorkflow(db: Db, actor: Actor, input: WorkflowBody, config: WorkflowsConfig): Promise<Workflow> {
  assertCan(actor, 'automation', 'edit');
  await assertPlanFeature(db, actor.orgId, 'workflows');
  await checkBody(db, actor.orgId, input, config.blockPrivate);
  if (input.enabled) await assertRoomToEnable(db, actor.orgId);
  const row = await repository.insertWorkflow(db, actor.orgId, actor.userId, valuesOf(input));
  return answer(db, actor.orgId, row.id);
}

export async function updateWorkflow(db: Db, actor: Actor, id: string, input: WorkflowBody, config: WorkflowsConfig): Promise<Workflow> {
  assertCan(actor, 'automation', 'edit');
  const found = await repository.findWorkflow(db, actor.orgId, id);
  if (!found) throw new AppError('WORKFLOW_NOT_FOUND');
  await assertPlanFeature(db, actor.orgId, 'workflows');
  await checkBody(db, actor.orgId, input, config.blockPrivate);
  if (input.enabled && !found.enabled) await assertRoomToEnable(db, actor.orgId, id);
  // Switching it on again is the answer to a pause.
  await repository.updateWorkflow(db, actor.orgId, id, { ...valuesOf(input), ...(input.enabled ? { pausedReason: null, pausedAt: null } : {}) });
  return answer(db, actor.orgId, id);
}

export async function deleteWorkflow(db: Db, actor: Actor, id: string): Promise<null> {
  assertCan(actor, 'automation', 'edit');
  if (!(await repository.deleteWorkflow(db, actor.orgId, id))) throw new AppError('WORKFLOW_NOT_FOUND');
  return null;
}

/** "Test against the last 30 days": reads the outbox (kept 30 days) or the deals, writes nothing. */
export async function dryRun(db: Db, actor: Actor, input: WorkflowBody, config: WorkflowsConfig): Promise<WorkflowDryRun> {
  assertCan(actor, 'automation', 'view');
  await checkBody(db, actor.orgId, input, config.blockPrivate);
  const asOf = workflowClock(actor.orgId);
  const timeZone = await organizationsService.workspaceTimeZone(db, actor.orgId);
  const since = new Date(asOf.getTime() - dryRunDays * 86_400_000);
  const candidates: { at: Date; kind: string; id: string; record: Record<string, unknown> }[] = [];
  let scanned: number;
  if ((scannedTriggerTypes as readonly string[]).includes(input.trigger.type)) {
    const found = await findScanned(db, actor.orgId, input.trigger, asOf, false, timeZone, dryRunLimit);
    scanned = found.length;
    for (const f of found) if (conditionsHold(input.conditions, f.record)) candidates.push({ at: f.at, kind: f.kind, id: f.id, record: f.record });
  } else {
    const events = await recentEvents(db, actor.orgId, triggerEventTypes(input.trigger), since, 5000);
    scanned = events.length;
    for (const row of events) {
      const payload = eventPayload(row);
      const event = { type: row.type, kind: row.recordKind, record: payload.data.record, changed: payload.data.changed, previous: payload.data.previous };
      if (triggerMatches(input.trigger, event) && conditionsHold(input.conditions, event.record)) candidates.push({ at: new Date(row.occurredAt), kind: row.recordKind, id: row.recordId, record: event.record });
      if (candidates.length >= dryRunLimit) break;
    }
  }
  return {
    scanned,
    matches: candidates.map((c) => {
      const recordName = recordNameOf(c.kind, c.record);
      const ctx = { kind: c.kind, recordId: c.id, record: c.record, recordName, now: c.at, timeZone };
      return { at: c.at.toISOString(), recordKind: c.kind, recordId: c.id, recordName, steps: dryRunSteps(input, ctx) };
    }),
  };
}

/** Each step's input as the run would resolve it, following branches (the steps a failed branch skips are left out). */
function dryRunSteps(input: WorkflowBody, ctx: Parameters<typeof resolveStepInput>[1]) {
  const steps = [];
  for (let index = 0; index < input.steps.length; index++) {
    const step = input.steps[index]!;
    const resolved = resolveStepInput(step, ctx);
    steps.push({ index, type: step.type, input: resolved });
    if (step.type === 'branch' && resolved.matched === false) index += step.thenSteps;
  }
  return steps;
}

async function runAnswers(db: Db, orgId: string, rows: { run: repository.RunRow; workflowName: string }[]): Promise<WorkflowRun[]> {
  const results = await repository.stepResultsOf(db, orgId, rows.map((r) => r.run.id));
  const source = (r: repository.StepResultRow) => stepSource(r.runId, r.stepIndex, r.generation);
  const deliveries = await mailSends.sendStates(db, orgId, results.filter((r) => r.type === 'sendEmail').map(source));
  return rows.map(({ run, workflowName }) => {
    // Per step, its latest generation's row: a replay's new result replaces the one it redoes.
    const latest = new Map<number, repository.StepResultRow>();
    for (const result of results.filter((r) => r.runId === run.id)) if (!latest.has(result.stepIndex)) latest.set(result.stepIndex, result);
    return {
      id: run.id,
      workflowId: run.workflowId,
      workflowName,
      trigger: run.trigger,
      eventId: run.eventId,
      recordKind: run.recordKind,
      recordId: run.recordId,
      recordName: run.recordName,
      status: run.status,
      nextStep: run.nextStep,
      error: run.error,
      createdAt: run.createdAt.toISOString(),
      finishedAt: run.finishedAt?.toISOString() ?? null,
      steps: [...latest.values()].map((r) => ({ index: r.stepIndex, type: r.type, status: r.status, input: r.input, result: r.result, error: r.error, at: r.at.toISOString(), delivery: deliveries.get(source(r)) ?? null })),
    };
  });
}

export async function listRuns(db: Db, actor: Actor, filter: { workflowId?: string | undefined; recordId?: string | undefined; status?: WorkflowRunStatus | undefined }): Promise<WorkflowRun[]> {
  assertCan(actor, 'automation', 'view');
  return runAnswers(db, actor.orgId, await repository.listRuns(db, actor.orgId, filter));
}

/** "Replay from this step": a new generation from `fromStep`; the steps before it stay done. */
export async function replayRun(db: Db, actor: Actor, id: string, fromStep: number): Promise<WorkflowRun> {
  assertCan(actor, 'automation', 'edit');
  const run = await repository.findRun(db, actor.orgId, id);
  if (!run) throw new AppError('WORKFLOW_RUN_NOT_FOUND');
  const workflow = await repository.findWorkflow(db, actor.orgId, run.workflowId);
  if (!workflow) throw new AppError('WORKFLOW_NOT_FOUND');
  if (fromStep >= workflow.steps.length) throw fieldError('fromStep', 'invalidValue');
  await repository.setRun(db, run.id, { status: 'pending', nextStep: fromStep, generation: run.generation + 1, runAt: new Date(), error: null, finishedAt: null, lockedUntil: null });
  const replayed = (await repository.findRun(db, actor.orgId, id))!;
  return (await runAnswers(db, actor.orgId, [{ run: replayed, workflowName: workflow.name }]))[0]!;
}

/** POST /api/settings/workflows/test-clock: only with BILLING_TEST_CLOCK (refused in production); moves the clock, then scans. */
export async function runWithTestClock(db: Db, actor: Actor, enabled: boolean, days: number): Promise<{ started: number }> {
  if (!enabled) throw new AppError('NOT_FOUND');
  assertCan(actor, 'automation', 'edit');
  setWorkflowClock(actor.orgId, days);
  return { started: (await scanStalledDeals(db)) + (await scanTimedTriggers(db)) };
}
