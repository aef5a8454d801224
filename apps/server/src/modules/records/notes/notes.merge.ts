import { sql } from 'drizzle-orm';
import type { MergeReference } from '../../../db/record-snapshots.ts';
import { notes } from './notes.table.ts';

/** A merge moves the merged-away records' notes to the survivor (records/merges, wired in wiring.ts). */
export const notesMergeReference: MergeReference = (kind) => ({ table: notes, id: notes.id, orgId: notes.orgId, ref: notes.entityId, where: sql`${notes.entityType} = ${kind}` });
