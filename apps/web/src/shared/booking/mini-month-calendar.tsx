import './booking-widgets.css';

export interface MiniMonthCalendarLabels {
  /** The caption of the month grid, formatted for the locale (e.g. "November 2026"). */
  title: string;
  previousMonth: string;
  nextMonth: string;
}

export interface MiniMonthCalendarProps {
  year: number;
  /** 1–12 */
  month: number;
  /** Days of the month that still have a free slot; null while they load (every day disabled). */
  availableDays: ReadonlySet<number> | null;
  selectedDay: number | null;
  /** Whether the previous month may be shown (not before the current month). */
  canGoBack: boolean;
  /** BCP 47 tag for weekday names. */
  locale: string;
  labels: MiniMonthCalendarLabels;
  onSelectDay: (day: number) => void;
  onMonthChange: (year: number, month: number) => void;
}

export function shiftMonth(year: number, month: number, delta: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** Weeks (Sunday first) of a month as day numbers, null for the blanks before the 1st and after the last day. */
export function monthWeeks(year: number, month: number): (number | null)[][] {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const cells: (number | null)[] = [...Array.from({ length: first }, () => null), ...Array.from({ length: days }, (_, i) => i + 1)];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (number | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

function weekdayNames(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: 'narrow', timeZone: 'UTC' });
  // 2026-11-01 is a Sunday.
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2026, 10, 1 + i))));
}

/**
 * The mini month calendar of the service time dialog and the public booking page (docs/product.md#states):
 * a day with no free slot (full, closed or past: monthTime answers no times) is disabled. Plain React and CSS, no antd, so the
 * public page's bundle stays small.
 */
export function MiniMonthCalendar({ year, month, availableDays, selectedDay, canGoBack, locale, labels, onSelectDay, onMonthChange }: MiniMonthCalendarProps) {
  const names = weekdayNames(locale);
  const move = (delta: number) => {
    const next = shiftMonth(year, month, delta);
    onMonthChange(next.year, next.month);
  };
  return (
    <div className="mini-calendar">
      <div className="mini-calendar__header">
        <button type="button" className="mini-calendar__nav" aria-label={labels.previousMonth} disabled={!canGoBack} onClick={() => move(-1)}>
          <span aria-hidden="true">‹</span>
        </button>
        <span className="mini-calendar__title" aria-live="polite">
          {labels.title}
        </span>
        <button type="button" className="mini-calendar__nav" aria-label={labels.nextMonth} onClick={() => move(1)}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <table className="mini-calendar__grid" aria-label={labels.title}>
        <thead>
          <tr>
            {names.map((name, i) => (
              <th key={i} scope="col" abbr={name}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(year, month).map((week, w) => (
            <tr key={w}>
              {week.map((day, d) => {
                if (day === null) return <td key={d} />;
                const disabled = !availableDays?.has(day);
                const selected = day === selectedDay;
                return (
                  <td key={d}>
                    <button
                      type="button"
                      className={`mini-calendar__day${selected ? ' mini-calendar__day--selected' : ''}`}
                      disabled={disabled}
                      aria-pressed={selected}
                      data-day={day}
                      onClick={() => onSelectDay(day)}
                    >
                      {day}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
