import type { EventInput } from '@fullcalendar/core';
import { addDays, matchesCalendarFilter, type CalendarEvent, type CalendarFilter, type ChangeScheduleDateBody } from '@lodestar/contract';
import { readableTextOn } from '../../../shared/ui/tag-colors.ts';
import { isoDate } from './calendar-route.ts';

/** What the calendar keeps on each FullCalendar event, to open, move or complete it. */
export interface EventRef {
  source: CalendarEvent;
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The feed's events for FullCalendar, after the filter (`selfUserId`: the caller, whose own events need no name). Times are the schedule's wall-clock times (shown as
 * written, whatever the browser's zone); an all-day event's end is exclusive, as FullCalendar expects.
 */
export function toCalendarInputs(events: readonly CalendarEvent[], filter: CalendarFilter, selfUserId: string | null = null): EventInput[] {
  return events
    .filter((event) => matchesCalendarFilter(event, filter))
    .map((event) => ({
      id: event.id,
      // A colleague's schedule (picked calendars) says whose it is.
      title: event.owner && selfUserId && event.owner.userId !== selfUserId ? `${event.owner.name}：${event.title}` : event.title,
      allDay: event.allDay,
      start: event.allDay ? event.startDate : `${event.startDate}T${event.startTime ?? '00:00'}`,
      end: event.allDay ? addDays(event.endDate, 1) : `${event.endDate}T${event.endTime ?? '00:00'}`,
      backgroundColor: event.color,
      borderColor: event.color,
      textColor: readableTextOn(event.color),
      // Reservations cannot be moved (docs/product.md#states); schedules only by who may edit them.
      editable: event.type === 'schedule' && event.editable,
      classNames: [`calendar-event--${event.type}`, ...(event.completed ? ['calendar-event--completed'] : [])],
      extendedProps: { source: event } satisfies EventRef,
    }));
}

/** The hours a day or week view opens on: the working day, stretched to any timed event outside it. */
export const workingHours = { start: 7, end: 21 } as const;

/**
 * The slot range of the day and week views (FullCalendar's slotMinTime/slotMaxTime): the working day fits one
 * screen instead of a 24-hour page, and an early or late event widens it so nothing is ever hidden.
 */
export function visibleHours(events: readonly CalendarEvent[]): { slotMinTime: string; slotMaxTime: string } {
  let start: number = workingHours.start;
  let end: number = workingHours.end;
  for (const event of events) {
    if (event.allDay) continue;
    const [startHour = 0] = (event.startTime ?? '00:00').split(':').map(Number);
    const [endHour = 0, endMinute = 0] = (event.endTime ?? '00:00').split(':').map(Number);
    // An event that runs past midnight (or to it) needs the whole evening.
    const endsNextDay = event.endDate > event.startDate || (endHour === 0 && endMinute === 0);
    start = Math.min(start, event.endDate > event.startDate ? 0 : startHour);
    end = Math.max(end, endsNextDay ? 24 : endHour + (endMinute > 0 ? 1 : 0));
  }
  return { slotMinTime: `${pad(start)}:00:00`, slotMaxTime: `${pad(end)}:00:00` };
}

function localTime(date: Date): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * Where a dragged event landed, as changeScheduleDate's body. `end` is null when FullCalendar keeps the default
 * duration: the event keeps its own length then. An all-day end is exclusive in FullCalendar, inclusive here.
 */
export function changeDateBody(source: CalendarEvent, landed: { start: Date; end: Date | null; allDay: boolean }): ChangeScheduleDateBody {
  const startDate = isoDate(landed.start);
  const base = { id: source.scheduleId ?? source.sourceId, ...(source.isRecurring ? { occurrenceDate: source.occurrenceDate } : {}) };
  if (landed.allDay) {
    const days = Math.max(0, Math.round((Date.parse(`${source.endDate}T00:00Z`) - Date.parse(`${source.startDate}T00:00Z`)) / 86_400_000));
    const endDate = landed.end ? addDays(isoDate(landed.end), -1) : addDays(startDate, source.allDay ? days : 0);
    return { ...base, startDate, startDateTime: null, endDate: endDate < startDate ? startDate : endDate, endDateTime: null, fullDay: true };
  }
  const lengthMs = Date.parse(source.end) - Date.parse(source.start);
  const end = landed.end ?? new Date(landed.start.getTime() + (source.allDay || !(lengthMs > 0) ? 3_600_000 : lengthMs));
  return { ...base, startDate, startDateTime: localTime(landed.start), endDate: isoDate(end), endDateTime: localTime(end), fullDay: false };
}

/** A slot picked on the calendar (click or drag-select) as the drawer's preset. */
export function slotPreset(selection: { start: Date; end: Date | null; allDay: boolean }): { date: string; startTime?: string; endTime?: string; fullDay?: boolean } {
  const date = isoDate(selection.start);
  if (selection.allDay) return { date };
  const startTime = localTime(selection.start);
  const end = selection.end;
  // A single half-hour click keeps the one-hour default; a longer selection on the same day is kept as it is.
  const isRange = end && isoDate(end) === date && end.getTime() - selection.start.getTime() > 30 * 60_000;
  return isRange ? { date, startTime, endTime: localTime(end) } : { date, startTime };
}
