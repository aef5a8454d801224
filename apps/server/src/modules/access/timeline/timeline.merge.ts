import { sql } from 'drizzle-orm';
import type { MergeReference } from '../../../db/record-snapshots.ts';
import { timelineEvents } from './timeline.table.ts';

/** A merge moves the merged-away records' timelines to the survivor (records/merges, wired in wiring.ts). */
export const timelineMergeReference: MergeReference = (kind) => ({
  table: timelineEvents,
  id: timelineEvents.id,
  orgId: timelineEvents.orgId,
  ref: timelineEvents.entityId,
  where: sql`${timelineEvents.entityType} = ${kind}`,
});
