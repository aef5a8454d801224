import { addDays, daysFromTo, rruleToRepeat, scheduleCreateBodySchema, scheduleUpdateBodySchema, type ScheduleCreateInput } from '@lodestar/contract';
import type { Db } from '../../db/client.ts';
import * as schedulesService from '../schedules/schedules.service.ts';
import type { ScheduleRow } from '../schedules/schedules.service.ts';
import type { FeedSchedule } from './calendar-sync.ics.ts';
import type { SyncEvent } from './calendar-sync.providers.ts';

/**
 * The one place sync meets schedules: everything goes through the schedules service (its rules,
 * instants and exceptions), so a pulled change is saved exactly like one made in the drawer, with
 * origin 'sync'. No privilege checks here: an account only ever touches its own user's schedules.
 */

export interface ScheduleForSync {
  id: string;
  ownerId: string;
  event: SyncEvent;
}

const clock = (time: string | null) => (time ? time.slice(0, 5) : null);

function eventOf(row: ScheduleRow, cancelledDates: string[]): SyncEvent {
  return {
    title: row.title,
    note: row.taskNote,
    location: row.address,
    allDay: row.fullDay,
    startDate: row.startDate,
    startTime: row.fullDay ? null : clock(row.startTime),
    endDate: row.endDate,
    endTime: row.fullDay ? null : clock(row.endTime),
    timeZone: row.timezone,
    rrule: row.rrule,
    cancelledDates: row.rrule ? [...cancelledDates].sort() : [],
  };
}

export async function readScheduleForSync(db: Db, orgId: string, scheduleId: string): Promise<ScheduleForSync | undefined> {
  const row = await schedulesService.findScheduleRow(db, orgId, scheduleId);
  if (!row) return undefined;
  const exceptions = row.rrule ? await schedulesService.listExceptions(db, orgId, [row.id]) : [];
  return { id: row.id, ownerId: row.ownerUserId, event: eventOf(row, exceptions.filter((e) => e.cancelled).map((e) => e.occurrenceDate)) };
}

export async function listOwnScheduleIds(db: Db, orgId: string, userId: string): Promise<string[]> {
  return (await schedulesService.listSchedulesOfUser(db, orgId, userId)).map((row) => row.id);
}

/** The drawer's fields for an event (title cut to the schedule limit; an untitled event gets a dash). */
function drawerFields(event: SyncEvent): ScheduleCreateInput {
  const repeat = rruleToRepeat(event.rrule);
  return {
    title: (event.title.trim() || '—').slice(0, 200),
    startDate: event.startDate,
    startDateTime: event.allDay ? null : event.startTime,
    endDate: event.endDate < event.startDate ? event.startDate : event.endDate,
    endDateTime: event.allDay ? null : event.endTime,
    fullDay: event.allDay,
    ...repeat,
    address: event.location?.slice(0, 500) ?? null,
    taskNote: event.note?.slice(0, 10_000) ?? null,
    timezone: event.timeZone,
  };
}

async function cancelOccurrences(db: Db, orgId: string, scheduleId: string, dates: string[]): Promise<void> {
  for (const date of dates) {
    try {
      await schedulesService.removeSchedule(db, orgId, null, scheduleId, 'this', date, 'sync');
    } catch {
      // Not an occurrence of the rule as we store it (e.g. an EXDATE outside the series): nothing to cancel.
    }
  }
}

/** A schedule for a provider event; undefined when the event cannot be a schedule (the pull skips it). */
export async function createScheduleFromEvent(db: Db, orgId: string, userId: string, event: SyncEvent): Promise<string | undefined> {
  const parsed = scheduleCreateBodySchema.safeParse(drawerFields(event));
  if (!parsed.success) return undefined;
  const row = await schedulesService.insertSchedule(db, orgId, { ownerUserId: userId, creatorUserId: null }, parsed.data, { rrule: event.rrule, origin: 'sync' });
  if (event.rrule) await cancelOccurrences(db, orgId, row.id, event.cancelledDates);
  return row.id;
}

