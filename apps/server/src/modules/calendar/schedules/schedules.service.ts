import {
  addDays,
  daysFromTo,
  defaultTimezone,
  planScopeChange,
  repeatToRrule,
  rruleEndingBefore,
  rruleFromOccurrence,
  rruleToRepeat,
  scheduleCreateBodySchema,
  scheduleUpdateBodySchema,
  shiftedSeriesStart,
  type ScheduleCreateBody,
  type ScheduleDeleteQuery,
  type ScheduleScope,
  type ScheduleUpdateBody,
} from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError, fieldError, parseOrFail } from '../../../platform/errors.ts';
import { saveImage, type Upload } from '../../access/files/files.ts';
import * as activityItemsService from '../activity-items/activity-items.service.ts';
import { assertCan, type Actor } from '../../access/privileges/access-core.ts';
import * as timelineService from '../../access/timeline/timeline.service.ts';
import { instantsOf, occurrenceOn, occurrencesBefore, seriesBounds } from './schedules.recurrence.ts';
import * as schedulesRepository from './schedules.repository.ts';
import type { OccurrenceOverrides, ScheduleRow } from './schedules.repository.ts';
import { assertOccurrence, loadEditable } from './schedules.access.ts';
import { earnPoints, settlePoints } from './schedules.completion.ts';
import { afterScheduleWrite, type ScheduleChange } from './schedules.listeners.ts';
import { columnsOf, sameTiming, seriesOf, timingOf, trackedKeys } from './schedules.timing.ts';

/*
 * Tasks and schedules (docs/product.md#fields, #states, #validation, #api). Privileges: the calendar feature; its scope decides whose
 * schedules one sees (the owner column), view/create/edit/delete the methods. Another workspace's id → 404.
 *
 * This file holds the writes and is the module's entry point: the calendar feed (schedules.events.ts), one schedule
 * (schedules.detail.ts), completion and drag and drop (schedules.completion.ts), search, reminders and the viewer
 * (schedules.reminders.ts) are re-exported from here, so callers keep importing schedules.service.ts.
 */

export type { ScheduleRow };
export type { ScheduleCreateBody, ScheduleUpdateBody } from '@lodestar/contract';
export type { ScheduleChange } from './schedules.listeners.ts';
export { onScheduleWrite } from './schedules.listeners.ts';
export { assertAccessible } from './schedules.access.ts';
export {
  calendarEvents,
  exceptionReadOf,
  findScheduleRow,
  instantWindow,
  listExceptions,
  listSchedulesOfUser,
  monthRange,
  occurrencesOfUser,
  registerCalendarSource,
  type CalendarSource,
} from './schedules.events.ts';
export { getSchedule } from './schedules.detail.ts';
export { changeScheduleDate, completeSchedule } from './schedules.completion.ts';
export { dueReminders, savePickedUsers, searchTasks, viewer } from './schedules.reminders.ts';
/** Import and export (modules/imports). */
export * as scheduleTransfer from './schedules.transfer.ts';

// ---- writing ----

/** Client, company, deal and activity items must be live records of the workspace: 400 naming the field. */
async function checkReferences(db: Db, orgId: string, input: Pick<ScheduleCreateBody, 'company' | 'client' | 'deal' | 'activity'>): Promise<void> {
  const companyId = input.company?.id;
  const clientId = input.client?.id;
  const dealId = input.deal ?? undefined;
  const names = await schedulesRepository.linkNames(db, orgId, {
    companyIds: companyId ? [companyId] : [],
    clientIds: clientId ? [clientId] : [],
    dealIds: dealId ? [dealId] : [],
  });
  if (companyId && !names.companies.has(companyId)) throw fieldError('company', 'invalidValue');
  if (clientId && !names.clients.has(clientId)) throw fieldError('client', 'invalidValue');
  if (dealId && !names.deals.has(dealId)) throw fieldError('deal', 'invalidValue');
  await activityItemsService.assertItems(db, orgId, input.activity, 'activity');
}

async function saveImages(db: Db, orgId: string, dataDir: string, uploads: Upload[], names: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, upload] of uploads.entries()) {
    ids.push(await saveImage(db, dataDir, orgId, { ...upload, field: 'images', filename: names[i]?.trim() || upload.filename }));
  }
  return ids;
}

export interface ScheduleFiles {
  uploads: Upload[];
  dataDir: string;
}

/**
 * Creates a schedule for `ownerUserId` without privilege checks (the caller has checked): the drawer, calendar
 * sync pulling a provider event. Completion of a non-repeating schedule earns its items' points.
 */
