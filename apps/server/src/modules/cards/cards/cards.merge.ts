import type { MergeReference } from '../../../db/record-snapshots.ts';
import { businessCardLeads } from './cards.table.ts';

/** A contact merge moves the card exchanges that made or matched the merged-away contacts (records/merges, wiring.ts). */
export const cardLeadsMergeReference: MergeReference = (kind) =>
  kind === 'contact' ? { table: businessCardLeads, id: businessCardLeads.id, orgId: businessCardLeads.orgId, ref: businessCardLeads.contactId } : undefined;
