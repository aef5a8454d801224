import * as businessesService from './modules/booking/businesses/businesses.service.ts';
import { reservationsCalendarSource } from './modules/booking/reservations/reservations.calendar.ts';
import * as reservationsService from './modules/booking/reservations/reservations.service.ts';
import * as calendarSyncService from './modules/calendar/calendar-sync/calendar-sync.service.ts';
import * as schedulesService from './modules/calendar/schedules/schedules.service.ts';

/**
 * The composition root's registrations: where a higher context plugs into a lower one's registry or
 * listener (a deal into the trash, reservations into the calendar feed, …) so that the lower one never
 * imports the higher one. Called by buildApp before the routes; every registration is keyed, so calling
 * it again (tests build many apps) replaces rather than duplicates.
 */
export function wireContexts(): void {
  // Each context adds its registrations here, grouped by the context that provides them.

  // ---- calendar ----
  // Calendar sync queues a push to the owner's Google/Outlook accounts after every schedule write.
  schedulesService.onScheduleWrite('calendar-sync', (db, change) =>
    calendarSyncService.scheduleChanged(db, change.orgId, change.ownerUserId, change.scheduleIds),
  );

  // ---- booking ----
  // Reservations show in the calendar feed (read-only events).
  schedulesService.registerCalendarSource(reservationsCalendarSource);
  // A changed concurrentBooking resizes the future seats, in the business save's transaction.
  businessesService.onCapacityChange('reservations', reservationsService.setFutureCapacity);
}
