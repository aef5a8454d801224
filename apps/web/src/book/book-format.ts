import { useMemo } from 'react';
import { bookingWords } from '../shared/booking/format.ts';
import type { BookLocale, Translate } from './book-i18n.ts';

/** The business's own today (its time zone), as year and month. */
export function businessToday(timeZone: string): { year: number; month: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric' }).formatToParts(new Date());
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month') };
}

export function formatDay(locale: BookLocale, year: number, month: number, day: number): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', day: 'numeric', weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, day)));
}

export function useWords(t: Translate) {
  return useMemo(() => bookingWords(t), [t]);
}
