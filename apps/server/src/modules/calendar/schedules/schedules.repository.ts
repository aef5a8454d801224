import { fullName } from '@lodestar/contract';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import { keywordMatch, uuidList } from '../../../db/search-columns.ts';
import { files } from '../../access/files/files.table.ts';
import { companies } from '../../records/companies/companies.table.ts';
import { contacts } from '../../records/contacts/contacts.table.ts';
import { deals } from '../../deals/deals/deals.table.ts';
import { members } from '../../access/members/members.table.ts';
import { users } from '../../access/users/users.table.ts';
import { scheduleExceptions, scheduleRemindersShown, schedules, scheduleViewerPicks, type OccurrenceOverrides } from './schedules.table.ts';
import { personNameSql } from '../../../db/person-name.ts';

export type ScheduleRow = typeof schedules.$inferSelect;
export type ScheduleInsert = Omit<typeof schedules.$inferInsert, 'id' | 'orgId' | 'createdAt' | 'updatedAt' | 'searchText' | 'searchBigrams'>;
export type ExceptionRow = typeof scheduleExceptions.$inferSelect;
export type ExceptionValues = Partial<Omit<typeof scheduleExceptions.$inferInsert, 'orgId' | 'scheduleId' | 'occurrenceDate'>>;

const userName = personNameSql(users.firstName, users.lastName);

// ---- schedules ----

export async function insertSchedule(db: Db, orgId: string, values: ScheduleInsert): Promise<ScheduleRow> {
  const [row] = await db.insert(schedules).values({ ...values, orgId }).returning();
  return row!;
}

export async function updateSchedule(db: Db, orgId: string, id: string, values: Partial<ScheduleInsert>): Promise<ScheduleRow | undefined> {
  const [row] = await db
    .update(schedules)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(schedules.orgId, orgId), eq(schedules.id, id)))
    .returning();
  return row;
}

export async function deleteSchedules(db: Db, orgId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db.delete(schedules).where(and(eq(schedules.orgId, orgId), inArray(schedules.id, ids))).returning({ id: schedules.id });
  return rows.length;
}

/** A schedule the visibility predicate lets through, with its locked row when `forUpdate`. */
export async function findSchedule(db: Db, orgId: string, id: string, visibility: SQL = sql`true`): Promise<ScheduleRow | undefined> {
  const [row] = await db
    .select()
    .from(schedules)
    .where(and(eq(schedules.orgId, orgId), eq(schedules.id, id), visibility));
  return row;
}

export async function lockSchedule(db: Db, orgId: string, id: string): Promise<ScheduleRow | undefined> {
  const [row] = await db
    .select()
    .from(schedules)
    .where(and(eq(schedules.orgId, orgId), eq(schedules.id, id)))
    .for('update');
  return row;
}

/**
 * What range reads (calendar feed, reminders, ICS) use of a schedule: its timing, rule and what an event shows —
 * not the search columns, notes, links or images, whose decoding would dominate a month of rows.
 */
const rangeColumns = {
  id: schedules.id,
  ownerUserId: schedules.ownerUserId,
  title: schedules.title,
  category: schedules.category,
  startDate: schedules.startDate,
  startTime: schedules.startTime,
  endDate: schedules.endDate,
  endTime: schedules.endTime,
  fullDay: schedules.fullDay,
  timezone: schedules.timezone,
  rrule: schedules.rrule,
  notice: schedules.notice,
  color: schedules.color,
  completed: schedules.completed,
};
export type ScheduleRangeRow = Pick<ScheduleRow, keyof typeof rangeColumns>;

/**
 * Schedules of these owners that can reach [from, to): started before `to`, and whose last occurrence ends
 * after `from` (or that repeat forever). Served by schedules_org_owner_range_idx.
 */
export function listInRange(db: Db, orgId: string, ownerIds: string[], from: Date, to: Date): Promise<ScheduleRangeRow[]> {
  if (ownerIds.length === 0) return Promise.resolve([]);
  return db
    .select(rangeColumns)
    .from(schedules)
    .where(
      and(
        eq(schedules.orgId, orgId),
        inArray(schedules.ownerUserId, ownerIds),
        lt(schedules.startsAt, to),
        or(gte(schedules.lastEndsAt, from), isNull(schedules.lastEndsAt)),
      ),
    );
}

export function listByIds(db: Db, orgId: string, ids: string[]): Promise<ScheduleRangeRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select(rangeColumns).from(schedules).where(and(eq(schedules.orgId, orgId), inArray(schedules.id, ids)));
}

/** Every schedule (series) of one owner, newest first (calendar sync and the ICS feed). */
export function listOfOwner(db: Db, orgId: string, ownerUserId: string, updatedSince?: Date): Promise<ScheduleRow[]> {
  return db
    .select()
    .from(schedules)
    .where(and(eq(schedules.orgId, orgId), eq(schedules.ownerUserId, ownerUserId), updatedSince ? gte(schedules.updatedAt, updatedSince) : undefined))
    .orderBy(desc(schedules.updatedAt));
}

