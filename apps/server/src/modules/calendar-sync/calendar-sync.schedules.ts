import type { Db } from '../../db/client.ts';
import type { FeedSchedule } from './calendar-sync.ics.ts';
import type { SyncEvent } from './calendar-sync.providers.ts';

/**
 * The one place sync meets schedules: everything goes through the schedules service (its rules,
 * instants and exceptions), so a pulled change is saved exactly like one made in the drawer.
 */

export interface ScheduleForSync {
  id: string;
  ownerId: string;
  event: SyncEvent;
}

export async function readScheduleForSync(_db: Db, _orgId: string, _scheduleId: string): Promise<ScheduleForSync | undefined> {
  return undefined;
}

export async function listOwnScheduleIds(_db: Db, _orgId: string, _userId: string): Promise<string[]> {
  return [];
}

export async function createScheduleFromEvent(_db: Db, _orgId: string, _userId: string, _event: SyncEvent): Promise<string> {
  throw new Error('schedules module not wired yet');
}

/** Answers false when the schedule is gone. */
export async function updateScheduleFromEvent(_db: Db, _orgId: string, _userId: string, _scheduleId: string, _event: SyncEvent): Promise<boolean> {
  return false;
}

export async function deleteScheduleFromEvent(_db: Db, _orgId: string, _userId: string, _scheduleId: string): Promise<void> {}

export async function listFeedSchedules(_db: Db, _orgId: string, _userId: string): Promise<FeedSchedule[]> {
  return [];
}
