import { defaultTimezone, repeatToRrule, type CalendarFilter, type ScheduleCategory, type ScheduleCreateBody } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { assertCan, loadActor, type Actor } from '../../access/privileges/access-core.ts';
import * as timelineService from '../../access/timeline/timeline.service.ts';
import * as activityItemsService from '../activity-items/activity-items.service.ts';
import { ownerScope, visibleUserIds } from './schedules.access.ts';
import { calendarEvents } from './schedules.events.ts';
import { afterScheduleWrite } from './schedules.listeners.ts';
import * as schedulesRepository from './schedules.repository.ts';
import type { ScheduleRow } from './schedules.repository.ts';
import * as transferRepository from './schedules.transfer.repository.ts';
import { columnsOf, timingOf } from './schedules.timing.ts';

/**
 * For import and export (modules/imports, docs/product.md#import-and-export). Imported rows are written in the
 * import's chunk transaction, validated by the importer with the create API's schema; the listeners (calendar sync's
 * push queue) hear them in that transaction, and the calendar's read cache sees them through its table triggers.
 * Exports read only the schedules the caller's calendar scope shows.
 */
export type ScheduleRecord = ScheduleRow;

// ---- import ----

export const findByTitles = transferRepository.findByTitles;

/**
 * Members a file may name as a schedule's owner, by lower-cased name and email: those whose calendars the importer's
 * scope shows (as the calendar's colleague picker), so an import never writes into a calendar its user cannot see.
 * None when the importer is gone or no longer a member.
 */
export async function ownersFor(db: Db, orgId: string, importerUserId: string | null): Promise<Map<string, string>> {
  if (!importerUserId) return new Map();
  const actor = await loadActor(db, importerUserId, orgId).catch(() => undefined);
  if (!actor) return new Map();
  const byName = await transferRepository.activatedMembersByName(db, orgId);
  const visible = new Set(await visibleUserIds(db, actor, [...new Set(byName.values())]));
  return new Map([...byName].filter(([, userId]) => visible.has(userId)));
}

/** A new schedule as the drawer would make it (timeline and completion are the importer's, no points: no items). */
export async function insertImported(tx: Db, orgId: string, owner: { ownerUserId: string; creatorUserId: string | null }, input: ScheduleCreateBody): Promise<string> {
  const timezone = input.timezone ?? defaultTimezone;
  const rrule = repeatToRrule(input);
  const completed = !rrule && input.complete;
  const row = await schedulesRepository.insertSchedule(tx, orgId, {
    ...columnsOf(input, timezone, rrule, timingOf(input)),
    ...owner,
    imageFileIds: [],
    completed,
    completedAt: completed ? new Date() : null,
  });
  await afterScheduleWrite(tx, { orgId, ownerUserId: row.ownerUserId, scheduleIds: [row.id], kind: 'created', origin: 'user' });
  return row.id;
}

/** The columns a file row writes over an existing schedule (its images, exceptions and rule's own words stay). */
export type ImportedValues = Partial<schedulesRepository.ScheduleInsert>;

/**
 * Writes a row over an existing schedule; answers the previous values (undo). The rule changes only when the file
 * names a repeat (`keepRule` false), links only when it names them.
 */
export async function updateImported(
  tx: Db,
  orgId: string,
  id: string,
  input: ScheduleCreateBody,
  given: { rule: boolean; ownerUserId?: string | undefined },
): Promise<Record<string, unknown>> {
  const [current] = await transferRepository.rowsByIds(tx, orgId, [id]);
  const rrule = given.rule ? repeatToRrule(input) : current!.rrule;
  const columns = columnsOf(input, current!.timezone, rrule, timingOf(input));
  const next: ImportedValues = {
    ...columns,
    color: current!.color,
    dealId: columns.dealId ?? current!.dealId,
    companyId: columns.companyId ?? current!.companyId,
    clientId: columns.clientId ?? current!.clientId,
    activityItemIds: current!.activityItemIds,
  };
  if (!rrule) Object.assign(next, { completed: input.complete, completedAt: input.complete ? (current!.completedAt ?? new Date()) : null });
  if (given.ownerUserId) next.ownerUserId = given.ownerUserId;
  await schedulesRepository.updateSchedule(tx, orgId, id, next);
  await afterScheduleWrite(tx, { orgId, ownerUserId: next.ownerUserId ?? current!.ownerUserId, scheduleIds: [id], kind: 'updated', origin: 'user' });
  return Object.fromEntries(Object.keys(next).map((k) => [k, current![k as keyof ScheduleRow]]));
}

const timestampKeys = ['startsAt', 'endsAt', 'lastEndsAt', 'completedAt'] as const;

/** Undo of an update: the previous values back (timestamps come back from jsonb as text). */
export async function restoreImported(tx: Db, orgId: string, id: string, previous: Record<string, unknown>): Promise<void> {
  const values = { ...previous };
  for (const key of timestampKeys) if (typeof values[key] === 'string') values[key] = new Date(values[key]);
  const row = await schedulesRepository.updateSchedule(tx, orgId, id, values as ImportedValues);
  if (row) await afterScheduleWrite(tx, { orgId, ownerUserId: row.ownerUserId, scheduleIds: [id], kind: 'updated', origin: 'user' });
}

