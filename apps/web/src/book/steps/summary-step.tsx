import type { BookableService } from '@lodestar/contract';
import { formatDuration } from '../../shared/booking/format.ts';
import { selectionMinutes, type Selection } from '../../shared/booking/selection.ts';
import { formatDay, useWords } from '../book-format.ts';
import type { BookLocale, Translate } from '../book-i18n.ts';

/** The summary card: the picked services with add-ons, the duration, the time, a problem if any, and Book. */
export function SummaryStep({
  t,
  locale,
  services,
  selection,
  when,
  problem,
  submitting,
}: {
  t: Translate;
  locale: BookLocale;
  services: BookableService[];
  selection: Selection;
  when: { year: number; month: number; day: number | null; time: string | null };
  problem: string | null;
  submitting: boolean;
}) {
  const words = useWords(t);
  const minutes = selectionMinutes(selection, services);
  return (
    <section className="book-card book-summary" aria-labelledby="book-summary-title">
      <h2 id="book-summary-title" className="book-summary__title">
        {t('summary.title')}
      </h2>
      {selection.length > 0 ? (
        <ul className="book-summary__lines">
          {selection.map((pick) => {
            const service = services.find((s) => s.id === pick.serviceId);
            if (!service) return null;
            const items = service.groups.flatMap((group) => group.items.filter((item) => pick.groups[group.id]?.includes(item.id)));
            return <li key={pick.serviceId}>{[service.title, ...items.map((item) => item.title)].join(' + ')}</li>;
          })}
        </ul>
      ) : null}
      {minutes > 0 ? <p className="book-muted">{t('summary.duration', { duration: formatDuration(minutes, words.duration) })}</p> : null}
      {when.day !== null && when.time ? (
        <p className="book-summary__when">{t('summary.when', { date: formatDay(locale, when.year, when.month, when.day), time: when.time })}</p>
      ) : null}
      {problem ? (
        <p className="book-error" role="alert">
          {problem}
        </p>
      ) : null}
      <button type="submit" className="book-button book-button--block" disabled={submitting} aria-busy={submitting}>
        {submitting ? t('submitting') : t('submit')}
      </button>
    </section>
  );
}