export async function insertSchedule(
  db: Db,
  orgId: string,
  owner: { ownerUserId: string; creatorUserId: string | null },
  input: ScheduleCreateBody,
  extra: { imageFileIds?: string[]; rrule?: string | null; origin?: ScheduleChange['origin'] } = {},
): Promise<ScheduleRow> {
  await checkReferences(db, orgId, input);
  const timezone = input.timezone ?? defaultTimezone;
  const rrule = extra.rrule !== undefined ? extra.rrule : repeatToRrule(input);
  const completed = !rrule && input.complete;
  const row = await db.transaction(async (tx) => {
    const inserted = await schedulesRepository.insertSchedule(tx, orgId, {
      ...columnsOf(input, timezone, rrule, timingOf(input)),
      ownerUserId: owner.ownerUserId,
      creatorUserId: owner.creatorUserId,
      imageFileIds: extra.imageFileIds ?? [],
      completed,
      completedAt: completed ? new Date() : null,
    });
    if (completed) await earnPoints(tx, inserted, inserted.startDate, inserted.startDate, inserted.activityItemIds);
    if (owner.creatorUserId) await timelineService.record(tx, orgId, owner.creatorUserId, 'schedule', [inserted.id], 'create');
    return inserted;
  });
  await afterScheduleWrite(db, { orgId, ownerUserId: row.ownerUserId, scheduleIds: [row.id], kind: 'created', origin: extra.origin ?? 'user' });
  return row;
}

/** POST /api/task (multipart). */
export async function createSchedule(db: Db, actor: Actor, rawBody: unknown, files: ScheduleFiles): Promise<{ id: string }> {
  assertCan(actor, 'calendar', 'create');
  const input = parseOrFail(scheduleCreateBodySchema, rawBody);
  await checkReferences(db, actor.orgId, input);
  const imageFileIds = await saveImages(db, actor.orgId, files.dataDir, files.uploads, input.imagesName);
  const row = await insertSchedule(db, actor.orgId, { ownerUserId: actor.userId, creatorUserId: actor.userId }, input, { imageFileIds });
  return { id: row.id };
}


function overridesOf(row: ScheduleRow, input: ScheduleUpdateBody): OccurrenceOverrides {
  const next = columnsOf(input, row.timezone, row.rrule, timingOf(input));
  const overrides: OccurrenceOverrides = {};
  if (next.title !== row.title) overrides.title = next.title;
  if (next.category !== row.category) overrides.category = next.category;
  if (next.color !== row.color) overrides.color = next.color;
  if (next.address !== row.address) overrides.address = next.address;
  if (next.taskNote !== row.taskNote) overrides.taskNote = next.taskNote;
  if (next.notice !== row.notice) overrides.notice = next.notice;
  if (next.dealId !== row.dealId) overrides.dealId = next.dealId;
  if (next.companyId !== row.companyId) overrides.companyId = next.companyId;
  if (next.clientId !== row.clientId) overrides.clientId = next.clientId;
  if ([...next.activityItemIds].sort().join() !== [...row.activityItemIds].sort().join()) overrides.activityItemIds = next.activityItemIds;
  return overrides;
}

/** The repeat the drawer sent, as the stored rule: unchanged repeat fields keep the stored rule (a synced BYDAY…). */
function ruleFromInput(row: ScheduleRow, input: ScheduleUpdateBody): string | null {
  const stored = rruleToRepeat(row.rrule);
  const sent = { repeatBy: input.repeatBy, repeatDuring: input.repeatBy === 'none' ? 'forever' : input.repeatDuring, repeatDuringVal: input.repeatDuringVal ?? null };
  const same =
    stored.repeatBy === sent.repeatBy &&
    (sent.repeatBy === 'none' || (stored.repeatDuring === sent.repeatDuring && (stored.repeatDuringVal ?? null) === (sent.repeatDuring === 'forever' ? null : sent.repeatDuringVal)));
  return same ? row.rrule : repeatToRrule(input);
}

/**
 * Applies a drawer edit to a schedule with a scope, without privilege checks. Answers the id of the schedule that
 * now holds the edited occurrence (a new series after a "this and following" split).
 */