/** Title search among visible schedules, most recently changed first. */
export function searchByTitle(db: Db, orgId: string, keyword: string, visibility: SQL, limit: number): Promise<ScheduleRow[]> {
  return db
    .select()
    .from(schedules)
    .where(and(eq(schedules.orgId, orgId), visibility, keywordMatch(schedules.searchText, schedules.searchBigrams, keyword)))
    .orderBy(desc(schedules.updatedAt))
    .limit(limit);
}

// ---- exceptions ----

export function exceptionsOf(db: Db, orgId: string, scheduleIds: string[]): Promise<ExceptionRow[]> {
  if (scheduleIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(scheduleExceptions)
    .where(and(eq(scheduleExceptions.orgId, orgId), inArray(scheduleExceptions.scheduleId, scheduleIds)))
    .orderBy(asc(scheduleExceptions.occurrenceDate));
}

/**
 * The exceptions that matter to a range read: those of occurrences dated in [fromDate, toDate] and those moved to
 * instants overlapping [fromInstant, toInstant) — not every completed occurrence of years of a series.
 */
export function exceptionsInRange(
  db: Db,
  orgId: string,
  scheduleIds: string[],
  range: { fromDate: string; toDate: string; fromInstant: Date; toInstant: Date },
): Promise<ExceptionRow[]> {
  if (scheduleIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(scheduleExceptions)
    .where(
      and(
        eq(scheduleExceptions.orgId, orgId),
        sql`${scheduleExceptions.scheduleId} = any(${uuidList(scheduleIds)})`,
        or(
          and(gte(scheduleExceptions.occurrenceDate, range.fromDate), lte(scheduleExceptions.occurrenceDate, range.toDate)),
          and(isNotNull(scheduleExceptions.startsAt), lt(scheduleExceptions.startsAt, range.toInstant), gte(scheduleExceptions.endsAt, range.fromInstant)),
        ),
      ),
    )
    .orderBy(asc(scheduleExceptions.occurrenceDate));
}

export async function findException(db: Db, orgId: string, scheduleId: string, occurrenceDate: string): Promise<ExceptionRow | undefined> {
  const [row] = await db
    .select()
    .from(scheduleExceptions)
    .where(and(eq(scheduleExceptions.orgId, orgId), eq(scheduleExceptions.scheduleId, scheduleId), eq(scheduleExceptions.occurrenceDate, occurrenceDate)));
  return row;
}

/** Ids of schedules of these owners with an occurrence moved into [from, to). */
export async function movedIntoRange(db: Db, orgId: string, ownerIds: string[], from: Date, to: Date): Promise<string[]> {
  if (ownerIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ scheduleId: scheduleExceptions.scheduleId })
    .from(scheduleExceptions)
    .innerJoin(schedules, eq(schedules.id, scheduleExceptions.scheduleId))
    .where(
      and(
        eq(scheduleExceptions.orgId, orgId),
        isNotNull(scheduleExceptions.startsAt),
        lt(scheduleExceptions.startsAt, to),
        gte(scheduleExceptions.endsAt, from),
        eq(schedules.orgId, orgId),
        inArray(schedules.ownerUserId, ownerIds),
      ),
    );
  return rows.map((r) => r.scheduleId);
}

export async function upsertException(db: Db, orgId: string, scheduleId: string, occurrenceDate: string, values: ExceptionValues): Promise<ExceptionRow> {
  const [row] = await db
    .insert(scheduleExceptions)
    .values({ ...values, orgId, scheduleId, occurrenceDate })
    .onConflictDoUpdate({ target: [scheduleExceptions.scheduleId, scheduleExceptions.occurrenceDate], set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

/** All exceptions of a schedule, or those on or after `from`. */
export async function deleteExceptions(db: Db, orgId: string, scheduleId: string, from?: string): Promise<void> {
  await db
    .delete(scheduleExceptions)
    .where(
      and(
        eq(scheduleExceptions.orgId, orgId),
        eq(scheduleExceptions.scheduleId, scheduleId),
        from ? gte(scheduleExceptions.occurrenceDate, from) : undefined,
      ),
    );
}

export type { OccurrenceOverrides };

// ---- linked records, people, files ----

/** Names of live linked records of the workspace (null when missing, deleted or elsewhere). */
export async function linkNames(
  db: Db,
  orgId: string,
  links: { companyIds: string[]; clientIds: string[]; dealIds: string[] },
): Promise<{ companies: Map<string, string>; clients: Map<string, string>; deals: Map<string, string> }> {
  const unique = (ids: string[]) => [...new Set(ids)];
  const [companyRows, clientRows, dealRows] = await Promise.all([
    links.companyIds.length
      ? db.select({ id: companies.id, name: companies.name }).from(companies)
          .where(and(eq(companies.orgId, orgId), inArray(companies.id, unique(links.companyIds)), isNull(companies.deletedAt)))
      : [],
    links.clientIds.length
      ? db.select({ id: contacts.id, firstName: contacts.firstName, lastName: contacts.lastName }).from(contacts)
          .where(and(eq(contacts.orgId, orgId), inArray(contacts.id, unique(links.clientIds)), isNull(contacts.deletedAt)))
      : [],
    links.dealIds.length
      ? db.select({ id: deals.id, name: deals.name }).from(deals)
          .where(and(eq(deals.orgId, orgId), inArray(deals.id, unique(links.dealIds)), isNull(deals.deletedAt)))
      : [],
  ]);
  return {
    companies: new Map(companyRows.map((r) => [r.id, r.name])),
    clients: new Map(clientRows.map((r) => [r.id, fullName(r.firstName, r.lastName)])),
    deals: new Map(dealRows.map((r) => [r.id, r.name])),
  };
}

/**
 * Activated members of the workspace, limited by the caller's visibility predicate over the member's user id
 * (the calendar privilege's scope), optionally to `userIds`.
 */
export async function visibleMembers(
  db: Db,
  orgId: string,
  visibilityOf: (userIdColumn: AnyPgColumn) => Promise<SQL>,
  userIds?: string[],
): Promise<{ userId: string; name: string }[]> {
  const visibility = await visibilityOf(members.userId);
  return db
    .select({ userId: sql<string>`${members.userId}`, name: userName })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(
      and(
        eq(members.orgId, orgId),
        eq(members.status, 'activated'),
        visibility,
        userIds ? (userIds.length ? inArray(members.userId, userIds) : sql`false`) : undefined,
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName));
}

export async function memberNames(db: Db, orgId: string, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: users.id, name: userName })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.orgId, orgId), inArray(members.userId, [...new Set(userIds)])));
  return new Map(rows.map((r) => [r.userId, r.name]));
}

