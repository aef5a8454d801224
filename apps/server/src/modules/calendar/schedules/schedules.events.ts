import {
  addDays,
  matchesCalendarFilter,
  type CalendarEvent,
  type CalendarEventType,
  type CalendarFilter,
} from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { assertCan, can, type Actor } from '../../access/privileges/access-core.ts';
import { expand, expansionStart, occurrenceOn, type Occurrence, type Timing } from './schedules.recurrence.ts';
import * as schedulesRepository from './schedules.repository.ts';
import type { ExceptionRow, ScheduleRangeRow, ScheduleRow } from './schedules.repository.ts';
import { visibleUserIds } from './schedules.access.ts';
import { ScheduleEventShape } from './schedules.feed-json.ts';
import { effectiveOccurrence, movedTiming, seriesOf } from './schedules.timing.ts';

// ---- events ----

export interface EventContext {
  ownerNames: Map<string, string>;
  editable: boolean;
}

export function toEvent(row: ScheduleRangeRow, occurrence: Occurrence, exception: ExceptionRow | undefined, context: EventContext): CalendarEvent {
  const overrides = exception?.overrides ?? {};
  const current = effectiveOccurrence(row, occurrence, exception);
  // The prototype tells the feed's writer (schedules.feed-json.ts) that it may rely on these keys and their order.
  const event: CalendarEvent & { __proto__: ScheduleEventShape } = {
    __proto__: ScheduleEventShape.prototype,
    id: `schedule:${row.id}:${occurrence.occurrenceDate}`,
    type: 'schedule',
    sourceId: row.id,
    scheduleId: row.id,
    occurrenceDate: occurrence.occurrenceDate,
    start: current.start.toISOString(),
    end: current.end.toISOString(),
    startDate: current.startDate,
    startTime: current.startTime,
    endDate: current.endDate,
    endTime: current.endTime,
    timezone: row.timezone,
    allDay: current.fullDay,
    title: overrides.title ?? row.title,
    color: overrides.color ?? row.color,
    category: overrides.category !== undefined ? overrides.category : row.category,
    completed: row.rrule ? (exception?.completed ?? false) : row.completed,
    isRecurring: row.rrule !== null,
    isMoved: Boolean(exception?.startsAt),
    owner: { userId: row.ownerUserId, name: context.ownerNames.get(row.ownerUserId) ?? '' },
    editable: context.editable,
  };
  return event;
}

/**
 * Which exceptions the occurrences of rows in [from, to] (local dates) can need: the repeating rows', dated from the
 * earliest date their expansion looks at, or moved into the range's instants. Exported for the bench's direct side.
 */
export function exceptionReadOf(rows: ScheduleRangeRow[], from: string, to: string) {
  const repeating = rows.filter((r) => r.rrule !== null);
  let fromDate = from;
  for (const row of repeating) {
    const start = expansionStart(seriesOf(row), from);
    if (start < fromDate) fromDate = start;
  }
  return { scheduleIds: repeating.map((r) => r.id), range: { fromDate, toDate: to, ...instantWindow(from, to) } };
}

/** The occurrences of rows overlapping [from, to] (local dates), with exceptions applied. */
export async function occurrencesOf(
  db: Db,
  orgId: string,
  rows: ScheduleRangeRow[],
  from: string,
  to: string,
): Promise<{ row: ScheduleRangeRow; occurrence: Occurrence; exception: ExceptionRow | undefined }[]> {
  const { scheduleIds, range } = exceptionReadOf(rows, from, to);
  const exceptions = await schedulesRepository.exceptionsInRange(db, orgId, scheduleIds, range);
  // Per schedule, its exceptions by occurrence date and its moved ones: most rows have none and skip the lookups.
  const bySchedule = new Map<string, { byDate: Map<string, ExceptionRow>; moved: ExceptionRow[] }>();
  for (const e of exceptions) {
    let entry = bySchedule.get(e.scheduleId);
    if (!entry) bySchedule.set(e.scheduleId, (entry = { byDate: new Map(), moved: [] }));
    entry.byDate.set(e.occurrenceDate, e);
    if (e.startsAt && !e.cancelled) entry.moved.push(e);
  }
  const overlaps = (o: Timing) => o.startDate <= to && o.endDate >= from;
  const out: { row: ScheduleRangeRow; occurrence: Occurrence; exception: ExceptionRow | undefined }[] = [];
  for (const row of rows) {
    const series = seriesOf(row);
    const entry = bySchedule.get(row.id);
    if (!entry) {
      for (const occurrence of expand(series, from, to)) out.push({ row, occurrence, exception: undefined });
      continue;
    }
    const seen = new Set<string>();
    for (const occurrence of expand(series, from, to)) {
      seen.add(occurrence.occurrenceDate);
      const exception = entry.byDate.get(occurrence.occurrenceDate);
      if (exception?.cancelled) continue;
      if (exception?.startsAt && !overlaps(movedTiming(exception)!)) continue;
      out.push({ row, occurrence, exception });
    }
    // Occurrences moved here from dates outside the range.
    for (const exception of entry.moved) {
      if (seen.has(exception.occurrenceDate)) continue;
      const moved = movedTiming(exception);
      if (moved && overlaps(moved)) out.push({ row, occurrence: occurrenceOn(series, exception.occurrenceDate), exception });
    }
  }
  return out;
}

/** Instants that surely contain the local dates [from, to] in any timezone (±14 h, plus a day of slack). */
export function instantWindow(from: string, to: string): { fromInstant: Date; toInstant: Date } {
  return { fromInstant: new Date(`${addDays(from, -1)}T00:00:00Z`), toInstant: new Date(`${addDays(to, 2)}T00:00:00Z`) };
}

