import { conditionsHold, dayIn, dealCreateBodySchema, dealUpdateBodySchema, defaultScheduleColor, renderWorkflowText, scheduleCreateBodySchema, instantAt, type WorkflowStep } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { assertCan, type Actor } from '../../access/privileges/access-core.ts';
import * as membersService from '../../access/members/members.service.ts';
import * as notificationsService from '../../access/notifications/notifications.service.ts';
import * as schedulesService from '../../calendar/schedules/schedules.service.ts';
import * as dealsService from '../../deals/deals/deals.service.ts';
import * as companiesService from '../../records/companies/companies.service.ts';
import * as contactsService from '../../records/contacts/contacts.service.ts';
import * as tagsService from '../../records/tags/tags.service.ts';
import { sendWebhook } from '../../access/webhooks/webhooks.sender.ts';
import { queueWorkflowMessage } from '../../channels/line/line.pushes.ts';
import { queueTemplateMail } from '../../mail/mailboxes/mailboxes.sends.ts';
import * as repository from './workflows.repository.ts';
import * as scans from './workflows.scans.repository.ts';

/**
 * What each step would do (resolved from the record: the dry run shows it, the run log keeps it as the step's input)
 * and doing it, with the workflow owner's actor: the owner's privileges are checked as for their own calls.
 */

export interface StepContext {
  kind: string;
  recordId: string;
  record: Record<string, unknown>;
  recordName: string;
  now: Date;
  /** The workspace's time zone: a task's day and a wait's "until" are its. */
  timeZone: string;
}

const str = (value: unknown) => (typeof value === 'string' && value ? value : null);

export interface StepOptions {
  /** The SSRF guard for the webhook step (config outboundHosts.blockPrivate); on unless said otherwise. */
  blockPrivate?: boolean;
}

/** The record a tag step changes: the contact or company itself, a deal's client contact, a reservation's contact. */
function tagTarget(ctx: StepContext): { kind: 'contact' | 'company'; id: string | null } {
  if (ctx.kind === 'company') return { kind: 'company', id: ctx.recordId };
  if (ctx.kind === 'contact') return { kind: 'contact', id: ctx.recordId };
  if (ctx.kind === 'deal') return { kind: 'contact', id: str(ctx.record.clientId) };
  return { kind: 'contact', id: str(ctx.record.contactId) };
}

/** Whose owner an assign step sets: a deal's or a contact's own, a reservation's contact. */
function ownerTarget(ctx: StepContext): { kind: 'deal' | 'contact'; id: string | null } {
  if (ctx.kind === 'deal') return { kind: 'deal', id: ctx.recordId };
  if (ctx.kind === 'contact') return { kind: 'contact', id: ctx.recordId };
  return { kind: 'contact', id: str(ctx.record.contactId) };
}

/** Who a new deal is for: the contact or company itself, a deal's client and company, a reservation's contact. */
function dealParties(ctx: StepContext): { clientId?: string; companyId?: string } {
  const of = (clientId: string | null, companyId: string | null) => ({ ...(clientId ? { clientId } : {}), ...(companyId ? { companyId } : {}) });
  if (ctx.kind === 'contact') return of(ctx.recordId, str(ctx.record.companyId));
  if (ctx.kind === 'company') return of(null, ctx.recordId);
  if (ctx.kind === 'deal') return of(str(ctx.record.clientId), str(ctx.record.companyId));
  return of(str(ctx.record.contactId), null);
}

export function resolveStepInput(step: WorkflowStep, ctx: StepContext): Record<string, unknown> {
  switch (step.type) {
    case 'createTask':
      return {
        title: renderWorkflowText(step.title, ctx.recordName, 200, ctx.record),
        assigneeUserId: step.assigneeUserId ?? str(ctx.record.ownerUserId),
        dueDate: dayIn(new Date(ctx.now.getTime() + step.dueInDays * 86_400_000), ctx.timeZone),
      };
    case 'updateField':
      return { field: step.field, from: ctx.record[step.field] ?? null, to: step.value };
    case 'addTag':
    case 'removeTag':
      return { tagId: step.tagId, target: tagTarget(ctx) };
    case 'notify': {
      const owner = step.notifyOwner ? [str(ctx.record.ownerUserId)].filter((id): id is string => id !== null) : [];
      return { userIds: [...new Set([...step.userIds, ...owner])], message: renderWorkflowText(step.message, ctx.recordName, 200, ctx.record) };
    }
    case 'wait':
      return step.until ? waitUntil(step.until, ctx) : { hours: step.amount * (step.unit === 'days' ? 24 : 1) };
    case 'assignOwner':
      return { mode: step.mode, userIds: step.userIds, target: ownerTarget(ctx) };
    case 'createDeal':
      return { name: renderWorkflowText(step.name, ctx.recordName, 200, ctx.record), stage: step.stage ?? null, amount: step.amount ?? 0, ownerUserId: str(ctx.record.ownerUserId), ...dealParties(ctx) };
    case 'callWebhook':
      return { url: step.url };
    case 'sendLine':
      return { text: renderWorkflowText(step.text, ctx.recordName, 1000, ctx.record), ...(ctx.kind === 'message' ? { friendId: str(ctx.record.friendId) } : { contactId: tagTarget(ctx).id }) };
    case 'sendEmail':
      return { templateId: step.templateId, purpose: step.purpose, contactId: tagTarget(ctx).id };
    case 'branch':
      return { matched: conditionsHold(step.conditions, ctx.record), thenSteps: step.thenSteps };
  }
}

