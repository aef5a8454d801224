import type { CalendarEvent } from '@lodestar/contract';
import { jsonBytes, type JsonWriter } from '../../../platform/json-bytes.ts';

/**
 * The calendar feed as bytes. A month is ≈ 840 events whose texts repeat — the series' titles, the owners' names —
 * and whose other fields are dates, times and ids: a schedule event is written field by field with each distinct text
 * encoded once, instead of JSON.stringify building and encoding ≈ 600 characters per event (issue 38, read cache off).
 * Other sources' events (reservations) go through JSON.stringify. The bytes are JSON.stringify's (tested).
 */

/**
 * The prototype of the events toEvent makes (an object literal with the keys below in that order, not changed
 * afterwards): the writer recognizes them by it. A WeakSet of them cost 1.3 ms per month and weighed on every GC.
 */
export class ScheduleEventShape {}

const bool = (value: unknown) => (value === true ? 'true' : value === false ? 'false' : undefined);

function writeScheduleEvent(e: CalendarEvent, out: JsonWriter): boolean {
  if (!(e instanceof ScheduleEventShape)) return false;
  const flags = [bool(e.allDay), bool(e.completed), bool(e.isRecurring), bool(e.isMoved), bool(e.editable)];
  // A value JSON.stringify would write otherwise (a missing key, another type): let it.
  const texts = typeof e.timezone === 'string' && typeof e.title === 'string' && typeof e.color === 'string' && (e.category === null || typeof e.category === 'string');
  if (flags.includes(undefined) || !texts || e.scheduleId === null || e.owner === null || typeof e.owner.name !== 'string') return false;
  const time = (value: string | null) => (value === null ? 'null' : `"${value}"`);
  // id, dates, times, instants and uuids are ASCII without characters JSON escapes (toEvent builds them so).
  out.ascii(
    `{"id":"${e.id}","type":"${e.type}","sourceId":"${e.sourceId}","scheduleId":"${e.scheduleId}","occurrenceDate":"${e.occurrenceDate}",` +
      `"start":"${e.start}","end":"${e.end}","startDate":"${e.startDate}","startTime":${time(e.startTime)},"endDate":"${e.endDate}","endTime":${time(e.endTime)},"timezone":`,
  );
  out.string(e.timezone);
  out.ascii(`,"allDay":${flags[0]},"title":`);
  out.string(e.title);
  out.ascii(',"color":');
  out.string(e.color);
  out.ascii(',"category":');
  out.string(e.category);
  out.ascii(`,"completed":${flags[1]},"isRecurring":${flags[2]},"isMoved":${flags[3]},"owner":{"userId":"${e.owner.userId}","name":`);
  out.string(e.owner.name);
  out.ascii(`},"editable":${flags[4]}}`);
  return true;
}

/** `around`: the envelope's ends (platform/read-cache.ts envelopeEnds). */
export function feedBytes(feed: { items: CalendarEvent[] }, around: readonly [string, string]): Buffer {
  return jsonBytes(feed, 'items', around, writeScheduleEvent);
}
