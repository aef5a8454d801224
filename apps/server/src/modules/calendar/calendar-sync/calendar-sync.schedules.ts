import { addDays, daysFromTo, rruleToRepeat, scheduleCreateBodySchema, scheduleUpdateBodySchema, type ScheduleCreateInput } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import * as schedulesService from '../schedules/schedules.service.ts';
import type { ScheduleRow } from '../schedules/schedules.service.ts';

type ExceptionRow = Awaited<ReturnType<typeof schedulesService.listExceptions>>[number];
import type { FeedSchedule } from './calendar-sync.ics.ts';
import { byOccurrenceDate, changedOccurrenceDates, editedOf, ruleTimeOf, type EditedOccurrence, type MovedOccurrence, type SyncEvent } from './calendar-sync.providers.ts';

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

/** The texts an occurrence shows: its own overrides, else the series'. */
function textsOfOccurrence(row: ScheduleRow, exception: ExceptionRow) {
  const overrides = exception.overrides;
  return {
    title: overrides.title ?? row.title,
    note: overrides.taskNote !== undefined ? overrides.taskNote : row.taskNote,
    location: overrides.address !== undefined ? overrides.address : row.address,
  };
}

function editedOfException(row: ScheduleRow, exception: ExceptionRow): EditedOccurrence | null {
  if (exception.cancelled) return null;
  return editedOf({ title: row.title, note: row.taskNote, location: row.address }, exception.occurrenceDate, textsOfOccurrence(row, exception));
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
    moved: own.flatMap((e) => movedOf(row, e) ?? []).sort(byOccurrenceDate),
    edited: own.flatMap((e) => editedOfException(row, e) ?? []).sort(byOccurrenceDate),
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
    await changeOccurrences(db, orgId, row.id, event);
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

/** What an occurrence already overrides here (category, colour, links…), kept when sync edits it. */
function keptOverrides(row: ScheduleRow, exception: ExceptionRow | undefined): Record<string, unknown> {
  const o = exception?.overrides ?? {};
  const pick = <T,>(value: T | undefined, fallback: T) => (value !== undefined ? value : fallback);
  const companyId = pick(o.companyId, row.companyId);
  const clientId = pick(o.clientId, row.clientId);
  return {
    category: pick(o.category, row.category),
    color: pick(o.color, row.color),
    notice: pick(o.notice, row.notice),
    deal: pick(o.dealId, row.dealId),
    company: companyId ? { id: companyId } : null,
    client: clientId ? { id: clientId } : null,
    activity: pick(o.activityItemIds, row.activityItemIds),
  };
}

/**
 * Occurrences moved or edited there: each becomes a "this occurrence" exception with the provider's time and
 * texts, its completion and other overrides kept. An occurrence the provider shows plain is left as it is here.
 */
async function changeOccurrences(db: Db, orgId: string, scheduleId: string, event: SyncEvent): Promise<void> {
  for (const date of changedOccurrenceDates(event)) {
    const found = await loadForSync(db, orgId, scheduleId);
    if (!found) return;
    const current = eventOf(found.row, found.exceptions);
    const movedHere = current.moved.find((m) => m.occurrenceDate === date);
    const editedHere = current.edited.find((e) => e.occurrenceDate === date);
    const moved = event.moved.find((m) => m.occurrenceDate === date) ?? movedHere;
    const edited = event.edited.find((e) => e.occurrenceDate === date) ?? editedHere;
    if (sameEvent(movedHere, moved) && sameEvent(editedHere, edited)) continue;
    const exception = found.exceptions.find((e) => e.occurrenceDate === date);
    const { occurrenceDate: _date, ...timing } = moved ?? ruleTimeOf(current, date);
    const texts = edited ? { title: edited.title, note: edited.note, location: edited.location } : {};
    const parsed = editBody(found.row, { ...current, ...timing, ...texts, rrule: found.row.rrule }, {
      ...keptOverrides(found.row, exception),
      scope: 'this',
      occurrenceDate: date,
      complete: exception?.completed ?? false,
    });
    if (!parsed.success) continue;
    try {
      await schedulesService.editSchedule(db, orgId, null, scheduleId, parsed.data, { origin: 'sync' });
    } catch {
      // Not an occurrence of the rule as we store it: nothing to change.
    }
  }
}

/** Answers false when the schedule is gone (or no longer the account owner's). */
export async function updateScheduleFromEvent(db: Db, orgId: string, userId: string, scheduleId: string, event: SyncEvent): Promise<boolean> {
  const current = await readScheduleForSync(db, orgId, scheduleId);
  if (!current || current.ownerId !== userId) return false;
  const incoming = { ...event, cancelledDates: [...event.cancelledDates].sort(), moved: [...event.moved].sort(byOccurrenceDate), edited: [...event.edited].sort(byOccurrenceDate) };
  // Unchanged (e.g. our own push reported back): no write, no new push.
  if (sameEvent(current.event, incoming)) return true;
  const { cancelledDates, moved: _moved, edited: _edited, ...series } = incoming;
  const { cancelledDates: currentCancelled, moved: _currentMoved, edited: _currentEdited, ...currentSeries } = current.event;
  if (!sameEvent(currentSeries, series)) {
    const row = (await schedulesService.findScheduleRow(db, orgId, scheduleId))!;
    const parsed = editBody(row, incoming, { scope: 'all' });
    if (!parsed.success) return true;
    await schedulesService.editSchedule(db, orgId, null, scheduleId, parsed.data, { origin: 'sync' });
  }
  const after = await readScheduleForSync(db, orgId, scheduleId);
  const already = new Set(after?.event.cancelledDates ?? currentCancelled);
  await cancelOccurrences(db, orgId, scheduleId, cancelledDates.filter((date) => !already.has(date)));
  await changeOccurrences(db, orgId, scheduleId, incoming);
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
      .filter((e) => !e.cancelled && (e.startDate !== null || editedOfException(row, e) !== null))
      .map((e) => {
        const fullDay = e.fullDay ?? row.fullDay;
        const startDate = e.startDate ?? e.occurrenceDate;
        return {
          occurrenceDate: e.occurrenceDate,
          event: {
            ...event,
            ...textsOfOccurrence(row, e),
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
