import { addDays, daysFromTo, rruleToRepeat, scheduleCreateBodySchema, scheduleUpdateBodySchema, type ScheduleCreateInput } from '@lodestar/contract';
import type { Db } from '../../db/client.ts';
import * as schedulesService from '../schedules/schedules.service.ts';
import type { ScheduleRow } from '../schedules/schedules.service.ts';

type ExceptionRow = Awaited<ReturnType<typeof schedulesService.listExceptions>>[number];
import type { FeedSchedule } from './calendar-sync.ics.ts';
import type { MovedOccurrence, SyncEvent } from './calendar-sync.providers.ts';

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

function movedOf(row: ScheduleRow, exception: ExceptionRow): MovedOccurrence | null {
  if (exception.cancelled || exception.startDate === null) return null;
  const allDay = exception.fullDay ?? row.fullDay;
  return {
    occurrenceDate: exception.occurrenceDate,
    allDay,
    startDate: exception.startDate,
    startTime: allDay ? null : clock(exception.startTime),
    endDate: exception.endDate ?? exception.startDate,
    endTime: allDay ? null : clock(exception.endTime),
  };
}

function eventOf(row: ScheduleRow, exceptions: ExceptionRow[]): SyncEvent {
  const own = row.rrule ? exceptions.filter((e) => e.scheduleId === row.id) : [];
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
    cancelledDates: own.filter((e) => e.cancelled).map((e) => e.occurrenceDate).sort(),
    moved: own.flatMap((e) => movedOf(row, e) ?? []).sort((a, b) => a.occurrenceDate.localeCompare(b.occurrenceDate)),
  };
}

async function loadForSync(db: Db, orgId: string, scheduleId: string): Promise<{ row: ScheduleRow; exceptions: ExceptionRow[] } | undefined> {
  const row = await schedulesService.findScheduleRow(db, orgId, scheduleId);
  if (!row) return undefined;
  return { row, exceptions: row.rrule ? await schedulesService.listExceptions(db, orgId, [row.id]) : [] };
}

export async function readScheduleForSync(db: Db, orgId: string, scheduleId: string): Promise<ScheduleForSync | undefined> {
  const found = await loadForSync(db, orgId, scheduleId);
  return found && { id: found.row.id, ownerId: found.row.ownerUserId, event: eventOf(found.row, found.exceptions) };
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
  if (event.rrule) {
    await cancelOccurrences(db, orgId, row.id, event.cancelledDates);
    await moveOccurrences(db, orgId, row.id, event.moved);
  }
  return row.id;
}

const sameEvent = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** An edit body that keeps what the provider does not know (category, colour, links, reminder, completion). */
function editBody(row: ScheduleRow, event: SyncEvent, extra: Record<string, unknown>) {
  return scheduleUpdateBodySchema.safeParse({
    ...drawerFields(event),
    category: row.category,
    color: row.color,
    notice: row.notice,
    deal: row.dealId,
    company: row.companyId ? { id: row.companyId } : null,
    client: row.clientId ? { id: row.clientId } : null,
    activity: row.activityItemIds,
    complete: row.completed,
    ...extra,
  });
}

/** Occurrences moved there: each becomes a moved exception ("this occurrence"), its completion kept. */
async function moveOccurrences(db: Db, orgId: string, scheduleId: string, moved: MovedOccurrence[]): Promise<void> {
  for (const occurrence of moved) {
    const found = await loadForSync(db, orgId, scheduleId);
    if (!found) return;
    const current = eventOf(found.row, found.exceptions);
    if (sameEvent(current.moved.find((m) => m.occurrenceDate === occurrence.occurrenceDate), occurrence)) continue;
    const exception = found.exceptions.find((e) => e.occurrenceDate === occurrence.occurrenceDate);
    const parsed = editBody(found.row, { ...current, ...occurrence, rrule: found.row.rrule }, { scope: 'this', occurrenceDate: occurrence.occurrenceDate, complete: exception?.completed ?? false });
    if (!parsed.success) continue;
    try {
      await schedulesService.editSchedule(db, orgId, null, scheduleId, parsed.data, { origin: 'sync' });
    } catch {
      // Not an occurrence of the rule as we store it: nothing to move.
    }
  }
}

/** Answers false when the schedule is gone (or no longer the account owner's). */
export async function updateScheduleFromEvent(db: Db, orgId: string, userId: string, scheduleId: string, event: SyncEvent): Promise<boolean> {
  const current = await readScheduleForSync(db, orgId, scheduleId);
  if (!current || current.ownerId !== userId) return false;
  const incoming = { ...event, cancelledDates: [...event.cancelledDates].sort(), moved: [...event.moved].sort((a, b) => a.occurrenceDate.localeCompare(b.occurrenceDate)) };
  // Unchanged (e.g. our own push reported back): no write, no new push.
  if (sameEvent(current.event, incoming)) return true;
  const { cancelledDates, moved, ...series } = incoming;
  const { cancelledDates: currentCancelled, moved: _currentMoved, ...currentSeries } = current.event;
  if (!sameEvent(currentSeries, series)) {
    const row = (await schedulesService.findScheduleRow(db, orgId, scheduleId))!;
    const parsed = editBody(row, incoming, { scope: 'all' });
    if (!parsed.success) return true;
    await schedulesService.editSchedule(db, orgId, null, scheduleId, parsed.data, { origin: 'sync' });
  }
  const after = await readScheduleForSync(db, orgId, scheduleId);
  const already = new Set(after?.event.cancelledDates ?? currentCancelled);
  await cancelOccurrences(db, orgId, scheduleId, cancelledDates.filter((date) => !already.has(date)));
  await moveOccurrences(db, orgId, scheduleId, moved);
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
    const event = eventOf(row, own);
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
