import { addDaysTo, type SyncEvent } from './calendar-sync.providers.ts';
import { escapeText, foldLine } from '../../../platform/content-lines.ts';

/** The content-line rules live in platform/content-lines.ts (shared with business cards' vCard). */
export { escapeText, foldLine };

/**
 * The private ICS feed (RFC 5545), written by hand: text escaping (§3.3.11), CRLF line folding at
 * 75 octets (§3.1), local times with TZID (the VTIMEZONE-less form calendar apps accept for IANA names),
 * RRULE + EXDATE for series and RECURRENCE-ID for moved occurrences.
 */

export interface MovedOccurrence {
  occurrenceDate: string;
  event: Omit<SyncEvent, 'rrule' | 'cancelledDates'>;
}

export interface FeedSchedule {
  id: string;
  updatedAt: Date;
  event: SyncEvent;
  moved: MovedOccurrence[];
}

const compactDate = (date: string) => date.replaceAll('-', '');
const stamp = (instant: Date) => `${instant.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;

function timeProperty(name: string, allDay: boolean, date: string, time: string | null, timeZone: string): string {
  if (allDay) return `${name};VALUE=DATE:${compactDate(date)}`;
  return `${name};TZID=${timeZone}:${compactDate(date)}T${(time ?? '00:00').replace(':', '')}00`;
}

function eventLines(uid: string, updatedAt: Date, event: Omit<SyncEvent, 'rrule' | 'cancelledDates'>, extra: string[]): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTAMP:${stamp(updatedAt)}`,
    timeProperty('DTSTART', event.allDay, event.startDate, event.startTime, event.timeZone),
    // DTEND of an all-day event is exclusive.
    timeProperty('DTEND', event.allDay, event.allDay ? addDaysTo(event.endDate, 1) : event.endDate, event.endTime, event.timeZone),
    ...extra,
    `SUMMARY:${escapeText(event.title)}`,
    ...(event.note ? [`DESCRIPTION:${escapeText(event.note)}`] : []),
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    'CLASS:PRIVATE',
    'END:VEVENT',
  ];
}

export function renderFeed(schedules: FeedSchedule[]): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Lodestar//Calendar feed//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', 'X-WR-CALNAME:Lodestar'];
  for (const schedule of schedules) {
    const { event } = schedule;
    const uid = `${schedule.id}@lodestar`;
    const series: string[] = [];
    if (event.rrule) {
      series.push(`RRULE:${event.rrule}`);
      const excluded = [...event.cancelledDates, ...schedule.moved.map((moved) => moved.occurrenceDate)];
      for (const date of excluded.filter((d) => !schedule.moved.some((moved) => moved.occurrenceDate === d))) {
        series.push(event.allDay ? `EXDATE;VALUE=DATE:${compactDate(date)}` : `EXDATE;TZID=${event.timeZone}:${compactDate(date)}T${(event.startTime ?? '00:00').replace(':', '')}00`);
      }
    }
    lines.push(...eventLines(uid, schedule.updatedAt, event, series));
    for (const moved of schedule.moved) {
      const recurrenceId = timeProperty('RECURRENCE-ID', event.allDay, moved.occurrenceDate, event.startTime, event.timeZone);
      lines.push(...eventLines(uid, schedule.updatedAt, moved.event, [recurrenceId]));
    }
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