/**
 * "Wait until a date": the day (fixed, or the record's / payload's field, its first ten characters) at the time of day
 * in the workspace's zone. No day (an empty field) or a moment already past: no wait.
 */
function waitUntil(until: NonNullable<Extract<WorkflowStep, { type: 'wait' }>['until']>, ctx: StepContext): Record<string, unknown> {
  const raw = until.date ?? (until.field ? ctx.record[until.field] : undefined);
  const day = typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}/.test(raw) ? raw.slice(0, 10) : null;
  if (!day) return { until: ctx.now.toISOString(), skipped: 'noDate' };
  const at = instantAt(day, until.time, ctx.timeZone);
  return { until: (at > ctx.now ? at : ctx.now).toISOString(), day, time: until.time, timeZone: ctx.timeZone };
}

async function assertRecordVisible(db: Db, actor: Actor, kind: string, id: string): Promise<void> {
  if (kind === 'deal') await dealsService.assertAccessible(db, actor, id, 'view');
  else if (kind === 'contact') await contactsService.assertAccessible(db, actor, id, 'view');
  else if (kind === 'company') await companiesService.assertAccessible(db, actor, id, 'view');
}

/** What a step queues elsewhere (mail, LINE) is keyed by this: one per run, step and generation. */
export const stepSource = (runId: string, stepIndex: number, generation: number) => `workflow:${runId}:${stepIndex}:${generation}`;

/** Does one step inside the caller's transaction; answers its result. A wait is the runner's business. */
export interface StepRun {
  id: string;
  workflowId: string;
  workflowName: string;
  kind: string;
  recordId: string;
  record: Record<string, unknown>;
  stepIndex: number;
  generation: number;
  timeZone: string;
}

export async function performStep(tx: Db, actor: Actor, run: StepRun, step: WorkflowStep, input: Record<string, unknown>, options: StepOptions = {}): Promise<Record<string, unknown>> {
  switch (step.type) {
    case 'createTask': {
      assertCan(actor, 'calendar', 'create');
      await assertRecordVisible(tx, actor, run.kind, run.recordId);
      const assignee = String(input.assigneeUserId ?? actor.userId);
      const [member] = await membersService.findActivatedUserIds(tx, actor.orgId, [assignee]);
      if (!member) throw new AppError('VALIDATION_FAILED', { field: 'assigneeUserId', reason: 'invalidValue' });
      const day = String(input.dueDate);
      const links = run.kind === 'deal' ? { deal: run.recordId } : run.kind === 'contact' ? { client: { id: run.recordId } } : run.kind === 'company' ? { company: { id: run.recordId } } : {};
      const body = scheduleCreateBodySchema.parse({ title: input.title, startDate: day, endDate: day, fullDay: true, color: defaultScheduleColor, activity: [], imagesName: [], complete: false, ...links });
      const row = await schedulesService.insertSchedule(tx, actor.orgId, { ownerUserId: member, creatorUserId: actor.userId }, body);
      return { scheduleId: row.id };
    }
    case 'updateField': {
      if (run.kind !== 'deal') throw new AppError('VALIDATION_FAILED', { field: 'field', reason: 'invalidValue' });
      const raw = step.field === 'closingRate' ? Number(step.value) : step.value;
      const body = dealUpdateBodySchema.parse({ [step.field]: raw });
      await dealsService.updateDeal(tx, actor, run.recordId, body);
      return { dealId: run.recordId };
    }
    case 'addTag':
    case 'removeTag': {
      const target = input.target as { kind: 'contact' | 'company'; id: string | null };
      if (!target.id) return { skipped: 'noContact' };
      const changed = await tagsService.applyTags(tx, actor, target.kind === 'contact' ? 'customer' : 'company', { ids: [target.id], tagIds: [step.tagId], remove: step.type === 'removeTag' });
      return { changed };
    }
    case 'notify': {
      const userIds = await membersService.findActivatedUserIds(tx, actor.orgId, input.userIds as string[]);
      // The bell's notifications (access), one per member and run: the step's own transaction makes it once.
      for (const userId of userIds) {
        await notificationsService.notify(tx, actor.orgId, { userId, kind: 'workflow', subject: `workflow:${run.id}`, title: run.workflowName, body: String(input.message), link: recordLink(run.kind, run.recordId) });
      }
      return { notified: userIds };
    }
    case 'wait':
      return { until: typeof input.until === 'string' ? input.until : new Date(Date.now() + Number(input.hours) * 3_600_000).toISOString() };
    case 'assignOwner':
      return assignOwner(tx, actor, run, step);
    case 'createDeal': {
      const { stage, ownerUserId, ...rest } = input;
      // The record's owner when still a member, else the workflow's owner (whose rights create it).
      const [owner] = ownerUserId ? await membersService.findActivatedUserIds(tx, actor.orgId, [String(ownerUserId)]) : [];
      const body = dealCreateBodySchema.parse({ ...rest, ...(stage === null ? {} : { stage }), ownerUserId: owner ?? actor.userId, startDate: dayIn(new Date(), run.timeZone), estimatedEndDate: dayIn(new Date(Date.now() + 30 * 86_400_000), run.timeZone) });
      return dealsService.createDeal(tx, actor, body);
    }
    case 'callWebhook': {
      const body = JSON.stringify({ type: 'workflow.step', workflow: { id: run.workflowId, name: run.workflowName }, run: { id: run.id, step: run.stepIndex }, record: { kind: run.kind, id: run.recordId, ...run.record } });
      // The (run, step, generation) key: a retry after a crash mid-call sends the same id, which receivers drop.
      const id = `wfr_${run.id}_${run.stepIndex}_${run.generation}`;
      const sent = await sendWebhook({ url: step.url, secret: step.secret ?? '', id, body, blockPrivate: options.blockPrivate ?? true });
      if (sent.statusCode === null || sent.statusCode < 200 || sent.statusCode >= 300) throw new Error(`webhook ${sent.statusCode ?? ''} ${sent.error ?? ''}`.trim());
      return { statusCode: sent.statusCode, webhookId: id };
    }
    case 'sendLine': {
      // Keyed by (run, step, generation): a retry finds the push already queued (one row per source).
      const skipped = await queueWorkflowMessage(tx, actor.orgId, { contactId: str(input.contactId), friendId: str(input.friendId) }, stepSource(run.id, run.stepIndex, run.generation), String(input.text));
      return skipped ? { skipped } : { queued: true };
    }
    case 'sendEmail': {
      // Queued on mail's queue in this transaction, once per (run, step, generation); mail sends it (mailboxes.sends.ts).
      if (!input.contactId) return { skipped: 'noContact' };
      assertCan(actor, 'contact', 'view');
      return queueTemplateMail(tx, actor, { templateId: step.templateId, contactId: String(input.contactId), source: stepSource(run.id, run.stepIndex, run.generation), marketing: step.purpose !== 'service' });
    }
    case 'branch':
      return { matched: input.matched === true };
  }
}