/** Undo of creates: the schedules go for good, with their timeline; calendar sync removes their copies. */
export async function purgeImported(tx: Db, orgId: string, ids: string[]): Promise<void> {
  const rows = await transferRepository.rowsByIds(tx, orgId, ids);
  await activityItemsService.clearCompletion(tx, orgId, ids);
  await schedulesRepository.deleteSchedules(tx, orgId, ids);
  await timelineService.forget(tx, orgId, 'schedule', ids);
  const byOwner = new Map<string, string[]>();
  for (const r of rows) byOwner.set(r.ownerUserId, [...(byOwner.get(r.ownerUserId) ?? []), r.id]);
  for (const [ownerUserId, scheduleIds] of byOwner) await afterScheduleWrite(tx, { orgId, ownerUserId, scheduleIds, kind: 'deleted', origin: 'user' });
}

// ---- export ----

/** One exported schedule (a series, or one occurrence of it) with its links' names. */
export interface ExportedSchedule {
  id: string;
  title: string;
  category: ScheduleCategory | null;
  startDate: string;
  startTime: string | null;
  endDate: string;
  endTime: string | null;
  fullDay: boolean;
  rrule: string | null;
  address: string | null;
  taskNote: string | null;
  notice: number;
  completed: boolean;
  client: string;
  company: string;
  deal: string;
  owner: string;
  activity: string[];
  createdAt: string;
}

type Base = Omit<ExportedSchedule, 'client' | 'company' | 'deal' | 'owner' | 'activity' | 'createdAt'> & {
  clientId: string | null;
  companyId: string | null;
  dealId: string | null;
  ownerUserId: string;
  activityItemIds: string[];
  createdAt: Date;
};

const baseOf = (row: ScheduleRow): Base => ({
  ...row,
  startTime: row.startTime?.slice(0, 5) ?? null,
  endTime: row.endTime?.slice(0, 5) ?? null,
});

/** Names of the links, owners and activity items of a page, in one query each. */
async function named(db: Db, orgId: string, items: Base[]): Promise<ExportedSchedule[]> {
  const [links, owners, activity] = await Promise.all([
    schedulesRepository.linkNames(db, orgId, {
      companyIds: items.flatMap((i) => (i.companyId ? [i.companyId] : [])),
      clientIds: items.flatMap((i) => (i.clientId ? [i.clientId] : [])),
      dealIds: items.flatMap((i) => (i.dealId ? [i.dealId] : [])),
    }),
    schedulesRepository.memberNames(db, orgId, items.map((i) => i.ownerUserId)),
    activityItemsService.itemsByIds(db, orgId, [...new Set(items.flatMap((i) => i.activityItemIds))]),
  ]);
  const itemNames = new Map(activity.map((a) => [a.id, a.name]));
  return items.map(({ clientId, companyId, dealId, ownerUserId, activityItemIds, createdAt, ...rest }) => ({
    ...rest,
    client: (clientId && links.clients.get(clientId)) || '',
    company: (companyId && links.companies.get(companyId)) || '',
    deal: (dealId && links.deals.get(dealId)) || '',
    owner: owners.get(ownerUserId) ?? '',
    activity: activityItemIds.flatMap((id) => itemNames.get(id) ?? []),
    createdAt: createdAt.toISOString(),
  }));
}

/** A page of every series the caller's calendar scope shows, by first start; the cursor is the last row's. */
export async function seriesForExport(db: Db, actor: Actor, cursor: string | undefined, limit: number): Promise<{ items: ExportedSchedule[]; nextCursor: string | null }> {
  assertCan(actor, 'calendar', 'view');
  const [at, id] = cursor ? cursor.split('|') : [];
  const position = at && id ? { startsAt: new Date(at), id } : undefined;
  const rows = await transferRepository.seriesPage(db, actor.orgId, await ownerScope(db, actor), position, limit);
  const last = rows.at(-1);
  return { items: await named(db, actor.orgId, rows.map(baseOf)), nextCursor: rows.length === limit && last ? `${last.startsAt.toISOString()}|${last.id}` : null };
}

/**
 * The occurrences the calendar shows for local dates [from, to] (the calendar feed itself: the same owners, scope,
 * filter, moved and cancelled occurrences), each with its own dates, completion and per-occurrence edits.
 */
export async function occurrencesForExport(
  db: Db,
  actor: Actor,
  query: { from: string; to: string; userIds?: string[] | undefined; filter: CalendarFilter },
): Promise<ExportedSchedule[]> {
  const events = (await calendarEvents(db, actor, query)).items.filter((e) => e.type === 'schedule' && e.scheduleId);
  const ids = [...new Set(events.map((e) => e.scheduleId!))];
  const rows = new Map((await transferRepository.rowsByIds(db, actor.orgId, ids)).map((r) => [r.id, r]));
  const repeating = ids.filter((id) => rows.get(id)?.rrule);
  const exceptions = new Map((await schedulesRepository.exceptionsOf(db, actor.orgId, repeating)).map((e) => [`${e.scheduleId}:${e.occurrenceDate}`, e]));
  const items = events.flatMap((event): Base[] => {
    const row = rows.get(event.scheduleId!);
    if (!row) return [];
    const overrides = exceptions.get(`${row.id}:${event.occurrenceDate}`)?.overrides ?? {};
    return [
      {
        ...baseOf({ ...row, ...overrides } as ScheduleRow),
        startDate: event.startDate,
        startTime: event.startTime?.slice(0, 5) ?? null,
        endDate: event.endDate,
        endTime: event.endTime?.slice(0, 5) ?? null,
        fullDay: event.allDay,
        completed: event.completed,
      },
    ];
  });
  return named(db, actor.orgId, items);
}
