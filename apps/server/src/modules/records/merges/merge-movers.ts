import type { DuplicateKind } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { moveReferences, restoreReferences, type MergeReference, type MovedRow } from '../../../db/record-snapshots.ts';

/**
 * What points at a contact or a company, by the module that owns those rows (deals, schedules, notes, timeline,
 * bookings, LINE friends, card exchanges, a company's people): a merge moves them to the survivor and its undo moves
 * them back, in the merge's transaction. Registered in wiring.ts, since most owners sit above records.
 */
export interface MergeMover {
  move(db: Db, orgId: string, kind: DuplicateKind, fromIds: string[], toId: string): Promise<MovedRow[]>;
  undo(db: Db, orgId: string, kind: DuplicateKind, moved: MovedRow[], toId: string): Promise<void>;
}

const movers = new Map<string, MergeMover>();

/** Keyed by name (kept in each merge record for its undo): registering again replaces. */
export function registerMergeMover(name: string, mover: MergeMover): void {
  movers.set(name, mover);
}

/** A mover for a plain reference column (most of them). */
export function referenceMover(reference: MergeReference): MergeMover {
  return {
    move: async (db, orgId, kind, fromIds, toId) => {
      const column = reference(kind);
      return column ? moveReferences(db, column, orgId, fromIds, toId) : [];
    },
    undo: async (db, orgId, kind, moved, toId) => {
      const column = reference(kind);
      if (column && moved.length > 0) await restoreReferences(db, column, orgId, moved, toId);
    },
  };
}

export function registeredMovers(): [string, MergeMover][] {
  return [...movers.entries()];
}

export function moverNamed(name: string): MergeMover | undefined {
  return movers.get(name);
}
