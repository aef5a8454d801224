import { summarySectionLimit } from '@lodestar/contract';
import { can } from '../../access/privileges/access-core.ts';
import type { SummarySection } from '../../records/record-summary/record-summary.service.ts';
import { visibility as reservationVisibility } from './reservations.service.ts';
import * as reservationsSummaryRepository from './reservations.summary.repository.ts';

/**
 * The bookings section of a contact's page (records/record-summary, wired in wiring.ts): the contact's reservations
 * whose owners' calendars the viewer sees, as the reservations list shows them; nothing without calendar view.
 */
export const bookingsSummarySection: SummarySection = async (db, actor, entityType, entityId, batch) => {
  if (entityType !== 'contact' || !can(actor, 'calendar', 'view')) return {};
  const visibility = await reservationVisibility(db, actor);
  const rows = await batch.rows(reservationsSummaryRepository.reservationsOfContact(db, actor.orgId, entityId, visibility, new Date(), summarySectionLimit));
  return {
    bookings: {
      total: rows[0]?.total ?? 0,
      items: rows.map((r) => ({
        id: r.id,
        number: r.number,
        businessName: r.businessName,
        startsAt: r.startAt.toISOString(),
        status: r.status,
        people: r.people,
        services: r.services.map((line) => line.title),
      })),
    },
  };
};
