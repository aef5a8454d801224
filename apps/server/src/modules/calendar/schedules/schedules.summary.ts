import { addDays, fullName, summarySectionLimit, type SummarySchedule } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { can, type Actor } from '../../access/privileges/access-core.ts';
import type { SummarySection, TimelineRelation } from '../../records/record-summary/record-summary.service.ts';
import { advanceLastContact } from '../../records/contacts/contacts.summary.ts';
import { ownerScope } from './schedules.access.ts';
import type { ScheduleChange } from './schedules.listeners.ts';
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
 * The schedules section of a contact's, company's or deal's page, the images attached to them (files section), and
 * its "next schedule" figure (records/record-summary, wired in wiring.ts): the schedules linked to the record whose owners' calendars
 * the viewer sees, nothing without the calendar view privilege.
 */
export const schedulesSummarySection: SummarySection = async (db: Db, actor: Actor, entityType, entityId, batch) => {
  const column = columnFor(entityType);
  if (!column || !can(actor, 'calendar', 'view')) return {};
  const scope = await ownerScope(db, actor);
  const now = new Date();
  const side = (which: 'upcoming' | 'past') => batch.rows(schedulesSummaryRepository.schedulesOfRecord(db, actor.orgId, column, entityId, scope, which, now, summarySectionLimit));
  const [upcomingRows, pastRows, images] = await Promise.all([
    side('upcoming'),
    side('past'),
    batch.rows(schedulesSummaryRepository.imagesOfRecord(db, actor.orgId, column, entityId, scope, summarySectionLimit)),
  ]);
  const upcoming = upcomingRows
    .map((row) => toSchedule(row, nextStart(row, now)))
    .sort((a, b) => (a.startsAt < b.startsAt ? -1 : a.startsAt > b.startsAt ? 1 : 0));
  const past = pastRows.map((row) => toSchedule(row, row.startsAt));
  return {
    // Last contact is not read from the schedules here: a completed one moves the contact's stored time forward
    // (lastContactAfterWrite), which the figure shows — the same time as the contact's field and list column.
    figures: { nextSchedule: upcoming[0] ?? null },
    schedules: { upcoming, past, pastTotal: pastRows[0]?.total ?? 0, pastPoints: pastRows[0]?.totalPoints ?? 0 },
    // The photos and files attached to those schedules (the files section; other sections may add theirs).
    files: {
      total: images[0]?.total ?? 0,
      items: images.map((f) => ({
        id: f.id,
        name: f.name,
        mimeType: f.mimeType,
        size: f.size,
        createdAt: f.createdAt.toISOString(),
        source: { entityType: 'schedule', id: f.scheduleId, name: f.scheduleTitle },
      })),
    },
  };
};

export const schedulesTimelineRelation: TimelineRelation = async (db, actor, entityType, entityId) => {
  const column = columnFor(entityType);
  if (!column || !can(actor, 'calendar', 'view')) return null;
  const records = await schedulesSummaryRepository.scheduleNamesOfRecord(db, actor.orgId, column, entityId, await ownerScope(db, actor), relatedSchedulesLimit);
  return { entityType: 'schedule', records };
};

/**
 * After a committed schedule write (onScheduleWrite, wiring.ts): a completed schedule with a contact that has started
 * moves the contact's last contact time forward to its start (records/contacts, never back).
 */
export async function lastContactAfterWrite(db: Db, change: ScheduleChange): Promise<void> {
  if (change.kind === 'deleted' || change.scheduleIds.length === 0) return;
  const times = await schedulesSummaryRepository.completedContactTimes(db, change.orgId, change.scheduleIds, new Date());
  await advanceLastContact(db, change.orgId, times);
}
