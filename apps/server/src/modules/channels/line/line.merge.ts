import type { MergeReference } from '../../../db/record-snapshots.ts';
import { lineBindCodes, lineFriends } from './line.table.ts';

/** A contact merge moves the LINE friends linked to the merged-away contacts, and their binding codes (wiring.ts). */
export const lineFriendsMergeReference: MergeReference = (kind) =>
  kind === 'contact' ? { table: lineFriends, id: lineFriends.id, orgId: lineFriends.orgId, ref: lineFriends.contactId, unique: true } : undefined;
export const lineBindCodesMergeReference: MergeReference = (kind) =>
  kind === 'contact' ? { table: lineBindCodes, id: lineBindCodes.id, orgId: lineBindCodes.orgId, ref: lineBindCodes.contactId } : undefined;