export async function editSchedule(
  db: Db,
  orgId: string,
  actorUserId: string | null,
  id: string,
  input: ScheduleUpdateBody,
  extra: { newImageFileIds?: string[]; origin?: ScheduleChange['origin'] } = {},
): Promise<{ id: string }> {
  await checkReferences(db, orgId, input);
  const existing = await schedulesRepository.findSchedule(db, orgId, id);
  if (!existing) throw new AppError('NOT_FOUND');
  const isRecurring = existing.rrule !== null;
  const occurrenceDate = isRecurring && input.scope !== 'all' ? assertOccurrence(existing, input.occurrenceDate) : input.occurrenceDate;
  if (isRecurring && occurrenceDate && input.scope === 'all') assertOccurrence(existing, occurrenceDate);
  const plan = planScopeChange(input.scope, { isRecurring, isFirstOccurrence: occurrenceDate === existing.startDate });
  const images = [...existing.imageFileIds.filter((f) => !input.removeImageIds.includes(f)), ...(extra.newImageFileIds ?? [])];
  const timing = timingOf(input);

  const result = await db.transaction(async (tx) => {
    const row = (await schedulesRepository.lockSchedule(tx, orgId, id))!;
    if (plan === 'occurrence') {
      const date = occurrenceDate!;
      const ruleOccurrence = occurrenceOn(seriesOf(row), date);
      const moved = !sameTiming(ruleOccurrence, timing);
      const instants = instantsOf(timing, row.timezone);
      const before = await schedulesRepository.findException(tx, orgId, row.id, date);
      const completed = input.complete ?? before?.completed ?? false;
      await schedulesRepository.upsertException(tx, orgId, row.id, date, {
        overrides: overridesOf(row, input),
        completed,
        completedAt: completed ? (before?.completedAt ?? new Date()) : null,
        ...(moved
          ? { ...timing, startsAt: instants.start, endsAt: instants.end }
          : { startDate: null, startTime: null, endDate: null, endTime: null, fullDay: null, startsAt: null, endsAt: null }),
      });
      await settlePoints(tx, row, date, completed, timing.startDate, overridesOf(row, input).activityItemIds ?? row.activityItemIds);
      await schedulesRepository.updateSchedule(tx, orgId, row.id, { imageFileIds: images });
      if (actorUserId) await timelineService.record(tx, orgId, actorUserId, 'schedule', [row.id], 'update', { occurrence: [null, date] });
      return { id: row.id, kind: 'updated' as const, ids: [row.id] };
    }

    const rrule = ruleFromInput(row, input);
    if (plan === 'split') {
      const date = occurrenceDate!;
      const before = occurrencesBefore(seriesOf(row), date);
      const oldRule = rruleEndingBefore(row.rrule!, date);
      await schedulesRepository.updateSchedule(tx, orgId, row.id, { rrule: oldRule, ...seriesBounds({ ...seriesOf(row), rrule: oldRule }) });
      await schedulesRepository.deleteExceptions(tx, orgId, row.id, date);
      await activityItemsService.clearCompletion(tx, orgId, [row.id], { from: date });
      const newRule = rrule === row.rrule ? rruleFromOccurrence(row.rrule!, before) : rrule;
      const inserted = await schedulesRepository.insertSchedule(tx, orgId, {
        ...columnsOf(input, row.timezone, newRule, timing),
        ownerUserId: row.ownerUserId,
        creatorUserId: actorUserId,
        imageFileIds: images,
        completed: !newRule && Boolean(input.complete),
        completedAt: !newRule && input.complete ? new Date() : null,
      });
      if (actorUserId) {
        await timelineService.record(tx, orgId, actorUserId, 'schedule', [row.id], 'update', { rrule: [row.rrule, oldRule] });
        await timelineService.record(tx, orgId, actorUserId, 'schedule', [inserted.id], 'create');
      }
      return { id: inserted.id, kind: 'updated' as const, ids: [row.id, inserted.id] };
    }

    // The whole series. An edit made from a later occurrence moves the series start by the same number of days.
    let seriesTiming = timing;
    if (isRecurring && occurrenceDate && occurrenceDate !== row.startDate) {
      const startDate = shiftedSeriesStart(row.startDate, occurrenceDate, timing.startDate);
      seriesTiming = { ...timing, startDate, endDate: addDays(startDate, daysFromTo(timing.startDate, timing.endDate)) };
    }
    const shifted = daysFromTo(row.startDate, seriesTiming.startDate) !== 0 || rrule !== row.rrule;
    if (row.rrule && shifted) {
      // Occurrence keys (original dates) no longer match the rule: exceptions and their points go.
      await schedulesRepository.deleteExceptions(tx, orgId, row.id);
      await activityItemsService.clearCompletion(tx, orgId, [row.id]);
    }
    const completed = !rrule && (input.complete ?? row.completed);
    const columns = columnsOf(input, row.timezone, rrule, seriesTiming);
    const updated = (await schedulesRepository.updateSchedule(tx, orgId, row.id, {
      ...columns,
      imageFileIds: images,
      completed,
      completedAt: completed ? (row.completedAt ?? new Date()) : null,
    }))!;
    if (!rrule || !row.rrule) {
      // A single schedule's points are keyed by its start date, which may have changed: settle from scratch.
      await activityItemsService.clearCompletion(tx, orgId, [row.id]);
      if (completed) await earnPoints(tx, updated, updated.startDate, updated.startDate, updated.activityItemIds);
    }
    if (actorUserId) {
      const changes = timelineService.diff(row as unknown as Record<string, unknown>, updated as unknown as Record<string, unknown>, trackedKeys);
      if (Object.keys(changes).length) await timelineService.record(tx, orgId, actorUserId, 'schedule', [row.id], 'update', changes);
    }
    return { id: row.id, kind: 'updated' as const, ids: [row.id] };
  });
  await afterScheduleWrite(db, { orgId, ownerUserId: existing.ownerUserId, scheduleIds: result.ids, kind: result.kind, origin: extra.origin ?? 'user' });
  return { id: result.id };
}

