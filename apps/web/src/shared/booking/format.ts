import type { PriceColumns } from '@lodestar/contract';
import { formatMoney } from '../format/money.ts';

/** The price fields of a service or add-on item (docs/product.md#validation). */
export type PriceFields = PriceColumns;

export interface PriceWords {
  free: string;
  /** PriceBase: shown with an 'up' suffix ("$800 up"). */
  from: (amount: string) => string;
  range: (min: string, max: string) => string;
}

/** A price as the visitor reads it: free, fixed, "from" or a range. */
export function formatPrice(p: PriceFields, words: PriceWords): string {
  if (p.payType === 'free' || !p.priceType) return words.free;
  if (p.priceType === 'PriceFixed') return formatMoney(p.price);
  if (p.priceType === 'PriceBase') return words.from(formatMoney(p.priceBase));
  return words.range(formatMoney(p.priceMin), formatMoney(p.priceMax));
}

export interface DurationWords {
  hoursMinutes: (hours: number, minutes: number) => string;
  hours: (hours: number) => string;
  minutes: (minutes: number) => string;
}

/** A duration in hours and minutes ("1 小時 30 分鐘"); an add-on that takes no time gives ''. */
export function formatDuration(totalMinutes: number, words: DurationWords): string {
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  if (hours && minutes) return words.hoursMinutes(hours, minutes);
  if (hours) return words.hours(hours);
  return minutes ? words.minutes(minutes) : '';
}

/**
 * The price and duration words from a catalog with `price.free|from|range` and
 * `duration.hoursMinutes|hours|minutes` keys (the staff app's booking namespace and the public page's own).
 */
export function bookingWords(t: (key: string, values?: Record<string, string | number>) => string): { price: PriceWords; duration: DurationWords } {
  return {
    price: {
      free: t('price.free'),
      from: (amount) => t('price.from', { amount }),
      range: (min, max) => t('price.range', { min, max }),
    },
    duration: {
      hoursMinutes: (hours, minutes) => t('duration.hoursMinutes', { hours, minutes }),
      hours: (hours) => t('duration.hours', { hours }),
      minutes: (minutes) => t('duration.minutes', { minutes }),
    },
  };
}
