import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { personNameSql } from '../../../db/person-name.ts';
import type { Db } from '../../../db/client.ts';
import { departments } from '../../access/departments/departments.table.ts';
import { members } from '../../access/members/members.table.ts';
import { users } from '../../access/users/users.table.ts';
import { activityPoints, activityProfiles, activityProfileUsers } from '../../calendar/activity-items/activity-items.table.ts';
import { schedules } from '../../calendar/schedules/schedules.table.ts';
import { deals, dealTargets } from '../../deals/deals/deals.table.ts';
import { companies } from '../../records/companies/companies.table.ts';
import { contacts } from '../../records/contacts/contacts.table.ts';
import { activityReportSettings } from './activity-reports.table.ts';

/*
 * Read-only aggregates over other modules' tables (apps/server/src/modules/reports/README.md: reports read, never write): every
 * statement filters by org_id, sums in SQL (GROUP BY), and takes the visible people as one predicate on
 * members.user_id, so a report costs the same few statements for 5 people or 500.
 */

/** The column whose owner predicate (access-core ownerPredicate) says whose points a report shows. */
export const memberUserIdColumn = members.userId;
export const isUser = (userId: string): SQL => eq(members.userId, userId);
export const everyone: SQL = sql`true`;

const userName = personNameSql(users.firstName, users.lastName);

export interface ReportMember {
  userId: string;
  name: string;
  departmentId: string | null;
  departmentName: string | null;
  profileName: string | null;
  /** daily target count × weight score; null without a profile. */
  dailyTarget: number | null;
}

/** Activated members matching `visible` (a predicate on members.user_id) and the filter, with their profile's daily target. */
export function reportMembers(db: Db, orgId: string, visible: SQL, filter: { departmentId?: string | undefined; userIds?: string[] | undefined }): Promise<ReportMember[]> {
  return db
    .select({
      userId: sql<string>`${members.userId}`,
      name: userName,
      departmentId: members.departmentId,
      departmentName: departments.name,
      profileName: activityProfiles.name,
      dailyTarget: sql<number | null>`(${activityProfiles.dailyTargetCount} * ${activityProfiles.weightScore})::int`,
    })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .leftJoin(departments, and(eq(departments.id, members.departmentId), eq(departments.orgId, orgId)))
    .leftJoin(activityProfileUsers, and(eq(activityProfileUsers.orgId, orgId), eq(activityProfileUsers.userId, members.userId)))
    .leftJoin(activityProfiles, and(eq(activityProfiles.id, activityProfileUsers.profileId), eq(activityProfiles.orgId, orgId)))
    .where(
      and(
        eq(members.orgId, orgId),
        eq(members.status, 'activated'),
        visible,
        filter.departmentId ? eq(members.departmentId, filter.departmentId) : undefined,
        filter.userIds?.length ? inArray(members.userId, filter.userIds) : undefined,
      ),
    )
    .orderBy(asc(departments.name), asc(userName), asc(members.userId));
}

export interface PointSum {
  key: string;
  itemId: string | null;
  points: number;
  count: number;
}

