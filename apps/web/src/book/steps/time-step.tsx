import type { MonthTime } from '@lodestar/contract';
import { MiniMonthCalendar } from '../../shared/booking/mini-month-calendar.tsx';
import { availableDaysOf, isFullTipShown, timesOfDay } from '../../shared/booking/month-days.ts';
import { TimeChips } from '../../shared/booking/time-chips.tsx';
import type { PublicApiError } from '../../shared/public-page/public-api.ts';
import { formatDay } from '../book-format.ts';
import type { BookLocale, Translate } from '../book-i18n.ts';
import { StepCard } from './step-card.tsx';

export type Load<T> = { state: 'loading' } | { state: 'error'; error: PublicApiError } | { state: 'ready'; data: T };

type Month = {
  year: number;
  month: number;
};

/** Step 3: a day in the mini month calendar (full days disabled), then a free time of that day. */
export function TimeStep({
  t,
  locale,
  hasServices,
  view,
  today,
  monthTime,
  day,
  time,
  onDayChange,
  onTimeChange,
  onMonthChange,
}: {
  t: Translate;
  locale: BookLocale;
  hasServices: boolean;
  view: Month;
  today: Month;
  monthTime: Load<MonthTime> | null;
  day: number | null;
  time: string | null;
  onDayChange: (day: number) => void;
  onTimeChange: (time: string) => void;
  onMonthChange: (view: Month) => void;
}) {
  const monthDays = monthTime?.state === 'ready' ? monthTime.data : null;
  const dayTimes = timesOfDay(monthDays, day);
  // The whole month, or the chosen day, has no free slot left (docs/product.md#states: reservationFullTip).
  const full = isFullTipShown(monthDays, day);
  return (
    <StepCard id="book-step-time" number={3} title={t('steps.time')}>
      {!hasServices ? (
        <p className="book-muted">{t('calendar.pickServiceFirst')}</p>
      ) : (
        <>
          <MiniMonthCalendar
            year={view.year}
            month={view.month}
            availableDays={availableDaysOf(monthDays)}
            selectedDay={day}
            canGoBack={view.year * 12 + view.month > today.year * 12 + today.month}
            locale={locale}
            labels={{ title: t('calendar.month', view), previousMonth: t('calendar.previousMonth'), nextMonth: t('calendar.nextMonth') }}
            onSelectDay={onDayChange}
            onMonthChange={(year, month) => onMonthChange({ year, month })}
          />
          <div className="book-times" aria-live="polite">
            {monthTime?.state === 'loading' ? <p className="book-muted">{t('calendar.loading')}</p> : null}
            {monthTime?.state === 'error' ? <p className="book-error">{monthTime.error.message || t('failed')}</p> : null}
            {full ? <p className="book-error">{t('calendar.full')}</p> : null}
            {!full && monthDays && day === null ? <p className="book-muted">{t('calendar.pickDay')}</p> : null}
            {day !== null && dayTimes.length > 0 ? (
              <>
                <h3 className="book-times__title">{t('calendar.times', { date: formatDay(locale, view.year, view.month, day) })}</h3>
                <TimeChips times={dayTimes} value={time} label={t('calendar.times', { date: formatDay(locale, view.year, view.month, day) })} onChange={onTimeChange} />
              </>
            ) : null}
          </div>
        </>
      )}
    </StepCard>
  );
}
