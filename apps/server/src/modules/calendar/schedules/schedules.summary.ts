import { addDays, fullName, summarySectionLimit, type SummarySchedule } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { can, type Actor } from '../../access/privileges/access-core.ts';
import type { SummarySection, TimelineRelation } from '../../records/record-summary/record-summary.service.ts';
import { ownerScope } from './schedules.access.ts';
import { expand } from './schedules.recurrence.ts';
import * as schedulesSummaryRepository from './schedules.summary.repository.ts';
import { hhmm } from './schedules.timing.ts';

const columnFor = (entityType: string): schedulesSummaryRepository.LinkColumn | null =>
  entityType === 'contact' ? 'clientId' : entityType === 'company' ? 'companyId' : entityType === 'deal' ? 'dealId' : null;

/** Timeline entries of a record's schedules join its timeline: at most this many schedules. */
const relatedSchedulesLimit = 500;

type Row = Awaited<ReturnType<typeof schedulesSummaryRepository.schedulesOfRecord>>[number];

/**
 * When a row shows: a repeating series still running shows its next occurrence (from the rule; a moved or
 * cancelled single occurrence is not looked up — the calendar shows those), anything else its start.
 */
function nextStart(row: Row, now: Date): Date {
  if (!row.rrule) return row.startsAt;
  const today = now.toISOString().slice(0, 10);
  const series = { ...row, startTime: hhmm(row.startTime), endTime: hhmm(row.endTime) };
  const next = expand(series, today, addDays(today, 400)).find((occurrence) => occurrence.end >= now);
  return next?.start ?? row.startsAt;
}

function toSchedule(row: Row, startsAt: Date): SummarySchedule {
  return {
    id: row.id,
    title: row.title,
    startsAt: startsAt.toISOString(),
    fullDay: row.fullDay,
    repeats: row.rrule !== null,
    completed: row.completed,
    owner: fullName(row.ownerFirstName, row.ownerLastName),
    activityItems: row.items,
    points: row.points,
  };
}

/**
 * The schedules section of a contact's, company's or deal's page and its "next schedule" and "last contact"
 * figures (records/record-summary, wired in wiring.ts): the schedules linked to the record whose owners' calendars
 * the viewer sees, nothing without the calendar view privilege.
 */
export const schedulesSummarySection: SummarySection = async (db: Db, actor: Actor, entityType, entityId) => {
  const column = columnFor(entityType);
  if (!column || !can(actor, 'calendar', 'view')) return {};
  const scope = await ownerScope(db, actor);
  const now = new Date();
  const [upcomingRows, pastRows] = await Promise.all(
    (['upcoming', 'past'] as const).map((side) => schedulesSummaryRepository.schedulesOfRecord(db, actor.orgId, column, entityId, scope, side, now, summarySectionLimit)),
  );
  const upcoming = upcomingRows!
    .map((row) => toSchedule(row, nextStart(row, now)))
    .sort((a, b) => (a.startsAt < b.startsAt ? -1 : a.startsAt > b.startsAt ? 1 : 0));
  const past = pastRows!.map((row) => toSchedule(row, row.startsAt));
  return {
    figures: { nextSchedule: upcoming[0] ?? null, lastContactAt: past[0]?.startsAt ?? null },
    schedules: { upcoming, past, pastTotal: pastRows![0]?.total ?? 0, pastPoints: pastRows![0]?.totalPoints ?? 0 },
  };
};

export const schedulesTimelineRelation: TimelineRelation = async (db, actor, entityType, entityId) => {
  const column = columnFor(entityType);
  if (!column || !can(actor, 'calendar', 'view')) return null;
  const records = await schedulesSummaryRepository.scheduleNamesOfRecord(db, actor.orgId, column, entityId, await ownerScope(db, actor), relatedSchedulesLimit);
  return { entityType: 'schedule', records };
};
