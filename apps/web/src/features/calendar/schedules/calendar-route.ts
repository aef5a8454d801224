/** The calendar's address (docs/product.md#screens): /{orgId}/calendar/{day|week|month}/{yyyy}/{mm}/{dd}. */
export const calendarViews = ['day', 'week', 'month'] as const;
export type CalendarView = (typeof calendarViews)[number];

export interface CalendarPlace {
  view: CalendarView;
  /** YYYY-MM-DD */
  date: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

export function isoDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function calendarPath(orgId: string, { view, date }: CalendarPlace): string {
  const [year, month, day] = date.split('-');
  return `/${orgId}/calendar/${view}/${year}/${month}/${day}`;
}

/** The route's params as a place; a missing or impossible part falls back to today's week. */
export function parseCalendarPlace(params: { view?: string; year?: string; month?: string; day?: string }, today: Date = new Date()): CalendarPlace {
  const view = calendarViews.find((candidate) => candidate === params.view) ?? 'week';
  const year = Number(params.year);
  const month = Number(params.month);
  const day = Number(params.day);
  const date = new Date(year, month - 1, day);
  const isReal = Number.isInteger(year) && year >= 1000 && year <= 9999 && date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
  return { view, date: isReal ? isoDate(date) : isoDate(today) };
}

/** FullCalendar's view names for ours. */
export const fullCalendarViews: Record<CalendarView, string> = { day: 'timeGridDay', week: 'timeGridWeek', month: 'dayGridMonth' };

export function viewOfFullCalendar(name: string): CalendarView {
  return (Object.entries(fullCalendarViews).find(([, full]) => full === name)?.[0] as CalendarView | undefined) ?? 'week';
}
