import { addDays, formatTimeOfDay, reservationColor, type CalendarEvent } from '@lodestar/contract';
import * as schedulesService from '../../calendar/schedules/schedules.service.ts';
import { listBetween } from './reservations.service.ts';

/*
 * Booking sits above the calendar: the calendar feed does not know reservations, this module adds them as a
 * source (registered in apps/server/src/wiring.ts). docs/product.md#screens: the calendar's Reservation filter.
 */

/** Reservations (booking) in the calendar: read-only events; a booked reservation cannot be moved. */
export const reservationsCalendarSource: schedulesService.CalendarSource = {
  type: 'reservation',
  async events(db, actor, { from, to, ownerIds, ownerNames: names }) {
    const { fromInstant, toInstant } = schedulesService.instantWindow(from, to);
    const [entries, ownerNames] = await Promise.all([listBetween(db, actor, { from: fromInstant, to: toInstant, ownerIds }), names]);
    return entries
      .filter((entry) => entry.date >= from && entry.date <= to)
      .map((entry) => {
        const endsAtMidnight = entry.endMinute >= 24 * 60;
        return {
          id: `reservation:${entry.id}`,
          type: 'reservation',
          sourceId: entry.id,
          scheduleId: null,
          occurrenceDate: entry.date,
          start: entry.startAt,
          end: entry.endAt,
          startDate: entry.date,
          startTime: formatTimeOfDay(entry.startMinute),
          endDate: endsAtMidnight ? addDays(entry.date, 1) : entry.date,
          endTime: endsAtMidnight ? '00:00' : formatTimeOfDay(entry.endMinute),
          timezone: entry.timeZone,
          allDay: false,
          title: entry.title,
          color: reservationColor,
          category: null,
          completed: entry.status === 'completed',
          isRecurring: false,
          isMoved: false,
          owner: entry.ownerUserId ? { userId: entry.ownerUserId, name: ownerNames.get(entry.ownerUserId) ?? '' } : null,
          editable: false,
        } satisfies CalendarEvent;
      });
  },
};
