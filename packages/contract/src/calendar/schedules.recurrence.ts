import { addDays, daysFromTo, type RepeatBy, type RepeatDuring, type ScheduleScope } from './schedules.ts';

// ---- recurrence (RFC 5545 RRULE text, pure) ----

const freqByRepeat: Record<Exclude<RepeatBy, 'none'>, string> = { day: 'DAILY', week: 'WEEKLY', month: 'MONTHLY', year: 'YEARLY' };
const repeatByFreq: Record<string, Exclude<RepeatBy, 'none'>> = { DAILY: 'day', WEEKLY: 'week', MONTHLY: 'month', YEARLY: 'year' };

/** UNTIL of a floating (wall-clock) series: the last second of that local day, without Z (RFC 5545 §3.3.10). */
export function untilOfDate(date: string): string {
  return `${date.replaceAll('-', '')}T235959`;
}

/** The drawer's repeat fields → RRULE text (without "RRULE:"), or null when the schedule does not repeat. */
export function repeatToRrule(repeat: { repeatBy: RepeatBy; repeatDuring: RepeatDuring; repeatDuringVal?: string | null }): string | null {
  if (repeat.repeatBy === 'none') return null;
  const parts = [`FREQ=${freqByRepeat[repeat.repeatBy]}`];
  if (repeat.repeatDuring === 'number' && repeat.repeatDuringVal) parts.push(`COUNT=${Number(repeat.repeatDuringVal)}`);
  if (repeat.repeatDuring === 'date' && repeat.repeatDuringVal) parts.push(`UNTIL=${untilOfDate(repeat.repeatDuringVal)}`);
  return parts.join(';');
}

function rruleParts(rrule: string): Map<string, string> {
  const text = rrule.replace(/^RRULE:/i, '');
  return new Map(
    text.split(';').filter(Boolean).map((part) => {
      const [key = '', value = ''] = part.split('=');
      return [key.toUpperCase(), value] as [string, string];
    }),
  );
}
function rruleText(parts: Map<string, string>): string {
  return [...parts].map(([k, v]) => `${k}=${v}`).join(';');
}

/** RRULE text → the drawer's repeat fields (FREQ beyond day…year or an INTERVAL are shown as their base frequency). */
export function rruleToRepeat(rrule: string | null): { repeatBy: RepeatBy; repeatDuring: RepeatDuring; repeatDuringVal: string | null } {
  if (!rrule) return { repeatBy: 'none', repeatDuring: 'forever', repeatDuringVal: null };
  const parts = rruleParts(rrule);
  const repeatBy = repeatByFreq[parts.get('FREQ') ?? ''] ?? 'day';
  const count = parts.get('COUNT');
  if (count) return { repeatBy, repeatDuring: 'number', repeatDuringVal: count };
  const until = parts.get('UNTIL');
  if (until) return { repeatBy, repeatDuring: 'date', repeatDuringVal: `${until.slice(0, 4)}-${until.slice(4, 6)}-${until.slice(6, 8)}` };
  return { repeatBy, repeatDuring: 'forever', repeatDuringVal: null };
}

/** The COUNT of a rule, or null. */
export function rruleCount(rrule: string): number | null {
  const count = rruleParts(rrule).get('COUNT');
  return count ? Number(count) : null;
}

/** "This and following" — the old series ends the day before the occurrence (COUNT replaced by UNTIL). */
export function rruleEndingBefore(rrule: string, occurrenceDate: string): string {
  const parts = rruleParts(rrule);
  parts.delete('COUNT');
  parts.set('UNTIL', untilOfDate(addDays(occurrenceDate, -1)));
  return rruleText(parts);
}

/** "This and following" — the new series from the occurrence: a COUNT keeps the occurrences that were left. */
export function rruleFromOccurrence(rrule: string, occurrencesBefore: number): string {
  const parts = rruleParts(rrule);
  const count = parts.get('COUNT');
  if (count) parts.set('COUNT', String(Math.max(1, Number(count) - occurrencesBefore)));
  return rruleText(parts);
}

/**
 * What an edit or delete with `scope` does:
 * - 'series': change (or delete) the whole schedule — a non-repeating one, 'all', or 'following' from the first occurrence;
 * - 'occurrence': an exception row for one occurrence ('this');
 * - 'split': end the old series before the occurrence and (for edits) start a new series there ('following').
 */
export function planScopeChange(scope: ScheduleScope, series: { isRecurring: boolean; isFirstOccurrence: boolean }): 'series' | 'occurrence' | 'split' {
  if (!series.isRecurring || scope === 'all') return 'series';
  if (scope === 'this') return 'occurrence';
  return series.isFirstOccurrence ? 'series' : 'split';
}

/** An 'all' edit made from an occurrence moves the series start by the same number of days the occurrence moved. */
export function shiftedSeriesStart(seriesStartDate: string, occurrenceDate: string, newOccurrenceDate: string): string {
  return addDays(seriesStartDate, daysFromTo(occurrenceDate, newOccurrenceDate));
}
