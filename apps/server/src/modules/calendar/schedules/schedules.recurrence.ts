import { addDays, daysFromTo } from '@lodestar/contract';
import rrulePkg from 'rrule';

// rrule ships CommonJS-shaped ESM: the named exports live on the default export under Node ESM.
const { RRule } = rrulePkg;

/**
 * Wall-clock times and recurrence. A schedule's times are local (date + HH:MM) in its IANA timezone.
 * Rules are evaluated in "floating" wall-clock time — each local date-time written as if it were UTC — so a
 * 09:00 weekly meeting stays at 09:00 local across a DST change; each occurrence is then turned into an instant
 * in the schedule's timezone.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timezone: string): Intl.DateTimeFormat {
  let f = formatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timezone, f);
  }
  return f;
}

/** The wall clock of an instant in a timezone, as UTC milliseconds. */
function wallOf(instantMs: number, timezone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(timezone).formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour! % 24, parts.minute!, parts.second!);
}

const offsetCaches = new Map<string, Map<number, number | null>>();
const dayMs = 86_400_000;
const quarterHourMs = 15 * 60_000;

function exactOffsetAt(instantMs: number, timezone: string): number {
  const at = Math.floor(instantMs / quarterHourMs) * quarterHourMs;
  return wallOf(at, timezone) - at;
}

/**
 * The zone's UTC offset at an instant. Intl formatting is the costly part of expanding a month of occurrences,
 * so each UTC day is checked once per timezone: without a transition that day (the same offset at both ends, as on
 * almost every day) its offset is cached; on a transition day the offset is computed exactly (offsets change only
 * at quarter-hour boundaries).
 */
function offsetAt(instantMs: number, timezone: string): number {
  let cache = offsetCaches.get(timezone);
  if (!cache) {
    cache = new Map();
    offsetCaches.set(timezone, cache);
  }
  const day = Math.floor(instantMs / dayMs);
  let offset = cache.get(day);
  if (offset === undefined) {
    const atStart = exactOffsetAt(day * dayMs, timezone);
    offset = atStart === exactOffsetAt((day + 1) * dayMs - quarterHourMs, timezone) ? atStart : null;
    if (cache.size > 100_000) cache.clear();
    cache.set(day, offset);
  }
  return offset ?? exactOffsetAt(instantMs, timezone);
}

/** YYYY-MM-DD + HH:MM as wall-clock UTC milliseconds. */
export function wallMs(date: string, time: string | null): number {
  // Fixed-width fields: slicing costs far less than split/map, and this runs several times per occurrence.
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  const d = Number(date.slice(8, 10));
  return time ? Date.UTC(y, m - 1, d, Number(time.slice(0, 2)), Number(time.slice(3, 5))) : Date.UTC(y, m - 1, d);
}

const dayStrings = new Map<number, string>();
const minuteStrings: string[] = [];

/** YYYY-MM-DD and HH:MM of wall-clock ms; both strings are memoized (called twice per occurrence). */
function wallParts(ms: number): { date: string; time: string } {
  const day = Math.floor(ms / dayMs);
  let date = dayStrings.get(day);
  if (date === undefined) {
    date = new Date(day * dayMs).toISOString().slice(0, 10);
    if (dayStrings.size > 100_000) dayStrings.clear();
    dayStrings.set(day, date);
  }
  const minute = Math.floor((ms - day * dayMs) / 60_000);
  const time = (minuteStrings[minute] ??= new Date(minute * 60_000).toISOString().slice(11, 16));
  return { date, time };
}

/**
 * The instant of a local date-time. In a DST gap the time moves forward (02:30 that does not exist → 03:30);
 * an ambiguous time (fall back) takes the first, daylight-time, instant.
 */
export function zonedToInstant(date: string, time: string | null, timezone: string): Date {
  return new Date(wallToInstantMs(wallMs(date, time), timezone));
}

function wallToInstantMs(local: number, timezone: string): number {
  const firstOffset = offsetAt(local, timezone);
  const guess = local - firstOffset;
  const secondOffset = offsetAt(guess, timezone);
  if (secondOffset !== firstOffset) {
    const other = local - secondOffset;
    if (offsetAt(other, timezone) === secondOffset) return other;
  }
  return guess;
}

/** The local date and HH:MM of an instant. */
export function instantToZoned(instant: Date, timezone: string): { date: string; time: string } {
  return wallParts(wallOf(instant.getTime(), timezone));
}

/** The timing fields of a schedule (or a moved occurrence). */
export interface Timing {
  startDate: string;
  startTime: string | null;
  endDate: string;
  endTime: string | null;
  fullDay: boolean;
}
export interface SeriesTiming extends Timing {
  timezone: string;
  rrule: string | null;
}

export interface Occurrence extends Timing {
  /** The original local start date: the occurrence's key. */
  occurrenceDate: string;
  start: Date;
  /** Exclusive for all-day occurrences (midnight after endDate). */
  end: Date;
}

