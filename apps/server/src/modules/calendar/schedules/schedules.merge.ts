import type { MergeReference } from '../../../db/record-snapshots.ts';
import { schedules } from './schedules.table.ts';

/** A merge moves the merged-away client's or company's schedules to the survivor (records/merges, wired in wiring.ts). */
export const schedulesMergeReference: MergeReference = (kind) => ({
  table: schedules,
  id: schedules.id,
  orgId: schedules.orgId,
  ref: kind === 'contact' ? schedules.clientId : schedules.companyId,
});