/**
 * The run's record with the links made after its trigger: a reservation is inserted first and linked to its contact
 * by the same transaction's next statement, so the created event's record has no contact yet.
 */
export async function withCurrentLinks(db: Db, orgId: string, kind: string, recordId: string, record: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (kind !== 'reservation' || record.contactId) return record;
  const contactId = await scans.reservationContact(db, orgId, recordId);
  return contactId ? { ...record, contactId } : record;
}

/** Picks the member (fixed, next in turn, fewest open deals or contacts) and transfers with the owner's transfer right. */
async function assignOwner(tx: Db, actor: Actor, run: StepRun, step: Extract<WorkflowStep, { type: 'assignOwner' }>): Promise<Record<string, unknown>> {
  const target = ownerTarget({ kind: run.kind, recordId: run.recordId, record: run.record, recordName: '', now: new Date(), timeZone: run.timeZone });
  if (!target.id) return { skipped: 'noContact' };
  const active = new Set(await membersService.findActivatedUserIds(tx, actor.orgId, step.userIds));
  const members = step.userIds.filter((id) => active.has(id));
  if (members.length === 0) throw new AppError('VALIDATION_FAILED', { field: 'userIds', reason: 'invalidValue' });
  let chosen = members[0]!;
  if (step.mode === 'roundRobin') chosen = members[((await repository.stepSuccesses(tx, run.workflowId, run.stepIndex)) - 1) % members.length]!;
  if (step.mode === 'leastLoaded') {
    const loads = await scans.ownerLoads(tx, actor.orgId, target.kind, members);
    chosen = members.reduce((best, id) => ((loads.get(id) ?? 0) < (loads.get(best) ?? 0) ? id : best), members[0]!);
  }
  if (target.kind === 'deal') await dealsService.transferDeal(tx, actor, target.id, chosen);
  else await contactsService.transferContacts(tx, actor, [target.id], chosen);
  return { ownerUserId: chosen, target };
}

/** Where a notification's line leads, under the workspace (the web's routes; a schedule opens the calendar). */
function recordLink(kind: string, id: string): string {
  const pages: Record<string, string> = { schedule: 'calendar', reservation: 'business/appointments', message: 'social/line', workflow: 'workflows', webhook: 'workflows' };
  return pages[kind] ?? `${kind}/detail/${id}`;
}
