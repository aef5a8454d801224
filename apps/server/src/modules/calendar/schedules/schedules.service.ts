import {
  addDays,
  formatTimeOfDay,
  reservationColor,
  daysFromTo,
  defaultTimezone,
  matchesCalendarFilter,
  planScopeChange,
  repeatToRrule,
  rruleEndingBefore,
  rruleFromOccurrence,
  rruleToRepeat,
  scheduleCreateBodySchema,
  scheduleUpdateBodySchema,
  shiftedSeriesStart,
  type CalendarEvent,
  type CalendarEventType,
  type CalendarFilter,
  type ChangeScheduleDateBody,
  type Locale,
  type Reminder,
  type Schedule,
  type ScheduleCompleteBody,
  type ScheduleCreateBody,
  type ScheduleDeleteQuery,
  type ScheduleScope,
  type ScheduleSuggestion,
  type ScheduleUpdateBody,
  type ScheduleViewer,
} from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError, fieldError, parseOrFail } from '../../../platform/errors.ts';
import { fileUrl, saveImage, type Upload } from '../../access/files/files.ts';
import * as activityItemsService from '../activity-items/activity-items.service.ts';
import * as customFieldsService from '../../records/custom-fields/custom-fields.service.ts';
import { members } from '../../access/members/members.table.ts';
import { assertCan, can, ownerPredicate, type Actor } from '../../access/privileges/access-core.ts';
import * as timelineService from '../../access/timeline/timeline.service.ts';
import {
  expand,
  expansionStart,
  instantsOf,
  isOccurrenceDate,
  occurrenceOn,
  occurrencesBefore,
  seriesBounds,
  zonedToInstant,
  type Occurrence,
  type SeriesTiming,
  type Timing,
} from './schedules.recurrence.ts';
import * as calendarSyncService from '../calendar-sync/calendar-sync.service.ts';
import * as reservationsService from '../../booking/reservations/reservations.service.ts';
import * as schedulesRepository from './schedules.repository.ts';
import type { ExceptionRow, OccurrenceOverrides, ScheduleRangeRow, ScheduleRow } from './schedules.repository.ts';
import { schedules } from './schedules.table.ts';

/*
 * Tasks and schedules (docs/product.md#fields, #states, #validation, #api). Privileges: the calendar feature; its scope decides whose
 * schedules one sees (the owner column), view/create/edit/delete the methods. Another workspace's id → 404.
 */

export type { ScheduleRow };

// ---- hooks for calendar sync ----

/** What changed, for calendar sync (push to Google/Outlook) — `origin: 'sync'` for writes that came from a provider. */
export interface ScheduleChange {
  orgId: string;
  ownerUserId: string;
  scheduleIds: string[];
  kind: 'created' | 'updated' | 'deleted';
  origin: 'user' | 'sync';
}

/**
 * Called after every committed schedule write (create, edit of any scope, split, delete, complete, move).
 * Calendar sync adds its call here (e.g. queue a push for each linked account).
 */
async function afterScheduleWrite(db: Db, change: ScheduleChange): Promise<void> {
  // Queue a push to each of the owner's calendar accounts (a write that came from one is not sent back to it).
  await calendarSyncService.scheduleChanged(db, change.orgId, change.ownerUserId, change.scheduleIds);
}

// ---- visibility ----

function ownerScope(db: Db, actor: Actor) {
  return ownerPredicate(db, actor, 'calendar', schedules.ownerUserId);
}

