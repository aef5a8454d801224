// Types only from the contract: the router's entry chunk imports this file (routes.tsx), and the contract's date
// helpers live beside its zod schemas.
import type { Locale } from '@lodestar/contract';

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

/** The first day of the week in FullCalendar's locale for each language (zh-CN's is Monday; zh-TW's and English's Sunday). */
export const calendarFirstDay: Record<Locale, 0 | 1> = { 'zh-TW': 0, 'zh-CN': 1, 'en-US': 0 };

/**
 * The dates FullCalendar shows for a place (first and last, YYYY-MM-DD), as its datesSet reports them: a day; the
 * week holding the date; a month as six whole weeks from the week holding the 1st. The calendar page starts its feed
 * request with it, and so does the start preload (app/preload.ts) — before FullCalendar has loaded.
 */
export function calendarRange(place: CalendarPlace, firstDay: 0 | 1): { start: string; end: string } {
  if (place.view === 'day') return { start: place.date, end: place.date };
  const from = place.view === 'month' ? `${place.date.slice(0, 8)}01` : place.date;
  const [year, month, day] = from.split('-').map(Number) as [number, number, number];
  const back = (new Date(year, month - 1, day).getDay() - firstDay + 7) % 7;
  const at = (days: number) => isoDate(new Date(year, month - 1, day + days));
  return { start: at(-back), end: at(-back + (place.view === 'month' ? 41 : 6)) };
}