/** Instants of a timing: all-day runs from the start day's midnight to the midnight after the end day. */
export function instantsOf(timing: Timing, timezone: string): { start: Date; end: Date } {
  if (timing.fullDay) {
    return { start: zonedToInstant(timing.startDate, '00:00', timezone), end: zonedToInstant(addDays(timing.endDate, 1), '00:00', timezone) };
  }
  return { start: zonedToInstant(timing.startDate, timing.startTime, timezone), end: zonedToInstant(timing.endDate, timing.endTime, timezone) };
}

/** Wall-clock length of an occurrence in minutes (all-day: whole days). */
function durationMinutes(timing: Timing): number {
  if (timing.fullDay) return daysFromTo(timing.startDate, timing.endDate) * 1440;
  return (wallMs(timing.endDate, timing.endTime) - wallMs(timing.startDate, timing.startTime)) / 60_000;
}

/** The occurrence of the series that starts on `occurrenceDate` (whether or not the rule produces that date). */
export function occurrenceOn(series: SeriesTiming, occurrenceDate: string): Occurrence {
  return occurrenceAt(series, wallMs(occurrenceDate, series.fullDay ? null : series.startTime), durationMinutes(series));
}

/** The occurrence starting at a wall-clock time (ms), `minutes` long in wall-clock time. */
function occurrenceAt(series: SeriesTiming, startWall: number, minutes: number): Occurrence {
  const endWall = startWall + minutes * 60_000;
  const start = wallParts(startWall);
  const end = wallParts(endWall);
  return {
    occurrenceDate: start.date,
    startDate: start.date,
    startTime: series.fullDay ? null : start.time,
    endDate: end.date,
    endTime: series.fullDay ? null : end.time,
    fullDay: series.fullDay,
    start: new Date(wallToInstantMs(startWall, series.timezone)),
    // All-day: the midnight after the end day.
    end: new Date(wallToInstantMs(series.fullDay ? endWall + 86_400_000 : endWall, series.timezone)),
  };
}

const fastForwardable = new Set([RRule.DAILY, RRule.WEEKLY]);

function ruleOf(series: SeriesTiming, from?: number) {
  const options = RRule.parseString(series.rrule!);
  let dtstart = wallMs(series.startDate, series.fullDay ? null : series.startTime);
  // A rule without COUNT or BY* parts repeats on a fixed step: start it just before the window instead of
  // iterating from a start years back (keeps a month view of long daily series cheap).
  const plain = Object.keys(options).every((key) => ['freq', 'interval', 'until', 'wkst'].includes(key));
  if (from !== undefined && plain && options.freq !== undefined && fastForwardable.has(options.freq)) {
    const stepMs = (options.interval ?? 1) * (options.freq === RRule.WEEKLY ? 7 : 1) * 86_400_000;
    const steps = Math.floor((from - dtstart) / stepMs);
    if (steps > 0) dtstart += steps * stepMs;
  }
  return new RRule({ ...options, dtstart: new Date(dtstart) });
}

type RuleOptions = ReturnType<typeof RRule.parseString>;
const parsedRules = new Map<string, RuleOptions>();
/** Parsed rules, shared and read-only (a month view parses the same few rule strings on every call). */
function parsedRule(rrule: string): RuleOptions {
  let options = parsedRules.get(rrule);
  if (!options) {
    options = RRule.parseString(rrule);
    if (parsedRules.size > 10_000) parsedRules.clear();
    parsedRules.set(rrule, options);
  }
  return options;
}

const daysInMonth = (year: number, month0: number) => new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();

/**
 * Start times (wall-clock ms) in [from, to] of a rule without BY* parts (what the drawer writes), in closed form:
 * DAILY/WEEKLY a fixed step from the start; MONTHLY/YEARLY the start's day of month each step, skipping months
 * without that day as RFC 5545 does (the 31st, 29 February). Null for other rules (rrule expands those).
 */
function plainRuleStarts(series: SeriesTiming, from: number, to: number): number[] | null {
  const options = parsedRule(series.rrule!);
  const plain = Object.keys(options).every((key) => ['freq', 'interval', 'until', 'wkst', 'count'].includes(key));
  if (!plain || options.freq === undefined) return null;
  const start = wallMs(series.startDate, series.fullDay ? null : series.startTime);
  const interval = options.interval ?? 1;
  const until = options.until ? options.until.getTime() : Infinity;
  const count = options.count ?? Infinity;
  const last = Math.min(to, until);
  const out: number[] = [];
  if (options.freq === RRule.DAILY || options.freq === RRule.WEEKLY) {
    const stepMs = interval * (options.freq === RRule.WEEKLY ? 7 : 1) * 86_400_000;
    const end = Math.min(last, start + (count - 1) * stepMs);
    for (let at = start + Math.max(0, Math.ceil((from - start) / stepMs)) * stepMs; at <= end; at += stepMs) out.push(at);
    return out;
  }
  if (options.freq !== RRule.MONTHLY && options.freq !== RRule.YEARLY) return null;
  const stepMonths = interval * (options.freq === RRule.YEARLY ? 12 : 1);
  const first = new Date(start);
  const day = first.getUTCDate();
  const timeOfDay = start - Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), day);
  let produced = 0;
  for (let k = 0; produced < count; k += stepMonths) {
    const month0 = first.getUTCMonth() + k;
    const year = first.getUTCFullYear() + Math.floor(month0 / 12);
    const month = ((month0 % 12) + 12) % 12;
    if (day > daysInMonth(year, month)) continue;
    const at = Date.UTC(year, month, day) + timeOfDay;
    if (at > last) break;
    produced += 1;
    if (at >= from) out.push(at);
  }
  return out;
}