async function loadSchedule(db: Db, actor: Actor, id: string): Promise<ScheduleRow> {
  assertCan(actor, 'calendar', 'view');
  const row = await schedulesRepository.findSchedule(db, actor.orgId, id, await ownerScope(db, actor));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

async function loadEditable(db: Db, actor: Actor, id: string, method: 'edit' | 'delete' = 'edit'): Promise<ScheduleRow> {
  const row = await loadSchedule(db, actor, id);
  assertCan(actor, 'calendar', method);
  return row;
}

/** Notes and timeline of a schedule follow it (notes.service). */
export async function assertAccessible(db: Db, actor: Actor, id: string, method: 'view' | 'edit'): Promise<void> {
  if (method === 'view') await loadSchedule(db, actor, id);
  else await loadEditable(db, actor, id);
}

/** Of userIds, the activated members whose calendars the actor may see. */
async function visibleUserIds(db: Db, actor: Actor, userIds: string[]): Promise<string[]> {
  const rows = await schedulesRepository.visibleMembers(db, actor.orgId, await ownerPredicate(db, actor, 'calendar', members.userId), userIds);
  return rows.map((r) => r.userId);
}

// ---- row ↔ timing ----

const hhmm = (time: string | null): string | null => (time ? time.slice(0, 5) : null);

function seriesOf(row: ScheduleRangeRow): SeriesTiming {
  return {
    startDate: row.startDate,
    startTime: hhmm(row.startTime),
    endDate: row.endDate,
    endTime: hhmm(row.endTime),
    fullDay: row.fullDay,
    timezone: row.timezone,
    rrule: row.rrule,
  };
}

function movedTiming(exception: ExceptionRow | undefined): Timing | null {
  if (!exception?.startDate || !exception.endDate) return null;
  return {
    startDate: exception.startDate,
    startTime: hhmm(exception.startTime),
    endDate: exception.endDate,
    endTime: hhmm(exception.endTime),
    fullDay: exception.fullDay ?? false,
  };
}

/** The occurrence as it stands: the rule's, or the moved one. */
function effectiveOccurrence(row: ScheduleRangeRow, occurrence: Occurrence, exception: ExceptionRow | undefined): Occurrence {
  const moved = movedTiming(exception);
  if (!moved) return occurrence;
  return { ...moved, occurrenceDate: occurrence.occurrenceDate, ...instantsOf(moved, row.timezone) };
}

function timingOf(input: { startDate: string; startDateTime?: string | null | undefined; endDate: string; endDateTime?: string | null | undefined; fullDay: boolean }): Timing {
  return {
    startDate: input.startDate,
    startTime: input.fullDay ? null : (input.startDateTime ?? null),
    endDate: input.endDate,
    endTime: input.fullDay ? null : (input.endDateTime ?? null),
    fullDay: input.fullDay,
  };
}

const sameTiming = (a: Timing, b: Timing) =>
  a.startDate === b.startDate && a.startTime === b.startTime && a.endDate === b.endDate && a.endTime === b.endTime && a.fullDay === b.fullDay;

// ---- events ----

interface EventContext {
  ownerNames: Map<string, string>;
  editable: boolean;
}

function toEvent(row: ScheduleRangeRow, occurrence: Occurrence, exception: ExceptionRow | undefined, context: EventContext): CalendarEvent {
  const overrides = exception?.overrides ?? {};
  const current = effectiveOccurrence(row, occurrence, exception);
  return {
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
async function occurrencesOf(
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
function instantWindow(from: string, to: string): { fromInstant: Date; toInstant: Date } {
  return { fromInstant: new Date(`${addDays(from, -1)}T00:00:00Z`), toInstant: new Date(`${addDays(to, 2)}T00:00:00Z`) };
}

/** Calendar feed sources: schedules now; the booking module adds its reservations source to this list. */
interface CalendarSource {
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

/** Reservations (booking) in the calendar: read-only events; a booked reservation cannot be moved. */
const reservationsSource: CalendarSource = {
  type: 'reservation',
  async events(db, actor, { from, to, ownerIds, ownerNames: names }) {
    const { fromInstant, toInstant } = instantWindow(from, to);
    const [entries, ownerNames] = await Promise.all([reservationsService.listBetween(db, actor, { from: fromInstant, to: toInstant, ownerIds }), names]);
    return entries
      .filter((entry) => entry.date >= from && entry.date <= to)
      .map((entry) => {
        const endsAtMidnight = entry.endMinute >= 24 * 60;
        return {
          id: `reservation:${entry.id}`,
          type: 'reservation',
          sourceId: entry.id,
          scheduleId: null,
          occurrenceDate: entry.date,
          start: entry.startAt,
          end: entry.endAt,
          startDate: entry.date,
          startTime: formatTimeOfDay(entry.startMinute),
          endDate: endsAtMidnight ? addDays(entry.date, 1) : entry.date,
          endTime: endsAtMidnight ? '00:00' : formatTimeOfDay(entry.endMinute),
          timezone: entry.timeZone,
          allDay: false,
          title: entry.title,
          color: reservationColor,
          category: null,
          completed: entry.status === 'completed',
          isRecurring: false,
          isMoved: false,
          owner: entry.ownerUserId ? { userId: entry.ownerUserId, name: ownerNames.get(entry.ownerUserId) ?? '' } : null,
          editable: false,
        } satisfies CalendarEvent;
      });
  },
};

const calendarSources: CalendarSource[] = [schedulesSource, reservationsSource];

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
  const sources = calendarSources.filter((s) => query.filter !== 'reservation' && query.filter !== 'schedule' ? true : s.type === query.filter);
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

// ---- reading one ----

async function toSchedule(db: Db, actor: Actor, row: ScheduleRow, occurrenceDate: string | null): Promise<Schedule> {
  const exception = occurrenceDate && row.rrule ? await schedulesRepository.findException(db, actor.orgId, row.id, occurrenceDate) : undefined;
  const overrides: OccurrenceOverrides = exception?.overrides ?? {};
  const pick = <K extends keyof OccurrenceOverrides>(key: K, value: NonNullable<OccurrenceOverrides[K]> | null) =>
    (overrides[key] !== undefined ? overrides[key] : value) as NonNullable<OccurrenceOverrides[K]> | null;
  const dealId = pick('dealId', row.dealId);
  const companyId = pick('companyId', row.companyId);
  const clientId = pick('clientId', row.clientId);
  const activityIds = (pick('activityItemIds', row.activityItemIds) ?? []) as string[];
  const [links, ownerNames, images, pickable, picked] = await Promise.all([
    schedulesRepository.linkNames(db, actor.orgId, {
      companyIds: companyId ? [companyId] : [],
      clientIds: clientId ? [clientId] : [],
      dealIds: dealId ? [dealId] : [],
    }),
    schedulesRepository.memberNames(db, actor.orgId, [row.ownerUserId]),
    schedulesRepository.fileNames(db, actor.orgId, row.imageFileIds),
    activityItemsService.pickableItems(db, actor.orgId, row.ownerUserId),
    activityItemsService.itemsByIds(db, actor.orgId, activityIds),
  ]);
  const pickedIds = new Set(activityIds);
  const activity = [
    ...pickable.items.map((item) => ({ ...item, isSelect: pickedIds.has(item.id) })),
    ...picked.filter((item) => !pickable.items.some((p) => p.id === item.id)).map((item) => ({ ...item, isSelect: true })),
  ];
  const occurrence = occurrenceDate && row.rrule ? effectiveOccurrence(row, occurrenceOn(seriesOf(row), occurrenceDate), exception) : null;
  const timing = occurrence ?? seriesOf(row);
  const ref = (id: string | null, names: Map<string, string>) => (id && names.has(id) ? { id, name: names.get(id)! } : null);
  return {
    id: row.id,
    title: pick('title', row.title) ?? row.title,
    category: pick('category', row.category),
    startDate: timing.startDate,
    startDateTime: timing.startTime,
    endDate: timing.endDate,
    endDateTime: timing.endTime,
    fullDay: timing.fullDay,
    ...rruleToRepeat(row.rrule),
    rrule: row.rrule,
    timezone: row.timezone,
    notice: pick('notice', row.notice) ?? row.notice,
    deal: ref(dealId, links.deals),
    address: pick('address', row.address),
    taskNote: pick('taskNote', row.taskNote),
    color: pick('color', row.color) ?? row.color,
    company: ref(companyId, links.companies),
    client: ref(clientId, links.clients),
    activity,
    images: row.imageFileIds.filter((id) => images.has(id)).map((id) => ({ id, name: images.get(id)!, url: fileUrl(actor.orgId, id)! })),
    complete: row.rrule ? (occurrenceDate ? (exception?.completed ?? false) : false) : row.completed,
    occurrenceDate: row.rrule ? occurrenceDate : null,
    isRecurring: row.rrule !== null,
    owner: { userId: row.ownerUserId, name: ownerNames.get(row.ownerUserId) ?? '' },
    canEdit: can(actor, 'calendar', 'edit'),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /api/task/{id}?occurrenceDate= */
export async function getSchedule(db: Db, actor: Actor, id: string, occurrenceDate?: string): Promise<Schedule> {
  const row = await loadSchedule(db, actor, id);
  if (occurrenceDate && row.rrule) assertOccurrence(row, occurrenceDate);
  return toSchedule(db, actor, row, occurrenceDate ?? null);
}

function assertOccurrence(row: ScheduleRow, occurrenceDate: string | undefined): string {
  if (!occurrenceDate) throw fieldError('occurrenceDate', 'required');
  if (!isOccurrenceDate(seriesOf(row), occurrenceDate)) throw fieldError('occurrenceDate', 'invalidValue');
  return occurrenceDate;
}

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

/** The columns of a saved drawer (without owner, images and completion). */
function columnsOf(input: Omit<ScheduleCreateBody, 'complete'>, timezone: string, rrule: string | null, timing: Timing) {
  const series: SeriesTiming = { ...timing, timezone, rrule };
  return {
    title: input.title,
    category: input.category ?? null,
    startDate: timing.startDate,
    startTime: timing.startTime,
    endDate: timing.endDate,
    endTime: timing.endTime,
    fullDay: timing.fullDay,
    timezone,
    rrule,
    ...seriesBounds(series),
    notice: input.notice,
    dealId: input.deal ?? null,
    companyId: input.company?.id ?? null,
    clientId: input.client?.id ?? null,
    address: input.address || null,
    taskNote: input.taskNote || null,
    color: input.color,
    activityItemIds: [...new Set(input.activity)],
  };
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

const trackedKeys = [
  'title', 'category', 'startDate', 'startTime', 'endDate', 'endTime', 'fullDay', 'rrule', 'notice', 'dealId', 'companyId', 'clientId',
  'address', 'taskNote', 'color', 'activityItemIds', 'completed',
];

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

function earnPoints(db: Db, row: ScheduleRow, occurrenceDate: string, earnedOn: string, itemIds: string[]): Promise<void> {
  return activityItemsService.recordCompletion(db, row.orgId, { userId: row.ownerUserId, scheduleId: row.id, occurrenceDate, earnedOn, itemIds });
}

/** The per-occurrence overrides of a "this occurrence" edit: fields that differ from the series. */
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

/** Points follow completion: re-earned with the current items when completed, taken back otherwise. */
async function settlePoints(db: Db, row: ScheduleRow, occurrenceDate: string, completed: boolean, earnedOn: string, itemIds: string[]): Promise<void> {
  await activityItemsService.clearCompletion(db, row.orgId, [row.id], { date: occurrenceDate });
  if (completed) await earnPoints(db, row, occurrenceDate, earnedOn, itemIds);
}

/** POST /api/task/{id} (multipart). */
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

async function eventOf(db: Db, actor: Actor, row: ScheduleRow, occurrenceDate: string): Promise<CalendarEvent> {
  const exception = row.rrule ? await schedulesRepository.findException(db, actor.orgId, row.id, occurrenceDate) : undefined;
  const ownerNames = await schedulesRepository.memberNames(db, actor.orgId, [row.ownerUserId]);
  return toEvent(row, occurrenceOn(seriesOf(row), occurrenceDate), exception, { ownerNames, editable: can(actor, 'calendar', 'edit') });
}

/** PUT /api/task/{id}/complete — per occurrence for a repeating schedule; earns or takes back points. */
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

// ---- search, reminders, viewer ----

/** GET /api/search/tasks: title suggestions among visible schedules, one per distinct title. */
export async function searchTasks(db: Db, actor: Actor, title: string, limit: number): Promise<{ tasks: ScheduleSuggestion[] }> {
  assertCan(actor, 'calendar', 'view');
  const rows = await schedulesRepository.searchByTitle(db, actor.orgId, title, await ownerScope(db, actor), limit * 3);
  const unique = rows.filter((row, i) => rows.findIndex((r) => r.title === row.title) === i).slice(0, limit);
  const links = await schedulesRepository.linkNames(db, actor.orgId, {
    companyIds: unique.flatMap((r) => (r.companyId ? [r.companyId] : [])),
    clientIds: unique.flatMap((r) => (r.clientId ? [r.clientId] : [])),
    dealIds: [],
  });
  const ref = (id: string | null, names: Map<string, string>) => (id && names.has(id) ? { id, name: names.get(id)! } : null);
  return {
    tasks: unique.map((row) => ({
      id: row.id,
      title: row.title,
      startTime: hhmm(row.startTime),
      endTime: hhmm(row.endTime),
      location: row.address,
      category: row.category,
      color: row.color,
      customer: ref(row.clientId, links.clients),
      company: ref(row.companyId, links.companies),
    })),
  };
}

const weekdayFormatters = new Map<string, Intl.DateTimeFormat>();
function dayStr(date: string, locale: Locale): string {
  let f = weekdayFormatters.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
    weekdayFormatters.set(locale, f);
  }
  return f.format(new Date(`${date}T12:00:00Z`));
}

/**
 * GET /api/schedule/reminder: the caller's occurrences whose reminder time (start − notice) has come and that have
 * not ended, not completed, not shown before. Each is recorded as shown in the same call (answered once).
 */
export async function dueReminders(db: Db, actor: Actor, locale: Locale, now = new Date()): Promise<{ items: Reminder[] }> {
  const today = now.toISOString().slice(0, 10);
  const from = addDays(today, -2);
  const to = addDays(today, 2);
  const { fromInstant, toInstant } = instantWindow(from, to);
  const rows = await schedulesRepository.listInRange(db, actor.orgId, [actor.userId], fromInstant, toInstant);
  const due: { key: string; reminder: Reminder }[] = [];
  for (const { row, occurrence, exception } of await occurrencesOf(db, actor.orgId, rows, from, to)) {
    const notice = exception?.overrides.notice ?? row.notice;
    const completed = row.rrule ? (exception?.completed ?? false) : row.completed;
    if (notice <= 0 || completed) continue;
    const current = effectiveOccurrence(row, occurrence, exception);
    const remindAt = current.start.getTime() - notice * 1000;
    if (remindAt > now.getTime() || current.end.getTime() <= now.getTime()) continue;
    const key = `schedule:${row.id}:${occurrence.occurrenceDate}:${current.start.toISOString()}`;
    due.push({
      key,
      reminder: {
        key,
        type: 'schedule',
        sourceId: row.id,
        occurrenceDate: occurrence.occurrenceDate,
        title: exception?.overrides.title ?? row.title,
        date: current.startDate,
        dayStr: dayStr(current.startDate, locale),
        startTime: current.startTime,
        endTime: current.endTime,
        reminderRemainTime: Math.max(0, Math.round((current.start.getTime() - now.getTime()) / 1000)),
      },
    });
  }
  due.push(...(await fieldReminders(db, actor, locale, now)));
  const claimed = await schedulesRepository.claimReminders(db, actor.orgId, actor.userId, due.map((d) => d.key));
  return { items: due.filter((d) => claimed.has(d.key)).map((d) => d.reminder) };
}

/** How long a custom-field notification stays due after its time (a user who was away still sees it). */
const fieldReminderWindowMs = 24 * 3600_000;

/**
 * Notification custom fields (contacts, companies, deals) fire a reminder to the record's owner at their date and
 * time (the start of the day without a time), in the workspace's default timezone; due for a day.
 */
async function fieldReminders(db: Db, actor: Actor, locale: Locale, now: Date): Promise<{ key: string; reminder: Reminder }[]> {
  const today = now.toISOString().slice(0, 10);
  const out: { key: string; reminder: Reminder }[] = [];
  for (const entity of ['contact', 'company', 'deal'] as const) {
    const fields = (await customFieldsService.listFields(db, actor.orgId, entity)).filter((f) => f.inputType === 'notification');
    if (fields.length === 0) continue;
    const titles = new Map(fields.map((f) => [f.id, f.title]));
    const rows = await schedulesRepository.fieldNotifications(db, actor.orgId, actor.userId, entity, [...titles.keys()], addDays(today, -2), addDays(today, 1));
    for (const row of rows) {
      const time = row.value.dateTime ?? null;
      const at = zonedToInstant(row.value.date, time, defaultTimezone);
      if (at.getTime() > now.getTime() || now.getTime() - at.getTime() >= fieldReminderWindowMs) continue;
      const key = `${entity}:${row.id}:${row.fieldId}:${row.value.date}T${time ?? ''}`;
      const text = row.value.value?.trim();
      out.push({
        key,
        reminder: {
          key,
          type: entity,
          sourceId: row.id,
          occurrenceDate: null,
          title: `${row.name} · ${titles.get(row.fieldId) ?? ''}${text ? `: ${text}` : ''}`,
          date: row.value.date,
          dayStr: dayStr(row.value.date, locale),
          startTime: time,
          endTime: null,
          reminderRemainTime: 0,
        },
      });
    }
  }
  return out;
}

/** GET /api/schedule/viewer: colleagues within the calendar visibility scope, with the caller's saved pick. */
export async function viewer(db: Db, actor: Actor): Promise<ScheduleViewer> {
  assertCan(actor, 'calendar', 'view');
  const [users, picks] = await Promise.all([
    schedulesRepository.visibleMembers(db, actor.orgId, await ownerPredicate(db, actor, 'calendar', members.userId)),
    schedulesRepository.findPicks(db, actor.orgId, actor.userId),
  ]);
  const visible = new Set(users.map((u) => u.userId));
  const pickedUserIds = picks.filter((id) => visible.has(id));
  return {
    users: users.map((u) => ({ ...u, isPicked: pickedUserIds.includes(u.userId), isSelf: u.userId === actor.userId })),
    pickedUserIds,
  };
}

/** POST /api/schedule/saveUserSchedulePickUser: users outside the visibility scope → 400 userIds. */
export async function savePickedUsers(db: Db, actor: Actor, userIds: string[]): Promise<ScheduleViewer> {
  assertCan(actor, 'calendar', 'view');
  const unique = [...new Set(userIds)];
  const visible = await visibleUserIds(db, actor, unique);
  if (visible.length !== unique.length) throw fieldError('userIds', 'invalidValue');
  await schedulesRepository.savePicks(db, actor.orgId, actor.userId, unique);
  return viewer(db, actor);
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

export type { ScheduleCreateBody, ScheduleUpdateBody } from '@lodestar/contract';
