import { dealUpdateBodySchema, defaultScheduleColor, defaultTimezone, renderWorkflowText, scheduleCreateBodySchema, type WorkflowStep } from '@lodestar/contract';
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
}

// A task's day in the schedules' time zone (Taipei by default), as the calendar shows it.
const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: defaultTimezone, year: 'numeric', month: '2-digit', day: '2-digit' });
const dayOf = (date: Date) => dayFormat.format(date);
const str = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** The record a tag step changes: the contact or company itself, a deal's client contact. */
function tagTarget(ctx: StepContext): { kind: 'contact' | 'company'; id: string | null } {
  if (ctx.kind === 'company') return { kind: 'company', id: ctx.recordId };
  if (ctx.kind === 'contact') return { kind: 'contact', id: ctx.recordId };
  return { kind: 'contact', id: str(ctx.record.clientId) };
}

export function resolveStepInput(step: WorkflowStep, ctx: StepContext): Record<string, unknown> {
  switch (step.type) {
    case 'createTask':
      return {
        title: renderWorkflowText(step.title, ctx.recordName),
        assigneeUserId: step.assigneeUserId ?? str(ctx.record.ownerUserId),
        dueDate: dayOf(new Date(ctx.now.getTime() + step.dueInDays * 86_400_000)),
      };
    case 'updateField':
      return { field: step.field, from: ctx.record[step.field] ?? null, to: step.value };
    case 'addTag':
    case 'removeTag':
      return { tagId: step.tagId, target: tagTarget(ctx) };
    case 'notify': {
      const owner = step.notifyOwner ? [str(ctx.record.ownerUserId)].filter((id): id is string => id !== null) : [];
      return { userIds: [...new Set([...step.userIds, ...owner])], message: renderWorkflowText(step.message, ctx.recordName) };
    }
    case 'wait':
      return { hours: step.amount * (step.unit === 'days' ? 24 : 1) };
  }
}

async function assertRecordVisible(db: Db, actor: Actor, kind: string, id: string): Promise<void> {
  if (kind === 'deal') await dealsService.assertAccessible(db, actor, id, 'view');
  else if (kind === 'contact') await contactsService.assertAccessible(db, actor, id, 'view');
  else if (kind === 'company') await companiesService.assertAccessible(db, actor, id, 'view');
}

/** Does one step inside the caller's transaction; answers its result. A wait is the runner's business. */
export async function performStep(
  tx: Db,
  actor: Actor,
  run: { id: string; workflowName: string; kind: string; recordId: string },
  step: WorkflowStep,
  input: Record<string, unknown>,
): Promise<Record<string, unknown>> {
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
      return { until: new Date(Date.now() + Number(input.hours) * 3_600_000).toISOString() };
  }
}

/** Where a notification's line leads, under the workspace (the web's record routes; a schedule opens the calendar). */
function recordLink(kind: string, id: string): string {
  return kind === 'schedule' ? 'calendar' : `${kind}/detail/${id}`;
}