/**
 * A source of calendar events. Schedules are one; contexts above the calendar add theirs (booking's
 * reservations) through registerCalendarSource, from the composition root (apps/server/src/wiring.ts).
 */
export interface CalendarSource {
  type: CalendarEventType;
  /** `ownerNames`: the owners' names, read once for every source. */
  events(db: Db, actor: Actor, range: { from: string; to: string; ownerIds: string[]; ownerNames: Promise<Map<string, string>> }): Promise<CalendarEvent[]>;
}

const schedulesSource: CalendarSource = {
  type: 'schedule',
  async events(db, actor, { from, to, ownerIds, ownerNames: names }) {
    const { fromInstant, toInstant } = instantWindow(from, to);
    // Independent reads, concurrent on a PostgreSQL pool (PGlite serializes them anyway).
    const [rows, moved, ownerNames] = await Promise.all([
      schedulesRepository.listInRange(db, actor.orgId, ownerIds, fromInstant, toInstant),
      schedulesRepository.movedIntoRange(db, actor.orgId, ownerIds, fromInstant, toInstant),
      names,
    ]);
    const loaded = new Set(rows.map((r) => r.id));
    const movedIds = moved.filter((id) => !loaded.has(id));
    const all = movedIds.length ? [...rows, ...(await schedulesRepository.listByIds(db, actor.orgId, movedIds))] : rows;
    const context: EventContext = { ownerNames, editable: can(actor, 'calendar', 'edit') };
    return (await occurrencesOf(db, actor.orgId, all, from, to)).map(({ row, occurrence, exception }) => toEvent(row, occurrence, exception, context));
  },
};

/** Keyed by type: registering again replaces (tests build many apps). */
const calendarSources = new Map<CalendarEventType, CalendarSource>([['schedule', schedulesSource]]);

export function registerCalendarSource(source: CalendarSource): void {
  calendarSources.set(source.type, source);
}


/**
 * The calendar feed for local dates [from, to]: every source's events for the owners shown (the caller and their
 * saved pick by default), filtered (All / Reservation / Schedule / Uncompleted / Completed), by start.
 */
export async function calendarEvents(
  db: Db,
  actor: Actor,
  query: { from: string; to: string; userIds?: string[] | undefined; filter: CalendarFilter },
): Promise<{ items: CalendarEvent[] }> {
  assertCan(actor, 'calendar', 'view');
  const wanted = query.userIds ?? [actor.userId, ...(await schedulesRepository.findPicks(db, actor.orgId, actor.userId))];
  const ownerIds = await visibleUserIds(db, actor, [...new Set(wanted)]);
  const sources = [...calendarSources.values()].filter((s) => query.filter !== 'reservation' && query.filter !== 'schedule' ? true : s.type === query.filter);
  const ownerNames = schedulesRepository.memberNames(db, actor.orgId, ownerIds);
  const lists = await Promise.all(sources.map((s) => s.events(db, actor, { from: query.from, to: query.to, ownerIds, ownerNames })));
  const items = lists.flat().filter((e) => matchesCalendarFilter(e, query.filter));
  items.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.id < b.id ? -1 : 1));
  return { items };
}

export function monthRange(year: number, month: number): { from: string; to: string } {
  const from = `${year}-${String(month).padStart(2, '0')}-01`;
  return { from, to: addDays(month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`, -1) };
}

export async function eventOf(db: Db, actor: Actor, row: ScheduleRow, occurrenceDate: string): Promise<CalendarEvent> {
  const exception = row.rrule ? await schedulesRepository.findException(db, actor.orgId, row.id, occurrenceDate) : undefined;
  const ownerNames = await schedulesRepository.memberNames(db, actor.orgId, [row.ownerUserId]);
  return toEvent(row, occurrenceOn(seriesOf(row), occurrenceDate), exception, { ownerNames, editable: can(actor, 'calendar', 'edit') });
}


// ---- for calendar sync and the ICS feed ----

/** Every schedule (series rows, with their rule) of a user, optionally only those changed since a time. */
export function listSchedulesOfUser(db: Db, orgId: string, userId: string, updatedSince?: Date): Promise<ScheduleRow[]> {
  return schedulesRepository.listOfOwner(db, orgId, userId, updatedSince);
}

/** The exception rows (moved, cancelled, completed, edited occurrences) of schedules. */
export function listExceptions(db: Db, orgId: string, scheduleIds: string[]): Promise<ExceptionRow[]> {
  return schedulesRepository.exceptionsOf(db, orgId, scheduleIds);
}

/** One schedule row of the workspace (no privilege check), or undefined. */
export function findScheduleRow(db: Db, orgId: string, id: string): Promise<ScheduleRow | undefined> {
  return schedulesRepository.findSchedule(db, orgId, id);
}

/** Occurrences of a user's schedules between local dates, as calendar events (the ICS feed), without privilege checks. */
export async function occurrencesOfUser(db: Db, orgId: string, userId: string, from: string, to: string): Promise<CalendarEvent[]> {
  const { fromInstant, toInstant } = instantWindow(from, to);
  const rows = await schedulesRepository.listInRange(db, orgId, [userId], fromInstant, toInstant);
  const ownerNames = await schedulesRepository.memberNames(db, orgId, [userId]);
  return (await occurrencesOf(db, orgId, rows, from, to)).map(({ row, occurrence, exception }) => toEvent(row, occurrence, exception, { ownerNames, editable: false }));
}
