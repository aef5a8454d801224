import {
  formatPeriod,
  localDateOf,
  parsePeriod,
  periodOf,
  type PeriodKind,
} from '@lodestar/contract';

/** Whole numbers with thousands separators in the page's language (docs/product.md#limits). */
export function formatCount(value: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(value);
}

/** Today in Taiwan time, as the server counts days (contract activity-periods.ts). */
export function todayInTaipei(): string {
  return localDateOf(new Date(), 'Asia/Taipei');
}

/** The period in the URL when it is of the page's kind, else the one holding today. */
export function periodFromUrl(kind: PeriodKind, symbol: string | null): string {
  const parsed = symbol ? parsePeriod(symbol) : null;
  return parsed && parsed.kind === kind ? symbol! : formatPeriod(periodOf(kind, todayInTaipei()));
}

/** How a reached percentage is coloured against the target: met, close (≥ 60 %), behind. */
export function reachedTone(reached: number | null): 'success' | 'warning' | 'error' | 'default' {
  if (reached === null) return 'default';
  if (reached >= 100) return 'success';
  if (reached >= 60) return 'warning';
  return 'error';
}
