import { useEffect, useRef } from 'react';
import type { PublicReservation } from '@lodestar/contract';
import { formatDay } from '../book-format.ts';
import type { BookLocale, Translate } from '../book-i18n.ts';

/** The booked reservation: its number, time, services and people. */
export function Done({ t, locale, reservation, onAgain }: { t: Translate; locale: BookLocale; reservation: PublicReservation; onAgain: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const [year, month, day] = reservation.date.split('-').map(Number) as [number, number, number];
  return (
    <section className="book-card book-done" aria-labelledby="book-done-title">
      <div className="book-done__icon" aria-hidden="true">
        ✓
      </div>
      <h2 id="book-done-title" ref={heading} tabIndex={-1}>
        {t('done.title')}
      </h2>
      <p>{t('done.text', { name: reservation.name })}</p>
      <dl className="book-done__details">
        <dt>{t('done.number')}</dt>
        <dd data-testid="book-number">{reservation.number}</dd>
        <dt>{t('done.when')}</dt>
        <dd>{t('summary.when', { date: formatDay(locale, year, month, day), time: `${reservation.startTime} – ${reservation.endTime}` })}</dd>
        <dt>{t('done.services')}</dt>
        <dd>{reservation.services.map((line) => [line.title, ...line.items.map((item) => item.title)].join(' + ')).join('、')}</dd>
        <dt>{t('done.people')}</dt>
        <dd>{t('summary.people', { count: reservation.people })}</dd>
      </dl>
      <button type="button" className="book-button book-button--secondary" onClick={onAgain}>
        {t('done.again')}
      </button>
    </section>
  );
}