export async function updateSchedule(db: Db, actor: Actor, id: string, rawBody: unknown, files: ScheduleFiles): Promise<{ id: string }> {
  await loadEditable(db, actor, id);
  const input = parseOrFail(scheduleUpdateBodySchema, rawBody);
  await checkReferences(db, actor.orgId, input);
  const newImageFileIds = await saveImages(db, actor.orgId, files.dataDir, files.uploads, input.imagesName);
  return editSchedule(db, actor.orgId, actor.userId, id, input, { newImageFileIds });
}

/** Deletes with a scope, without privilege checks (calendar sync uses it for provider deletions). */
export async function removeSchedule(
  db: Db,
  orgId: string,
  actorUserId: string | null,
  id: string,
  scope: ScheduleScope,
  occurrenceDate?: string,
  origin: ScheduleChange['origin'] = 'user',
): Promise<void> {
  const row = await schedulesRepository.findSchedule(db, orgId, id);
  if (!row) throw new AppError('NOT_FOUND');
  const isRecurring = row.rrule !== null;
  const date = isRecurring && scope !== 'all' ? assertOccurrence(row, occurrenceDate) : undefined;
  const plan = planScopeChange(scope, { isRecurring, isFirstOccurrence: date === row.startDate });
  let kind: ScheduleChange['kind'] = 'updated';
  await db.transaction(async (tx) => {
    if (plan === 'occurrence') {
      await schedulesRepository.upsertException(tx, orgId, row.id, date!, { cancelled: true, completed: false, completedAt: null });
      await activityItemsService.clearCompletion(tx, orgId, [row.id], { date: date! });
      if (actorUserId) await timelineService.record(tx, orgId, actorUserId, 'schedule', [row.id], 'delete', { occurrence: [date, null] });
    } else if (plan === 'split') {
      const rule = rruleEndingBefore(row.rrule!, date!);
      await schedulesRepository.updateSchedule(tx, orgId, row.id, { rrule: rule, ...seriesBounds({ ...seriesOf(row), rrule: rule }) });
      await schedulesRepository.deleteExceptions(tx, orgId, row.id, date);
      await activityItemsService.clearCompletion(tx, orgId, [row.id], { from: date! });
      if (actorUserId) await timelineService.record(tx, orgId, actorUserId, 'schedule', [row.id], 'update', { rrule: [row.rrule, rule] });
    } else {
      kind = 'deleted';
      await activityItemsService.clearCompletion(tx, orgId, [row.id]);
      await schedulesRepository.deleteSchedules(tx, orgId, [row.id]);
      await timelineService.forget(tx, orgId, 'schedule', [row.id]);
    }
  });
  await afterScheduleWrite(db, { orgId, ownerUserId: row.ownerUserId, scheduleIds: [row.id], kind, origin });
}

/** DELETE /api/task/{id}/delete?type= */
export async function deleteSchedule(db: Db, actor: Actor, id: string, query: ScheduleDeleteQuery): Promise<void> {
  await loadEditable(db, actor, id, 'delete');
  await removeSchedule(db, actor.orgId, actor.userId, id, query.type, query.occurrenceDate);
}
