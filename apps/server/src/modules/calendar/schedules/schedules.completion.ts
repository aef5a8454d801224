import { type CalendarEvent, type ChangeScheduleDateBody, type ScheduleCompleteBody } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import * as activityItemsService from '../activity-items/activity-items.service.ts';
import { type Actor } from '../../access/privileges/access-core.ts';
import * as timelineService from '../../access/timeline/timeline.service.ts';
import { instantsOf, occurrenceOn, seriesBounds } from './schedules.recurrence.ts';
import * as schedulesRepository from './schedules.repository.ts';
import type { ScheduleRow } from './schedules.repository.ts';
import { assertOccurrence, loadEditable } from './schedules.access.ts';
import { eventOf } from './schedules.events.ts';
import { afterScheduleWrite } from './schedules.listeners.ts';
import { effectiveOccurrence, seriesOf, timingOf, trackedKeys } from './schedules.timing.ts';

export function earnPoints(db: Db, row: ScheduleRow, occurrenceDate: string, earnedOn: string, itemIds: string[]): Promise<void> {
  return activityItemsService.recordCompletion(db, row.orgId, { userId: row.ownerUserId, scheduleId: row.id, occurrenceDate, earnedOn, itemIds });
}


/** Points follow completion: re-earned with the current items when completed, taken back otherwise. */
export async function settlePoints(db: Db, row: ScheduleRow, occurrenceDate: string, completed: boolean, earnedOn: string, itemIds: string[]): Promise<void> {
  await activityItemsService.clearCompletion(db, row.orgId, [row.id], { date: occurrenceDate });
  if (completed) await earnPoints(db, row, occurrenceDate, earnedOn, itemIds);
}


export async function completeSchedule(db: Db, actor: Actor, id: string, input: ScheduleCompleteBody): Promise<CalendarEvent> {
  const existing = await loadEditable(db, actor, id);
  const date = existing.rrule ? assertOccurrence(existing, input.occurrenceDate) : existing.startDate;
  const row = await db.transaction(async (tx) => {
    const row = (await schedulesRepository.lockSchedule(tx, actor.orgId, id))!;
    if (row.rrule) {
      const exception = await schedulesRepository.findException(tx, actor.orgId, row.id, date);
      if (exception?.cancelled) throw new AppError('NOT_FOUND');
      const completed = input.complete ?? !exception?.completed;
      await schedulesRepository.upsertException(tx, actor.orgId, row.id, date, { completed, completedAt: completed ? new Date() : null });
      const current = effectiveOccurrence(row, occurrenceOn(seriesOf(row), date), exception);
      await settlePoints(tx, row, date, completed, current.startDate, exception?.overrides.activityItemIds ?? row.activityItemIds);
      await timelineService.record(tx, actor.orgId, actor.userId, 'schedule', [row.id], 'update', { completed: [!completed, completed], occurrence: [null, date] });
      return row;
    }
    const completed = input.complete ?? !row.completed;
    const updated = (await schedulesRepository.updateSchedule(tx, actor.orgId, row.id, { completed, completedAt: completed ? new Date() : null }))!;
    await settlePoints(tx, updated, date, completed, updated.startDate, updated.activityItemIds);
    if (completed !== row.completed) await timelineService.record(tx, actor.orgId, actor.userId, 'schedule', [row.id], 'update', { completed: [row.completed, completed] });
    return updated;
  });
  await afterScheduleWrite(db, { orgId: actor.orgId, ownerUserId: row.ownerUserId, scheduleIds: [row.id], kind: 'updated', origin: 'user' });
  return eventOf(db, actor, row, date);
}

/**
 * POST /api/schedule/changeScheduleDate (drag): one occurrence of a repeating schedule becomes a moved exception;
 * a non-repeating schedule moves whole.
 */
export async function changeScheduleDate(db: Db, actor: Actor, input: ChangeScheduleDateBody): Promise<CalendarEvent> {
  const existing = await loadEditable(db, actor, input.id);
  const timing = timingOf(input);
  const date = existing.rrule ? assertOccurrence(existing, input.occurrenceDate) : timing.startDate;
  const row = await db.transaction(async (tx) => {
    const row = (await schedulesRepository.lockSchedule(tx, actor.orgId, input.id))!;
    if (row.rrule) {
      const instants = instantsOf(timing, row.timezone);
      const before = await schedulesRepository.findException(tx, actor.orgId, row.id, date);
      if (before?.cancelled) throw new AppError('NOT_FOUND');
      await schedulesRepository.upsertException(tx, actor.orgId, row.id, date, { ...timing, startsAt: instants.start, endsAt: instants.end });
      await timelineService.record(tx, actor.orgId, actor.userId, 'schedule', [row.id], 'update', {
        occurrence: [date, `${timing.startDate} ${timing.startTime ?? ''}`.trim()],
      });
      return row;
    }
    const updated = (await schedulesRepository.updateSchedule(tx, actor.orgId, row.id, {
      ...timing,
      ...seriesBounds({ ...timing, timezone: row.timezone, rrule: null }),
    }))!;
    await schedulesRepository.deleteExceptions(tx, actor.orgId, row.id);
    await activityItemsService.clearCompletion(tx, actor.orgId, [row.id]);
    if (updated.completed) await earnPoints(tx, updated, updated.startDate, updated.startDate, updated.activityItemIds);
    const changes = timelineService.diff(row as unknown as Record<string, unknown>, updated as unknown as Record<string, unknown>, trackedKeys);
    if (Object.keys(changes).length) await timelineService.record(tx, actor.orgId, actor.userId, 'schedule', [row.id], 'update', changes);
    return updated;
  });
  await afterScheduleWrite(db, { orgId: actor.orgId, ownerUserId: row.ownerUserId, scheduleIds: [row.id], kind: 'updated', origin: 'user' });
  return eventOf(db, actor, row, date);
}
