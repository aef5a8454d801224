import {
  addDays,
  daysFromTo,
  defaultTimezone,
  formatPeriod,
  localDateOf,
  parsePeriod,
  periodOf,
  periodRange,
  stepPeriod,
  workingDaysIn,
  type ReportAdvanceFilter,
  type ReportPeriod,
  type ReportType,
} from '@lodestar/contract';
import { fieldError } from '../../../platform/errors.ts';

/** Today in the workspace's timezone (workspaces are in Taiwan time: schedules default to it too). */
export function todayOfWorkspace(now = new Date()): string {
  return localDateOf(now, defaultTimezone);
}

/** The longest custom range: a year and a day. */
const maxCustomDays = 366;

/**
 * The period a report asks for: a symbol of its type, a day inside one, or today's; a custom range from
 * advanceFilter.from/to. 400 naming `reportDate` or `advanceFilter.from`/`to` otherwise.
 */
export function resolvePeriod(type: ReportType, reportDate: string | undefined, filter: ReportAdvanceFilter | undefined, today: string): ReportPeriod {
  if (type === 'custom') {
    if (!filter?.from) throw fieldError('advanceFilter.from', 'required');
    if (!filter.to) throw fieldError('advanceFilter.to', 'required');
    const days = daysFromTo(filter.from, filter.to) + 1;
    if (days < 1 || days > maxCustomDays) throw fieldError('advanceFilter.to', 'invalidValue');
    const range = { from: filter.from, to: filter.to };
    return { type, symbol: null, ...range, previous: null, next: null, workingDays: workingDaysIn(range) };
  }
  let period = periodOf(type, today);
  if (reportDate) {
    const parsed = parsePeriod(reportDate);
    if (parsed) {
      if (parsed.kind !== type) throw fieldError('reportDate', 'invalidValue');
      period = parsed;
    } else if (/^\d{4}-\d{2}-\d{2}$/.test(reportDate) && addDays(reportDate, 0) === reportDate) {
      period = periodOf(type, reportDate);
    } else {
      throw fieldError('reportDate', 'invalidDate');
    }
  }
  const range = periodRange(period);
  return {
    type,
    symbol: formatPeriod(period),
    ...range,
    previous: formatPeriod(stepPeriod(period, -1)),
    next: formatPeriod(stepPeriod(period, 1)),
    workingDays: workingDaysIn(range),
  };
}