/** Σ points and completions per (person, item) in a range: one GROUP BY (activity_points_user_day_idx). */
export async function pointsByUser(db: Db, orgId: string, userIds: string[], from: string, to: string): Promise<PointSum[]> {
  if (userIds.length === 0) return [];
  return db
    .select({
      key: sql<string>`${activityPoints.userId}`,
      itemId: activityPoints.activityItemId,
      points: sql<number>`sum(${activityPoints.point})::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(activityPoints)
    .where(and(eq(activityPoints.orgId, orgId), inArray(activityPoints.userId, userIds), gte(activityPoints.earnedOn, from), lte(activityPoints.earnedOn, to)))
    .groupBy(activityPoints.userId, activityPoints.activityItemId);
}

/** Σ points and completions per (day, item) of one person. */
export function pointsByDay(db: Db, orgId: string, userId: string, from: string, to: string): Promise<PointSum[]> {
  return db
    .select({
      key: sql<string>`${activityPoints.earnedOn}::text`,
      itemId: activityPoints.activityItemId,
      points: sql<number>`sum(${activityPoints.point})::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(activityPoints)
    .where(and(eq(activityPoints.orgId, orgId), eq(activityPoints.userId, userId), gte(activityPoints.earnedOn, from), lte(activityPoints.earnedOn, to)))
    .groupBy(activityPoints.earnedOn, activityPoints.activityItemId);
}

/** Σ points of one person between two days (the header). */
export async function pointsOf(db: Db, orgId: string, userId: string, ranges: { from: string; to: string }[]): Promise<number[]> {
  const [row] = await db
    .select(
      Object.fromEntries(
        ranges.map((r, i) => [
          `r${i}`,
          sql<number>`coalesce(sum(${activityPoints.point}) filter (where ${activityPoints.earnedOn} between ${r.from} and ${r.to}), 0)::int`,
        ]),
      ) as Record<string, SQL<number>>,
    )
    .from(activityPoints)
    .where(
      and(
        eq(activityPoints.orgId, orgId),
        eq(activityPoints.userId, userId),
        gte(activityPoints.earnedOn, ranges.reduce((a, r) => (r.from < a ? r.from : a), ranges[0]!.from)),
        lte(activityPoints.earnedOn, ranges.reduce((a, r) => (r.to > a ? r.to : a), ranges[0]!.to)),
      ),
    );
  return ranges.map((_, i) => Number((row as Record<string, number> | undefined)?.[`r${i}`] ?? 0));
}

export interface EntryRow {
  scheduleId: string;
  occurrenceDate: string;
  earnedOn: string;
  title: string;
  userId: string;
  userName: string;
  items: { itemId: string | null; name: string; point: number }[];
  total: number;
  clientId: string | null;
  clientName: string | null;
  companyId: string | null;
  companyName: string | null;
  dealId: string | null;
  dealName: string | null;
  /** Every matching occurrence (the same for each row of a page). */
  matches: number;
  allPoints: number;
}

/**
 * Completed occurrences behind the points (one row per occurrence, its items aggregated), newest first, with the
 * linked client, company and deal when still live. The page is bounded; `matches` and `allPoints` come from a
 * window over the grouped rows, so the page and its totals are one statement.
 */
export async function entries(
  db: Db,
  orgId: string,
  filter: { userIds: string[]; from: string; to: string; itemId?: string | undefined; clientId?: string | undefined },
  page: { limit: number; offset: number },
): Promise<EntryRow[]> {
  if (filter.userIds.length === 0) return [];
  const p = activityPoints;
  const rows = await db
    .select({
      scheduleId: sql<string>`${p.scheduleId}`,
      occurrenceDate: sql<string>`${p.occurrenceDate}::text`,
      earnedOn: sql<string>`min(${p.earnedOn})::text`,
      title: sql<string>`coalesce(max(${schedules.title}), '')`,
      userId: sql<string>`${p.userId}`,
      userName: sql<string>`max(${userName})`,
      items: sql<EntryRow['items']>`json_agg(json_build_object('itemId', ${p.activityItemId}, 'name', ${p.itemName}, 'point', ${p.point}) order by ${p.itemName})`,
      total: sql<number>`sum(${p.point})::int`,
      clientId: sql<string | null>`max(${contacts.id}::text)`,
      clientName: sql<string | null>`max(${personNameSql(contacts.firstName, contacts.lastName)})`,
      companyId: sql<string | null>`max(${companies.id}::text)`,
      companyName: sql<string | null>`max(${companies.name})`,
      dealId: sql<string | null>`max(${deals.id}::text)`,
      dealName: sql<string | null>`max(${deals.name})`,
      matches: sql<number>`(count(*) over ())::int`,
      allPoints: sql<number>`(sum(sum(${p.point})) over ())::int`,
    })
    .from(p)
    .innerJoin(users, eq(users.id, p.userId))
    .leftJoin(schedules, and(eq(schedules.id, p.scheduleId), eq(schedules.orgId, orgId)))
    .leftJoin(contacts, and(eq(contacts.id, schedules.clientId), eq(contacts.orgId, orgId), sql`${contacts.deletedAt} is null`))
    .leftJoin(companies, and(eq(companies.id, schedules.companyId), eq(companies.orgId, orgId), sql`${companies.deletedAt} is null`))
    .leftJoin(deals, and(eq(deals.id, schedules.dealId), eq(deals.orgId, orgId), sql`${deals.deletedAt} is null`))
    .where(
      and(
        eq(p.orgId, orgId),
        inArray(p.userId, filter.userIds),
        gte(p.earnedOn, filter.from),
        lte(p.earnedOn, filter.to),
        filter.itemId ? sql`exists (select 1 from ${activityPoints} x where x.org_id = ${orgId} and x.schedule_id = ${p.scheduleId} and x.occurrence_date = ${p.occurrenceDate} and x.activity_item_id = ${filter.itemId})` : undefined,
        filter.clientId ? eq(schedules.clientId, filter.clientId) : undefined,
      ),
    )
    .groupBy(p.scheduleId, p.occurrenceDate, p.userId)
    .orderBy(sql`min(${p.earnedOn}) desc`, sql`max(${schedules.startTime}) desc nulls last`, p.scheduleId)
    .limit(page.limit)
    .offset(page.offset);
  return rows;
}

/** How many activity items and profiles the workspace has (the empty state says what to configure). */
export async function setupCounts(db: Db, orgId: string): Promise<{ profiles: number }> {
  const [row] = await db.select({ profiles: sql<number>`count(*)::int` }).from(activityProfiles).where(eq(activityProfiles.orgId, orgId));
  return { profiles: row?.profiles ?? 0 };
}

// ---- settings ----

export async function findSetting(db: Db, orgId: string) {
  const [row] = await db.select().from(activityReportSettings).where(eq(activityReportSettings.orgId, orgId));
  return row;
}

export async function saveSetting(db: Db, orgId: string, values: { itemIds: string[] | null; columns: string[] }): Promise<void> {
  await db
    .insert(activityReportSettings)
    .values({ orgId, ...values })
    .onConflictDoUpdate({ target: activityReportSettings.orgId, set: { ...values, updatedAt: sql`now()` } });
}

// ---- performance targets (settings/performanceTarget) ----

/** Monthly targets of a year for the given people (deal_targets primary key). */
export async function targetsOfYear(db: Db, orgId: string, userIds: string[], year: number) {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: dealTargets.userId, month: dealTargets.month, target: sql<string>`${dealTargets.target}::text` })
    .from(dealTargets)
    .where(and(eq(dealTargets.orgId, orgId), eq(dealTargets.year, year), inArray(dealTargets.userId, userIds)));
}

/** Won amount per (owner, month) of a year (deals_org_won_idx): one GROUP BY. */
export async function wonOfYear(db: Db, orgId: string, userIds: string[], year: number) {
  if (userIds.length === 0) return [];
  return db
    .select({
      userId: sql<string>`${deals.ownerUserId}`,
      month: sql<number>`extract(month from ${deals.completedDate})::int`,
      amount: sql<string>`round(sum(${deals.amount}), 2)::text`,
    })
    .from(deals)
    .where(
      and(
        eq(deals.orgId, orgId),
        sql`${deals.deletedAt} is null`,
        eq(deals.stage, 1000),
        inArray(deals.ownerUserId, userIds),
        gte(deals.completedDate, `${year}-01-01`),
        lte(deals.completedDate, `${year}-12-31`),
      ),
    )
    .groupBy(deals.ownerUserId, sql`2`);
}
