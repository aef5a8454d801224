import type { MergeReference } from '../../../db/record-snapshots.ts';
import { reservations } from './reservations.table.ts';

/** A contact merge moves the merged-away contacts' bookings to the survivor (records/merges, wired in wiring.ts). */
export const reservationsMergeReference: MergeReference = (kind) =>
  kind === 'contact' ? { table: reservations, id: reservations.id, orgId: reservations.orgId, ref: reservations.contactId } : undefined;
