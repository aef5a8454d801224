import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { files } from '../../access/files/files.table.ts';
import { users } from '../../access/users/users.table.ts';
import { activityItems } from '../activity-items/activity-items.table.ts';
import { schedules } from './schedules.table.ts';

export type LinkColumn = 'clientId' | 'companyId' | 'dealId';

/** The schedules linked to a record that the viewer sees (scope: the calendar owner predicate). */
const linkedTo = (orgId: string, column: LinkColumn, recordId: string, scope: SQL) => and(eq(schedules.orgId, orgId), eq(schedules[column], recordId), scope);

/** Still to come: starts later, or a repeating series not yet over. */
const upcoming = (now: Date) => or(gte(schedules.startsAt, now), and(isNotNull(schedules.rrule), or(isNull(schedules.lastEndsAt), gte(schedules.lastEndsAt, now))));

/** Σ points of a schedule's activity items (settings/activityList), and their names and points. */
const points = sql<number>`coalesce((select sum(${activityItems.point}) from ${activityItems} where ${activityItems.orgId} = ${schedules.orgId} and ${activityItems.id} = any(${schedules.activityItemIds})), 0)::int`;
const items = sql<{ name: string; point: number }[]>`coalesce((select json_agg(json_build_object('name', ${activityItems.name}, 'point', ${activityItems.point}) order by ${activityItems.name}) from ${activityItems} where ${activityItems.orgId} = ${schedules.orgId} and ${activityItems.id} = any(${schedules.activityItemIds})), '[]'::json)`;

/**
 * One side (upcoming or past) of a record's schedules for its page, with the side's count and points in the same
 * statement: upcoming soonest first, past latest first.
 */
export function schedulesOfRecord(db: Db, orgId: string, column: LinkColumn, recordId: string, scope: SQL, side: 'upcoming' | 'past', now: Date, limit: number) {
  const when = side === 'upcoming' ? upcoming(now) : sql`not (${upcoming(now)})`;
  return db
    .select({
      id: schedules.id,
      title: schedules.title,
      startDate: schedules.startDate,
      startTime: schedules.startTime,
      endDate: schedules.endDate,
      endTime: schedules.endTime,
      fullDay: schedules.fullDay,
      timezone: schedules.timezone,
      rrule: schedules.rrule,
      startsAt: schedules.startsAt,
      completed: schedules.completed,
      ownerFirstName: users.firstName,
      ownerLastName: users.lastName,
      points,
      items,
      total: sql<number>`(count(*) over ())::int`,
      totalPoints: sql<number>`(sum(${points}) over ())::int`,
    })
    .from(schedules)
    .leftJoin(users, eq(users.id, schedules.ownerUserId))
    .where(and(linkedTo(orgId, column, recordId, scope), when))
    .orderBy(side === 'upcoming' ? asc(schedules.startsAt) : desc(schedules.startsAt), asc(schedules.id))
    .limit(limit);
}

/** Ids and titles of a record's visible schedules, latest first (their timeline entries join the record's). */
export function scheduleNamesOfRecord(db: Db, orgId: string, column: LinkColumn, recordId: string, scope: SQL, limit: number) {
  return db.select({ id: schedules.id, name: schedules.title }).from(schedules).where(linkedTo(orgId, column, recordId, scope)).orderBy(desc(schedules.startsAt)).limit(limit);
}


/** The images of a record's visible schedules (files rows), newest first, with their count. */
export function imagesOfRecord(db: Db, orgId: string, column: LinkColumn, recordId: string, scope: SQL, limit: number) {
  return db
    .select({
      id: files.id,
      name: files.name,
      mimeType: files.mimeType,
      size: files.size,
      createdAt: files.createdAt,
      scheduleId: schedules.id,
      scheduleTitle: schedules.title,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(schedules)
    .innerJoin(files, and(eq(files.orgId, schedules.orgId), sql`${files.id} = any(${schedules.imageFileIds})`))
    .where(linkedTo(orgId, column, recordId, scope))
    .orderBy(desc(files.createdAt), asc(files.id))
    .limit(limit);
}

/** Of these schedules, the completed ones with a contact that have started by `now`: each contact's latest start. */
export function completedContactTimes(db: Db, orgId: string, scheduleIds: string[], now: Date) {
  return db
    .select({ contactId: sql<string>`${schedules.clientId}`, at: sql<Date>`max(${schedules.startsAt})`.mapWith((value: string | Date) => new Date(value)) })
    .from(schedules)
    .where(and(eq(schedules.orgId, orgId), inArray(schedules.id, scheduleIds), eq(schedules.completed, true), isNotNull(schedules.clientId), lte(schedules.startsAt, now)))
    .groupBy(schedules.clientId);
}
