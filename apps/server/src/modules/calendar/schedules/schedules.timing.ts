import type { ScheduleCreateBody } from '@lodestar/contract';
import { instantsOf, seriesBounds, type Occurrence, type SeriesTiming, type Timing } from './schedules.recurrence.ts';
import type { ExceptionRow, ScheduleRangeRow } from './schedules.repository.ts';

// ---- row ↔ timing ----

export const hhmm = (time: string | null): string | null => (time ? time.slice(0, 5) : null);

export function seriesOf(row: ScheduleRangeRow): SeriesTiming {
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

export function movedTiming(exception: ExceptionRow | undefined): Timing | null {
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
export function effectiveOccurrence(row: ScheduleRangeRow, occurrence: Occurrence, exception: ExceptionRow | undefined): Occurrence {
  const moved = movedTiming(exception);
  if (!moved) return occurrence;
  return { ...moved, occurrenceDate: occurrence.occurrenceDate, ...instantsOf(moved, row.timezone) };
}

export function timingOf(input: { startDate: string; startDateTime?: string | null | undefined; endDate: string; endDateTime?: string | null | undefined; fullDay: boolean }): Timing {
  return {
    startDate: input.startDate,
    startTime: input.fullDay ? null : (input.startDateTime ?? null),
    endDate: input.endDate,
    endTime: input.fullDay ? null : (input.endDateTime ?? null),
    fullDay: input.fullDay,
  };
}

export const sameTiming = (a: Timing, b: Timing) =>
  a.startDate === b.startDate && a.startTime === b.startTime && a.endDate === b.endDate && a.endTime === b.endTime && a.fullDay === b.fullDay;

/** The columns whose changes the timeline records. */
export const trackedKeys = [
  'title', 'category', 'startDate', 'startTime', 'endDate', 'endTime', 'fullDay', 'rrule', 'notice', 'dealId', 'companyId', 'clientId',
  'address', 'taskNote', 'color', 'activityItemIds', 'completed',
];

/** The columns of a saved drawer (without owner, images and completion). */
export function columnsOf(input: Omit<ScheduleCreateBody, 'complete'>, timezone: string, rrule: string | null, timing: Timing) {
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
