import type { Db } from '../../../db/client.ts';

/** What a listener learns of a new workspace: its id, its creator and the creator's language (for seeded names). */
export interface WorkspaceCreated {
  orgId: string;
  creatorUserId: string;
  language: string;
}

/** Runs inside the creation transaction (`db` is the transaction): a failure rolls the workspace back. */
export type WorkspaceCreatedListener = (db: Db, workspace: WorkspaceCreated) => Promise<void>;

const listeners = new Map<string, WorkspaceCreatedListener>();

/**
 * Higher contexts seed a new workspace through this (registered in wiring.ts), so organizations never
 * imports them (docs/ARCHITECTURE.md, "Contexts"). Keyed: registering the same key again replaces it.
 */
export function onWorkspaceCreated(key: string, listener: WorkspaceCreatedListener): void {
  listeners.set(key, listener);
}

export async function notifyWorkspaceCreated(db: Db, workspace: WorkspaceCreated): Promise<void> {
  for (const listener of listeners.values()) await listener(db, workspace);
}