/**
 * Occurrences whose local days overlap [fromDate, toDate] (inclusive local dates), before exceptions.
 * A non-repeating schedule is its single occurrence.
 */
export function expand(series: SeriesTiming, fromDate: string, toDate: string): Occurrence[] {
  const minutes = durationMinutes(series);
  const overlaps = (o: Timing) => o.startDate <= toDate && (o.fullDay ? o.endDate : endDayOf(o)) >= fromDate;
  if (!series.rrule) {
    const single = occurrenceAt(series, wallMs(series.startDate, series.fullDay ? null : series.startTime), minutes);
    return overlaps(single) ? [single] : [];
  }
  const windowStart = wallMs(startBefore(fromDate, minutes), null);
  const windowEnd = wallMs(toDate, '23:59');
  const starts = plainRuleStarts(series, windowStart, windowEnd) ??
    ruleOf(series, windowStart).between(new Date(windowStart), new Date(windowEnd), true).map((d) => d.getTime());
  const out: Occurrence[] = [];
  for (const at of starts) {
    const occurrence = occurrenceAt(series, at, minutes);
    if (overlaps(occurrence)) out.push(occurrence);
  }
  return out;
}

/**
 * The earliest occurrence date expand() considers for a range starting on `fromDate`: an occurrence starting up to
 * its length (plus a day) earlier can still reach into the range.
 */
export function expansionStart(series: Timing, fromDate: string): string {
  return startBefore(fromDate, durationMinutes(series));
}

const startsBefore = new Map<string, string>();
function startBefore(fromDate: string, minutes: number): string {
  const days = -Math.ceil(minutes / 1440) - 1;
  const key = `${fromDate}|${days}`;
  let date = startsBefore.get(key);
  if (date === undefined) {
    date = addDays(fromDate, days);
    if (startsBefore.size > 10_000) startsBefore.clear();
    startsBefore.set(key, date);
  }
  return date;
}

/** The last local day an occurrence covers: one ending at 00:00 ends on the day before. */
function endDayOf(o: Timing): string {
  if (o.endTime === '00:00' && o.endDate > o.startDate) return addDays(o.endDate, -1);
  return o.endDate;
}

/** Whether the rule produces an occurrence starting on that local date. */
export function isOccurrenceDate(series: SeriesTiming, date: string): boolean {
  if (!series.rrule) return date === series.startDate;
  const at = wallMs(date, series.fullDay ? null : series.startTime);
  return ruleOf(series, at).between(new Date(at), new Date(at), true).length === 1;
}

/** How many occurrences come before the one on `date` (for splitting a COUNT series). */
export function occurrencesBefore(series: SeriesTiming, date: string): number {
  if (!series.rrule) return 0;
  const at = wallMs(date, series.fullDay ? null : series.startTime);
  return ruleOf(series).between(new Date(wallMs(series.startDate, series.fullDay ? null : series.startTime)), new Date(at - 1), true).length;
}

/**
 * The stored bounds of a series: the first occurrence's instants and the end of the last one
 * (null when it repeats forever).
 */
export function seriesBounds(series: SeriesTiming): { startsAt: Date; endsAt: Date; lastEndsAt: Date | null } {
  const first = occurrenceOn(series, series.startDate);
  if (!series.rrule) return { startsAt: first.start, endsAt: first.end, lastEndsAt: first.end };
  const { count, until } = RRule.parseString(series.rrule);
  if (until) {
    // An upper bound is enough for range reads: the midnight after the UNTIL day plus the occurrence's length.
    const spanDays = Math.ceil(durationMinutes(series) / 1440);
    return { startsAt: first.start, endsAt: first.end, lastEndsAt: zonedToInstant(addDays(until.toISOString().slice(0, 10), spanDays + 1), '00:00', series.timezone) };
  }
  if (!count) return { startsAt: first.start, endsAt: first.end, lastEndsAt: null };
  const last = ruleOf(series).all().at(-1);
  const lastOccurrence = last ? occurrenceOn(series, last.toISOString().slice(0, 10)) : first;
  return { startsAt: first.start, endsAt: first.end, lastEndsAt: lastOccurrence.end };
}
