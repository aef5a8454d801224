/** One day of a monthTime answer: its free start times (none = disabled: closed, past or full). */
export interface MonthDay {
  day: number;
  times: string[];
}

/** Days that still have a free slot; null while the month loads (the calendar then disables every day). */
export function availableDaysOf(days: readonly MonthDay[] | null | undefined): Set<number> | null {
  return days ? new Set(days.filter((d) => d.times.length > 0).map((d) => d.day)) : null;
}

/** Free start times of the chosen day ([] when none is chosen or it has none). */
export function timesOfDay(days: readonly MonthDay[] | null | undefined, day: number | null): string[] {
  return day === null ? [] : (days?.find((d) => d.day === day)?.times ?? []);
}

/**
 * docs/product.md#states, #validation: reservationFullTip shows when nothing can be booked in what the user is looking
 * at — the whole month has no free slot, or the chosen day has none left (e.g. it filled up, or more
 * people were chosen, after it was picked).
 */
export function isFullTipShown(days: readonly MonthDay[] | null | undefined, day: number | null): boolean {
  if (!days) return false;
  if (!days.some((d) => d.times.length > 0)) return true;
  return day !== null && timesOfDay(days, day).length === 0;
}