export async function fileNames(db: Db, orgId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: files.id, name: files.name }).from(files).where(and(eq(files.orgId, orgId), inArray(files.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

// ---- reminders and viewer picks ----

export interface FieldNotificationRow {
  id: string;
  name: string;
  fieldId: string;
  value: { value?: string; date: string; dateTime?: string | null };
}

const recordSources = {
  contact: { table: contacts, name: personNameSql(contacts.firstName, contacts.lastName), owner: contacts.ownerUserId },
  company: { table: companies, name: sql<string>`${companies.name}`, owner: companies.ownerUserId },
  deal: { table: deals, name: sql<string>`${deals.name}`, owner: deals.ownerUserId },
} as const;

/**
 * Notification custom-field values (issues 4/5) dated between two local dates on the live records a user owns.
 * A read-only look into the contact, company and deal tables, like linkNames: the reminder feed gathers them.
 */
export async function fieldNotifications(
  db: Db,
  orgId: string,
  ownerUserId: string,
  entity: keyof typeof recordSources,
  fieldIds: string[],
  fromDate: string,
  toDate: string,
): Promise<FieldNotificationRow[]> {
  if (fieldIds.length === 0) return [];
  const source = recordSources[entity];
  const t = source.table;
  const rows = await db.execute(sql`
    select ${t.id} as id, ${source.name} as name, f.key as "fieldId", f.value as value
    from ${t} cross join lateral jsonb_each(${t.dynamicFields}) f
    where ${t.orgId} = ${orgId} and ${source.owner} = ${ownerUserId} and ${t.deletedAt} is null
      and f.key in (${sql.join(fieldIds.map((id) => sql`${id}`), sql`, `)})
      and jsonb_typeof(f.value) = 'object'
      and f.value->>'date' between ${fromDate} and ${toDate}`);
  return (rows as unknown as { rows: FieldNotificationRow[] }).rows;
}

/** Records reminders as shown; answers the keys that were not shown before (each reminder is answered once). */
export async function claimReminders(db: Db, orgId: string, userId: string, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .insert(scheduleRemindersShown)
    .values(keys.map((key) => ({ orgId, userId, key })))
    .onConflictDoNothing()
    .returning({ key: scheduleRemindersShown.key });
  return new Set(rows.map((r) => r.key));
}

export async function findPicks(db: Db, orgId: string, userId: string): Promise<string[]> {
  const [row] = await db
    .select({ ids: scheduleViewerPicks.pickedUserIds })
    .from(scheduleViewerPicks)
    .where(and(eq(scheduleViewerPicks.orgId, orgId), eq(scheduleViewerPicks.userId, userId)));
  return row?.ids ?? [];
}

export async function savePicks(db: Db, orgId: string, userId: string, pickedUserIds: string[]): Promise<void> {
  await db
    .insert(scheduleViewerPicks)
    .values({ orgId, userId, pickedUserIds })
    .onConflictDoUpdate({ target: [scheduleViewerPicks.orgId, scheduleViewerPicks.userId], set: { pickedUserIds, updatedAt: sql`now()` } });
}
