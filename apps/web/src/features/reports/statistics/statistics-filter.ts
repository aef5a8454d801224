import { monthRange, periodPresets, presetRange, quarterRange, type DateRange, type DealDrill, type PeriodPreset } from '@lodestar/contract';
import { todayIso } from '../../../shared/format/dates.ts';
import type { StatisticsFilter } from '../query-keys.ts';

/**
 * A statistics screen's filter lives in the address (?period=&from=&to=&uid=&departmentId=), so it survives a
 * reload, follows the user from one statistics tab to the next and can be shared. `period` is a preset
 * (thisMonth…), a quarter `q2026-1`, a month `m2026-03`, or `custom` with from and to.
 */
export type PeriodValue = PeriodPreset | `q${number}-${number}` | `m${number}-${string}` | 'custom';

export function rangeOfPeriod(period: string, params: URLSearchParams, today = todayIso()): DateRange | null {
  if ((periodPresets as readonly string[]).includes(period)) return presetRange(period as PeriodPreset, today);
  const quarter = /^q(\d{4})-([1-4])$/.exec(period);
  if (quarter) return quarterRange(Number(quarter[1]), Number(quarter[2]));
  const month = /^m(\d{4})-(\d{2})$/.exec(period);
  if (month && Number(month[2]) >= 1 && Number(month[2]) <= 12) return monthRange(Number(month[1]), Number(month[2]));
  const from = params.get('from');
  const to = params.get('to');
  if (period === 'custom' && from && to && /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to) return { from, to };
  return null;
}

export function filterFromParams(params: URLSearchParams, defaultPeriod: PeriodPreset): { period: string; filter: StatisticsFilter } {
  const asked = params.get('period') ?? defaultPeriod;
  const range = rangeOfPeriod(asked, params);
  const period = range ? asked : defaultPeriod;
  const { from, to } = range ?? presetRange(defaultPeriod, todayIso());
  const uid = params.get('uid') || undefined;
  const departmentId = uid ? undefined : params.get('departmentId') || undefined;
  return { period, filter: { from, to, uid, departmentId } };
}

/** The deal list showing exactly the deals of a figure (the list view, filtered by the drill query). */
export function dealListPath(orgId: string, drill: DealDrill): string {
  const query = new URLSearchParams({ view: 'list', ...(drill as Record<string, string>) });
  return `/${orgId}/deal/list?${query.toString()}`;
}