const sameEvent = (a: SyncEvent, b: SyncEvent) => JSON.stringify(a) === JSON.stringify(b);

/** Answers false when the schedule is gone (or no longer the account owner's). */
export async function updateScheduleFromEvent(db: Db, orgId: string, userId: string, scheduleId: string, event: SyncEvent): Promise<boolean> {
  const current = await readScheduleForSync(db, orgId, scheduleId);
  if (!current || current.ownerId !== userId) return false;
  const incoming = { ...event, cancelledDates: [...event.cancelledDates].sort() };
  // Unchanged (e.g. our own push reported back): no write, no new push.
  if (sameEvent(current.event, incoming)) return true;
  const { cancelledDates, ...series } = incoming;
  const { cancelledDates: currentCancelled, ...currentSeries } = current.event;
  if (!sameEvent(currentSeries as SyncEvent, series as SyncEvent)) {
    const row = (await schedulesService.findScheduleRow(db, orgId, scheduleId))!;
    const parsed = scheduleUpdateBodySchema.safeParse({
      ...drawerFields(incoming),
      // What the provider does not know stays as it was.
      category: row.category,
      color: row.color,
      notice: row.notice,
      deal: row.dealId,
      company: row.companyId ? { id: row.companyId } : null,
      client: row.clientId ? { id: row.clientId } : null,
      activity: row.activityItemIds,
      complete: row.completed,
      scope: 'all',
    });
    if (!parsed.success) return true;
    await schedulesService.editSchedule(db, orgId, null, scheduleId, parsed.data, { origin: 'sync' });
  }
  const after = await readScheduleForSync(db, orgId, scheduleId);
  const already = new Set(after?.event.cancelledDates ?? currentCancelled);
  await cancelOccurrences(db, orgId, scheduleId, cancelledDates.filter((date) => !already.has(date)));
  return true;
}

export async function deleteScheduleFromEvent(db: Db, orgId: string, userId: string, scheduleId: string): Promise<void> {
  const row = await schedulesService.findScheduleRow(db, orgId, scheduleId);
  if (!row || row.ownerUserId !== userId) return;
  await schedulesService.removeSchedule(db, orgId, null, scheduleId, 'all', undefined, 'sync');
}

/** The user's schedules with their cancelled and moved occurrences, for the ICS feed. */
export async function listFeedSchedules(db: Db, orgId: string, userId: string): Promise<FeedSchedule[]> {
  const rows = await schedulesService.listSchedulesOfUser(db, orgId, userId);
  const exceptions = await schedulesService.listExceptions(db, orgId, rows.filter((row) => row.rrule).map((row) => row.id));
  return rows.map((row) => {
    const own = exceptions.filter((e) => e.scheduleId === row.id);
    const event = eventOf(row, own.filter((e) => e.cancelled).map((e) => e.occurrenceDate));
    const moved = own
      .filter((e) => !e.cancelled && (e.startDate !== null || e.overrides.title !== undefined))
      .map((e) => {
        const fullDay = e.fullDay ?? row.fullDay;
        const startDate = e.startDate ?? e.occurrenceDate;
        return {
          occurrenceDate: e.occurrenceDate,
          event: {
            ...event,
            title: e.overrides.title ?? row.title,
            note: e.overrides.taskNote !== undefined ? e.overrides.taskNote : row.taskNote,
            location: e.overrides.address !== undefined ? e.overrides.address : row.address,
            allDay: fullDay,
            startDate,
            startTime: fullDay ? null : clock(e.startTime ?? row.startTime),
            endDate: e.endDate ?? addDays(startDate, daysFromTo(row.startDate, row.endDate)),
            endTime: fullDay ? null : clock(e.endTime ?? row.endTime),
          },
        };
      });
    return { id: row.id, updatedAt: row.updatedAt, event, moved };
  });
}
