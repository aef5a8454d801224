import type { MergeReference } from '../../../db/record-snapshots.ts';
import { contacts } from './contacts.table.ts';

/** A company merge moves the merged-away companies' people to the survivor (records/merges, wired in wiring.ts). */
export const contactsMergeReference: MergeReference = (kind) =>
  kind === 'company' ? { table: contacts, id: contacts.id, orgId: contacts.orgId, ref: contacts.companyId } : undefined;
