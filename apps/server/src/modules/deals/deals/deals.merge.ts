import type { MergeReference } from '../../../db/record-snapshots.ts';
import { deals } from './deals.table.ts';

/** A merge moves the merged-away client's or company's deals to the survivor (records/merges, wired in wiring.ts). */
export const dealsMergeReference: MergeReference = (kind) => ({ table: deals, id: deals.id, orgId: deals.orgId, ref: kind === 'contact' ? deals.clientId : deals.companyId });
