import type { Db } from '../../../db/client.ts';

/** What changed, for calendar sync (push to Google/Outlook) — `origin: 'sync'` for writes that came from a provider. */
export interface ScheduleChange {
  orgId: string;
  ownerUserId: string;
  scheduleIds: string[];
  kind: 'created' | 'updated' | 'deleted';
  origin: 'user' | 'sync';
}

export type ScheduleWriteListener = (db: Db, change: ScheduleChange) => Promise<void>;

/**
 * Listeners of committed schedule writes, keyed so that registering again replaces. Calendar sync (which
 * reads schedules) registers its push queue here from the composition root (apps/server/src/wiring.ts), so
 * schedules never import calendar sync (docs/ARCHITECTURE.md).
 */
const listeners = new Map<string, ScheduleWriteListener>();

export function onScheduleWrite(key: string, listener: ScheduleWriteListener): void {
  listeners.set(key, listener);
}

/** Called after every committed schedule write (create, edit of any scope, split, delete, complete, move). */
export async function afterScheduleWrite(db: Db, change: ScheduleChange): Promise<void> {
  for (const listener of listeners.values()) await listener(db, change);
}
