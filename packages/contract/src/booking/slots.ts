/**
 * Pure slot arithmetic of online booking (docs/product.md#states, #limits): time slots every 30 minutes (48 a day);
 * a start time is free when the whole duration (services + add-ons) lies inside the day's business hours,
 * overlaps no break, and every 30-minute step it covers has room for the requested people.
 * Times are minutes after local midnight in the business's time zone; 1440 (24:00) may end a range.
 */

export const slotStepMinutes = 30;
export const slotsPerDay = 48;
export const minutesPerDay = 24 * 60;

/** 'HH:MM' on the 30-minute grid; '24:00' only as an end. */
export const timeOfDayPattern = /^([01]\d|2[0-3]):(00|30)$/;
export const endTimeOfDayPattern = /^(([01]\d|2[0-3]):(00|30)|24:00)$/;

export function parseTimeOfDay(value: string): number {
  const [h, m] = value.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

export function formatTimeOfDay(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** docs/product.md#limits: duration total = hours × 60 + minutes. */
export function durationOf(parts: Array<{ hour: number; minute: number }>): number {
  return parts.reduce((sum, p) => sum + p.hour * 60 + p.minute, 0);
}

export interface TimeRange {
  /** Minutes after midnight. */
  start: number;
  /** Exclusive end, at most 1440. */
  end: number;
}

/** One weekday's rules: closed days have no slots. */
export interface DayRules {
  isOpen: boolean;
  start: number;
  end: number;
  breaks: TimeRange[];
}

/** The 30-minute steps [start, start + duration) covers (a zero duration still takes its first step). */
export function stepsCovered(start: number, duration: number): number[] {
  const first = Math.floor(start / slotStepMinutes) * slotStepMinutes;
  const end = Math.max(start + duration, first + slotStepMinutes);
  const steps: number[] = [];
  for (let s = first; s < end; s += slotStepMinutes) steps.push(s);
  return steps;
}

function overlaps(a: TimeRange, b: TimeRange): boolean {
  return a.start < b.end && b.start < a.end;
}

export interface SlotQuery {
  rules: DayRules;
  /** Minutes of services + add-ons. */
  duration: number;
  people: number;
  /** The business's concurrentBooking. */
  capacity: number;
  /** People already booked per step start (missing = 0). */
  booked: ReadonlyMap<number, number>;
  /** Start times before this minute are gone (today: the current time); null for a future day. */
  notBefore?: number | null;
}

/** Whether `start` can take the booking (the same rule monthTime lists and create enforces). */
export function isSlotFree(query: SlotQuery, start: number): boolean {
  const { rules, duration, people, capacity, booked } = query;
  if (!rules.isOpen || people < 1 || people > capacity) return false;
  if (start % slotStepMinutes !== 0) return false;
  if (query.notBefore != null && start < query.notBefore) return false;
  const range = { start, end: start + Math.max(duration, slotStepMinutes) };
  if (range.start < rules.start || range.end > rules.end || range.end > minutesPerDay) return false;
  if (rules.breaks.some((b) => overlaps(range, b))) return false;
  return stepsCovered(start, duration).every((step) => (booked.get(step) ?? 0) + people <= capacity);
}

/** The free start times of one day, 'HH:MM' ascending. */
export function freeTimes(query: SlotQuery): string[] {
  const times: string[] = [];
  for (let start = 0; start < minutesPerDay; start += slotStepMinutes) {
    if (isSlotFree(query, start)) times.push(formatTimeOfDay(start));
  }
  return times;
}

/** Why a start is not free, for the create call's error: outside hours/breaks/past, or full. */
export function slotProblem(query: SlotQuery, start: number): 'unavailable' | 'full' | null {
  if (isSlotFree(query, start)) return null;
  const empty = { ...query, booked: new Map<number, number>() };
  return isSlotFree(empty, start) ? 'full' : query.people > query.capacity ? 'full' : 'unavailable';
}

// ---- calendar days and time zones ----

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** 0 = Sunday … 6 = Saturday of a calendar date. */
export function weekdayOf(year: number, month: number, day: number): number {
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

export function isoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsIn(instant: Date, timeZone: string): { year: number; month: number; day: number; minute: number } {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  const get = (type: string) => Number(f.formatToParts(instant).find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day'), minute: get('hour') * 60 + get('minute') };
}

/** The local date and minute of an instant in a time zone. */
export function localNow(instant: Date, timeZone: string): { date: string; minute: number } {
  const p = partsIn(instant, timeZone);
  return { date: isoDate(p.year, p.month, p.day), minute: p.minute };
}

/** The instant of a local date and minute in a time zone (minute may be 1440: the next midnight). */
export function zonedInstant(date: string, minute: number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d) + minute * 60_000;
  // The zone's offset at the guess, then once more at the corrected instant (offset changes around DST).
  const offsetAt = (t: number) => {
    const p = partsIn(new Date(t), timeZone);
    return Date.UTC(p.year, p.month - 1, p.day) + p.minute * 60_000 - Math.floor(t / 60_000) * 60_000;
  };
  const first = guess - offsetAt(guess);
  return new Date(guess - offsetAt(first));
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

export interface MonthQuery {
  year: number;
  month: number;
  /** Rules per weekday, index 0 = Sunday. */
  week: DayRules[];
  duration: number;
  people: number;
  capacity: number;
  /** Booked people per 'YYYY-MM-DD' → step start → people. */
  bookedByDate: ReadonlyMap<string, ReadonlyMap<number, number>>;
  /** The business's local date and minute now: earlier days are empty, today starts after now. */
  now: { date: string; minute: number };
}

/** monthTime: every day of the month with its free start times (empty: closed, past or full → disabled). */
export function monthTimes(query: MonthQuery): Array<{ day: number; times: string[] }> {
  const days: Array<{ day: number; times: string[] }> = [];
  const none = new Map<number, number>();
  for (let day = 1; day <= daysInMonth(query.year, query.month); day += 1) {
    const date = isoDate(query.year, query.month, day);
    if (date < query.now.date) {
      days.push({ day, times: [] });
      continue;
    }
    const rules = query.week[weekdayOf(query.year, query.month, day)];
    const times = rules
      ? freeTimes({
          rules,
          duration: query.duration,
          people: query.people,
          capacity: query.capacity,
          booked: query.bookedByDate.get(date) ?? none,
          notBefore: date === query.now.date ? query.now.minute + 1 : null,
        })
      : [];
    days.push({ day, times });
  }
  return days;
}
