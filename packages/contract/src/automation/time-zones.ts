import { zonedInstant } from '../booking/slots.ts';

/**
 * Workspace time zones (issue 35): the zone a workspace's weekly schedules, date triggers and "wait until a date" are
 * judged in. Pure helpers over Intl, so a DST zone (America/New_York) gets its 23- and 25-hour days right.
 */

export const defaultWorkspaceTimeZone = 'Asia/Taipei';

/** Zones offered first in Settings (any IANA name is accepted). */
export const commonTimeZones = [
  'Asia/Taipei', 'Asia/Shanghai', 'Asia/Hong_Kong', 'Asia/Tokyo', 'Asia/Singapore', 'Asia/Kuala_Lumpur', 'Asia/Bangkok',
  'Australia/Sydney', 'Europe/London', 'Europe/Berlin', 'America/New_York', 'America/Chicago', 'America/Los_Angeles', 'UTC',
] as const;

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    formats.set(timeZone, format);
  }
  return format;
}

/** The wall clock of `instant` in the zone: its local date (YYYY-MM-DD) and minutes since local midnight. */
export function wallClockIn(instant: Date, timeZone: string): { day: string; minutes: number; offsetMinutes: number } {
  const parts = Object.fromEntries(formatIn(timeZone).formatToParts(instant).map((p) => [p.type, p.value]));
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return { day, minutes: Number(parts.hour) * 60 + Number(parts.minute), offsetMinutes: Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000) };
}

/** The local calendar day of `instant` in the zone. */
export function dayIn(instant: Date, timeZone: string): string {
  return wallClockIn(instant, timeZone).day;
}

/** The instant at which the zone's wall clock reads `day` `time` (HH:MM): booking's zonedInstant, which DST-corrects. */
export function instantAt(day: string, time: string, timeZone: string): Date {
  const [hour, minute] = time.split(':').map(Number);
  return zonedInstant(day, (hour ?? 0) * 60 + (minute ?? 0), timeZone);
}
