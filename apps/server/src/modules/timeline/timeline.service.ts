import type { Db } from '../../db/client.ts';
import type { Actor } from '../privileges/privileges.service.ts';
import * as timelineRepository from './timeline.repository.ts';

export type { TimelineEventRow } from './timeline.repository.ts';

export interface TimelineEventInput {
  /** The record's kind, e.g. 'contact', 'company', 'deal'. */
  entityType: string;
  entityId: string;
  /** e.g. 'ownerTransferred'. */
  action: string;
  /** { field: { from, to } } for changes. */
  changes?: Record<string, unknown>;
}

/**
 * Records what the actor did to records, in the caller's transaction (pass the tx as db) so the
 * timeline never disagrees with the change. The visibility check is the caller's: it already loaded the record.
 */
export async function recordTimelineEvents(db: Db, actor: Pick<Actor, 'orgId' | 'userId'>, events: TimelineEventInput[]): Promise<void> {
  await timelineRepository.insertTimelineEvents(
    db,
    actor.orgId,
    events.map((event) => ({ ...event, changes: event.changes ?? {}, actorUserId: actor.userId })),
  );
}

export async function recordTimelineEvent(db: Db, actor: Pick<Actor, 'orgId' | 'userId'>, event: TimelineEventInput): Promise<void> {
  await recordTimelineEvents(db, actor, [event]);
}

/** Oldest first. The caller checks that the actor may see the record. */
export async function listTimelineEvents(db: Db, actor: Pick<Actor, 'orgId'>, entityType: string, entityId: string) {
  return timelineRepository.listTimelineEvents(db, actor.orgId, entityType, entityId);
}
