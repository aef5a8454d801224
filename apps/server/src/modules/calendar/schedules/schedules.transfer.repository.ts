import { and, asc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { personNameSql } from '../../../db/person-name.ts';
import { members } from '../../access/members/members.table.ts';
import { users } from '../../access/users/users.table.ts';
import type { ScheduleRow } from './schedules.repository.ts';
import { schedules } from './schedules.table.ts';

/** Reads of import and export (schedules.transfer.ts): duplicates by title, members by name, pages of visible series. */

/** Schedules with any of these lower-cased titles, oldest first (an import chunk's duplicates). */
export function findByTitles(db: Db, orgId: string, lowerTitles: string[]) {
  if (lowerTitles.length === 0) return Promise.resolve([]);
  return db
    .select({ id: schedules.id, title: schedules.title, startDate: schedules.startDate, startTime: schedules.startTime, ownerUserId: schedules.ownerUserId })
    .from(schedules)
    .where(and(eq(schedules.orgId, orgId), inArray(sql`lower(${schedules.title})`, lowerTitles)))
    .orderBy(asc(schedules.createdAt), asc(schedules.id));
}

/** Activated members by lower-cased name and email (a file's owner column). */
export async function activatedMembersByName(db: Db, orgId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ userId: users.id, name: personNameSql(users.firstName, users.lastName), email: users.email })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.orgId, orgId), eq(members.status, 'activated')))
    .orderBy(asc(members.createdAt));
  const byName = new Map<string, string>();
  for (const r of rows) for (const key of [r.name, r.email]) if (key && !byName.has(key.toLowerCase())) byName.set(key.toLowerCase(), r.userId);
  return byName;
}

/** Whole rows by id (an import's update and undo). */
export function rowsByIds(db: Db, orgId: string, ids: string[]): Promise<ScheduleRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(schedules).where(and(eq(schedules.orgId, orgId), inArray(schedules.id, ids)));
}

/** Keyset position of an export page: the last row's first start and id. */
export interface SeriesCursor {
  startsAt: Date;
  id: string;
}

/** Series the visibility predicate lets through, by first start then id, after `cursor`. */
export function seriesPage(db: Db, orgId: string, visibility: SQL, cursor: SeriesCursor | undefined, limit: number): Promise<ScheduleRow[]> {
  const after = cursor ? or(gt(schedules.startsAt, cursor.startsAt), and(eq(schedules.startsAt, cursor.startsAt), gt(schedules.id, cursor.id))) : undefined;
  return db
    .select()
    .from(schedules)
    .where(and(eq(schedules.orgId, orgId), visibility, after))
    .orderBy(asc(schedules.startsAt), asc(schedules.id))
    .limit(limit);
}
