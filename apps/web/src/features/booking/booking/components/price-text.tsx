import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { bookingWords, formatDuration, formatPrice, type PriceFields } from '../../../../shared/booking/format.ts';

/** The staff app's words for the shared price and duration formatters. */
export function useBookingWords() {
  const { t } = useTranslation('booking');
  return useMemo(() => bookingWords((key, values) => t(key, values)), [t]);
}

/** Duration and price of a service or add-on row (e.g. "1 h 30 min · from $800"), in the locale. */
export function PriceAndDuration({ record }: { record: PriceFields & { hour: number; minute: number } }) {
  const words = useBookingWords();
  const duration = formatDuration(record.hour * 60 + record.minute, words.duration);
  return (
    <span className="booking-meta">
      {duration ? <span>{duration}</span> : null}
      <span className="booking-meta__price">{formatPrice(record, words.price)}</span>
    </span>
  );
}
