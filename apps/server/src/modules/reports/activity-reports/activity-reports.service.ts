import {
  activityReportSchema,
  defaultReportSetting,
  isoWeekday,
  reachedPercent,
  targetFor,
  type ActivityEntry,
  type ActivityListQuery,
  type ActivityReport,
  type PersonalReport,
  type ReportAdvanceFilter,
  type ReportColumn,
  type ReportScope,
  type ReportSetting,
  type ReportType,
  type TargetHeader,
  addDays,
  daysFromTo,
  formatPeriod,
  periodOf,
  periodRange,
} from '@lodestar/contract';
import { and, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import { AppError, fieldError } from '../../../platform/errors.ts';
import { assertCan, assertSystemAdministrator, ownerPredicate, type Actor } from '../../access/privileges/access-core.ts';
import * as activityItemsService from '../../calendar/activity-items/activity-items.service.ts';
import * as dealsService from '../../deals/deals/deals.service.ts';
import * as departmentsService from '../../access/departments/departments.service.ts';
import * as activityReportsRepository from './activity-reports.repository.ts';
import { resolvePeriod, todayOfWorkspace } from './activity-reports.periods.ts';

/*
 * Activity reports (docs/product.md#activity-reports). Whose points: the activityReport privilege's scope
 * (ownerPredicate on the member's user id), narrowed by the scope the viewer picks (advanceFilter.scope).
 * Targets: daily target = daily count × weight score; a week asks five, a month, quarter or custom range one per
 * working day (contract activity-periods.ts targetFor). No profile: no target (null, shown "—").
 */

type Visible = (column: AnyPgColumn) => Promise<SQL>;

/** The people the actor may see in reports, narrowed to `scope`; 403 without the view privilege. */
function visibility(db: Db, actor: Actor, scope: ReportScope | undefined): Visible {
  assertCan(actor, 'activityReport', 'view');
  return async (column) => {
    const allowed = await ownerPredicate(db, actor, 'activityReport', column);
    if (!scope || scope === 'all') return allowed;
    // The picked scope computed as if the privilege had it (same department / subordinate sets, cached per request).
    const narrowed: Actor = { ...actor, isTopAdministrator: false, features: { ...actor.features, activityReport: { methods: ['view'], scope } } };
    return and(allowed, await ownerPredicate(db, narrowed, 'activityReport', column))!;
  };
}

type Cells = Record<string, { points: number; count: number }>;

function cellsBy(sums: activityReportsRepository.PointSum[]): Map<string, { items: Cells; points: number; count: number }> {
  const out = new Map<string, { items: Cells; points: number; count: number }>();
  for (const sum of sums) {
    const entry = out.get(sum.key) ?? { items: {}, points: 0, count: 0 };
    const cell = (entry.items[sum.itemId ?? 'other'] ??= { points: 0, count: 0 });
    cell.points += sum.points;
    cell.count += sum.count;
    entry.points += sum.points;
    entry.count += sum.count;
    out.set(sum.key, entry);
  }
  return out;
}

async function settingOf(db: Db, orgId: string): Promise<ReportSetting> {
  const row = await activityReportsRepository.findSetting(db, orgId);
  return row ? { itemIds: row.itemIds ?? null, columns: row.columns as ReportColumn[] } : defaultReportSetting;
}

/** The item columns: the workspace's items, or those the report setting picked, in its order. */
async function itemColumns(db: Db, actor: Actor, setting: ReportSetting) {
  const { items } = await activityItemsService.listItems(db, actor);
  const columns = items.map((i) => ({ id: i.id, name: i.name, point: i.point }));
  if (!setting.itemIds) return { all: items.length, columns };
  const byId = new Map(columns.map((c) => [c.id, c]));
  return { all: items.length, columns: setting.itemIds.map((id) => byId.get(id)).filter((c) => c !== undefined) };
}

function sumTargets(targets: (number | null)[]): number | null {
  const known = targets.filter((t): t is number => t !== null);
  return known.length ? known.reduce((a, b) => a + b, 0) : null;
}

/** GET /api/activity/report: one row per visible person (zero when idle), team totals per department. */
export async function teamReport(
  db: Db,
  actor: Actor,
  query: { type: ReportType; reportDate?: string | undefined; advanceFilter?: ReportAdvanceFilter | undefined },
): Promise<ActivityReport> {
  const filter = query.advanceFilter ?? {};
  const visible = visibility(db, actor, filter.scope);
  const period = resolvePeriod(query.type, query.reportDate, filter, todayOfWorkspace());
  const [people, setting, setup] = await Promise.all([
    activityReportsRepository.reportMembers(db, actor.orgId, await visible(memberColumn()), filter),
    settingOf(db, actor.orgId),
    activityReportsRepository.setupCounts(db, actor.orgId),
  ]);
  const [sums, items] = await Promise.all([
    activityReportsRepository.pointsByUser(db, actor.orgId, people.map((p) => p.userId), period.from, period.to),
    itemColumns(db, actor, setting),
  ]);
  const byUser = cellsBy(sums);
  const rows = people.map((person) => {
    const earned = byUser.get(person.userId);
    const target = person.dailyTarget === null ? null : targetFor(person.dailyTarget, query.type, period);
    const total = earned?.points ?? 0;
    return {
      userId: person.userId,
      name: person.name,
      departmentId: person.departmentId,
      departmentName: person.departmentName,
      items: earned?.items ?? {},
      count: earned?.count ?? 0,
      total,
      target,
      reached: reachedPercent(total, target),
    };
  });
  const teams = new Map<string, (typeof rows)[number][]>();
  for (const row of rows) teams.set(row.departmentId ?? '', [...(teams.get(row.departmentId ?? '') ?? []), row]);
  const summary = (group: typeof rows) => {
    const total = group.reduce((a, r) => a + r.total, 0);
    const target = sumTargets(group.map((r) => r.target));
    return { count: group.reduce((a, r) => a + r.count, 0), total, target, reached: reachedPercent(total, target) };
  };
  return activityReportSchema.parse({
    period,
    items: items.columns,
    columns: setting.columns,
    rows,
    teams: [...teams.values()].map((group) => ({ departmentId: group[0]!.departmentId, name: group[0]!.departmentName, members: group.length, ...summary(group) })),
    totals: summary(rows),
    setup: { items: items.all, profiles: setup.profiles },
  });
}

// The members' user id column, given to the owner predicate (the repository owns the table import).
const memberColumn = () => activityReportsRepository.memberUserIdColumn;

/** One visible person (404 when outside the scope or not a member). */
async function visiblePerson(db: Db, actor: Actor, userId: string): Promise<activityReportsRepository.ReportMember> {
  const visible = visibility(db, actor, undefined);
  const [person] = await activityReportsRepository.reportMembers(db, actor.orgId, await visible(memberColumn()), { userIds: [userId] });
  if (!person) throw new AppError('NOT_FOUND');
  return person;
}

/** GET /api/report/personal: one person's days in the period, zero days included. */
export async function personalReport(
  db: Db,
  actor: Actor,
  query: { type: ReportType; reportDate?: string | undefined; advanceFilter?: ReportAdvanceFilter | undefined; uid?: string | undefined },
): Promise<PersonalReport> {
  const person = await visiblePerson(db, actor, query.uid ?? actor.userId);
  const period = resolvePeriod(query.type, query.reportDate, query.advanceFilter, todayOfWorkspace());
  const setting = await settingOf(db, actor.orgId);
  const [sums, items] = await Promise.all([
    activityReportsRepository.pointsByDay(db, actor.orgId, person.userId, period.from, period.to),
    itemColumns(db, actor, setting),
  ]);
  const byDay = cellsBy(sums);
  const days = Array.from({ length: daysFromTo(period.from, period.to) + 1 }, (_, i) => {
    const date = addDays(period.from, i);
    const earned = byDay.get(date);
    return {
      date,
      items: earned?.items ?? {},
      count: earned?.count ?? 0,
      total: earned?.points ?? 0,
      target: person.dailyTarget !== null && isoWeekday(date) <= 5 ? person.dailyTarget : null,
    };
  });
  const total = days.reduce((a, d) => a + d.total, 0);
  const target = person.dailyTarget === null ? null : targetFor(person.dailyTarget, query.type, period);
  return {
    period,
    user: { userId: person.userId, name: person.name, profileName: person.profileName, dailyTarget: person.dailyTarget },
    items: items.columns,
    days,
    totals: { count: days.reduce((a, d) => a + d.count, 0), total, target, reached: reachedPercent(total, target) },
  };
}

function toEntry(row: activityReportsRepository.EntryRow): ActivityEntry {
  const link = (id: string | null, name: string | null) => (id ? { id, name: name ?? '' } : null);
  return {
    scheduleId: row.scheduleId,
    occurrenceDate: row.occurrenceDate,
    earnedOn: row.earnedOn,
    title: row.title,
    userId: row.userId,
    userName: row.userName,
    items: row.items,
    total: row.total,
    client: link(row.clientId, row.clientName),
    company: link(row.companyId, row.companyName),
    deal: link(row.dealId, row.dealName),
  };
}

/** GET /api/report/detail: the completed schedules behind one person's points on a day (or through `to`). */
export async function detail(db: Db, actor: Actor, query: { uid: string; date: string; to?: string | undefined }): Promise<{ items: ActivityEntry[] }> {
  const person = await visiblePerson(db, actor, query.uid);
  const to = query.to ?? query.date;
  if (to < query.date || daysFromTo(query.date, to) > 366) throw fieldError('to', 'invalidValue');
  const rows = await activityReportsRepository.entries(db, actor.orgId, { userIds: [person.userId], from: query.date, to }, { limit: 2000, offset: 0 });
  return { items: rows.map(toEntry) };
}

/** GET /api/activity/report/list: completed activities of the visible people, filtered, one bounded page. */
export async function listActivities(db: Db, actor: Actor, query: Required<Pick<ActivityListQuery, 'from' | 'to'>> & { uid?: string | undefined; itemId?: string | undefined; clientId?: string | undefined; page: number; pageSize: number }) {
  if (query.to < query.from || daysFromTo(query.from, query.to) > 366) throw fieldError('to', 'invalidValue');
  const visible = visibility(db, actor, undefined);
  const people = await activityReportsRepository.reportMembers(db, actor.orgId, await visible(memberColumn()), { userIds: query.uid ? [query.uid] : undefined });
  const rows = await activityReportsRepository.entries(
    db,
    actor.orgId,
    { userIds: people.map((p) => p.userId), from: query.from, to: query.to, itemId: query.itemId, clientId: query.clientId },
    { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
  );
  return { items: rows.map(toEntry), total: rows[0]?.matches ?? 0, points: rows[0]?.allPoints ?? 0 };
}

/** GET /api/activity/targetHeader: the caller's own points today and this week (no privilege needed). */
export async function targetHeader(db: Db, actor: Actor): Promise<TargetHeader> {
  const today = todayOfWorkspace();
  const week = periodOf('week', today);
  const range = periodRange(week);
  const [[me], [todayPoints, weekPoints]] = await Promise.all([
    activityReportsRepository.reportMembers(db, actor.orgId, activityReportsRepository.isUser(actor.userId), {}),
    activityReportsRepository.pointsOf(db, actor.orgId, actor.userId, [{ from: today, to: today }, range]),
  ]);
  const daily = me?.dailyTarget ?? null;
  return {
    today: { date: today, points: todayPoints ?? 0, target: daily === null || isoWeekday(today) > 5 ? null : daily },
    week: { symbol: formatPeriod(week), points: weekPoints ?? 0, target: daily === null ? null : targetFor(daily, 'week', range) },
  };
}

// ---- settings ----

export function getSetting(db: Db, actor: Actor): Promise<ReportSetting> {
  return settingOf(db, actor.orgId);
}

/** POST /api/report/setting (system administrators): every item id must be an item of the workspace. */
export async function saveSetting(db: Db, actor: Actor, input: ReportSetting): Promise<ReportSetting> {
  assertSystemAdministrator(actor);
  const itemIds = input.itemIds === null ? null : [...new Set(input.itemIds)];
  if (itemIds) await activityItemsService.assertItems(db, actor.orgId, itemIds, 'itemIds');
  await activityReportsRepository.saveSetting(db, actor.orgId, { itemIds, columns: [...new Set(input.columns)] });
  return settingOf(db, actor.orgId);
}

// ---- performance targets ----

/** GET /api/report/performanceTarget (system administrators): every member's monthly targets and won amounts of a year, and their departments' stored targets. */
export async function performanceTargets(db: Db, actor: Actor, year: number) {
  assertSystemAdministrator(actor);
  const people = await activityReportsRepository.reportMembers(db, actor.orgId, activityReportsRepository.everyone, {});
  const ids = people.map((p) => p.userId);
  const tree = await departmentsService.listDepartments(db, actor);
  const [targets, won, stored] = await Promise.all([
    activityReportsRepository.targetsOfYear(db, actor.orgId, ids, year),
    activityReportsRepository.wonOfYear(db, actor.orgId, ids, year),
    dealsService.departmentTargetsOfYear(db, actor.orgId, tree.map((d) => d.id), year),
  ]);
  const departments = tree.map((d, i) => ({ departmentId: d.id, name: d.name, parentId: d.parentId, targets: stored[i]!.targets }));
  const months = (rows: { userId: string; month: number; value: string }[], userId: string) => {
    const out = Array.from({ length: 12 }, () => '0.00');
    for (const row of rows) if (row.userId === userId) out[row.month - 1] = row.value;
    return out;
  };
  const t = targets.map((r) => ({ userId: r.userId, month: r.month, value: Number(r.target).toFixed(2) }));
  const w = won.map((r) => ({ userId: r.userId, month: r.month, value: r.amount }));
  return {
    year,
    rows: people.map((p) => ({ userId: p.userId, name: p.name, departmentId: p.departmentId, departmentName: p.departmentName, targets: months(t, p.userId), achieved: months(w, p.userId) })),
    departments,
  };
}

