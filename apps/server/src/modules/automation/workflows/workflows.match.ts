import { conditionsHold, recordNameOf, triggerMatches, workflowLimits, type TriggerEvent } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import * as repository from './workflows.repository.ts';

/**
 * Turning a trigger (an outbox event, or a time scan's finding) into a run row: the trigger and the conditions, the
 * loop guard's depth, and the workspace's hourly rate limit. Shared by the outbox consumer and the scans.
 */

export interface Candidate {
  workflow: repository.WorkflowRow;
  run: repository.RunInsert;
}

/** `workflow:<id>:<depth>` → the workflow whose run made the change, and that run's depth. */
export function workflowActor(actor: string): { workflowId: string; depth: number } | undefined {
  const [kind, workflowId, depth] = actor.split(':');
  return kind === 'workflow' && workflowId ? { workflowId, depth: Number(depth) || 0 } : undefined;
}

/**
 * An import's events carry its "run workflows" switch in their actor: `import:<id>` runs workflows,
 * `import:<id>:quiet` does not (modules/imports: the switch, off by default for large files).
 */
export function importRunsNoWorkflows(actor: string): boolean {
  return actor.startsWith('import:') && actor.endsWith(':quiet');
}

export type MatchEvent = TriggerEvent & { id: string | null; key: string; recordId: string };

export function candidateRun(workflow: repository.WorkflowRow, event: MatchEvent, depth: number): Candidate | undefined {
  if (!triggerMatches(workflow.trigger, event) || !conditionsHold(workflow.conditions, event.record)) return undefined;
  const skipped = depth > workflowLimits.maxDepth;
  return {
    workflow,
    run: {
      orgId: workflow.orgId,
      workflowId: workflow.id,
      trigger: event.type,
      triggerKey: event.key,
      eventId: event.id,
      recordKind: event.kind,
      recordId: event.recordId,
      recordName: recordNameOf(event.kind, event.record),
      record: event.record,
      depth,
      ...(skipped ? { status: 'skipped' as const, error: 'depthLimit', finishedAt: new Date() } : {}),
    },
  };
}

/** Applies the workspace's hourly rate limit: past it, the workflows that would start more runs pause (a visible state). */
export async function insertWithinRate(db: Db, candidates: Candidate[]): Promise<number> {
  let inserted = 0;
  for (const orgId of new Set(candidates.map((c) => c.run.orgId))) {
    const ofOrg = candidates.filter((c) => c.run.orgId === orgId);
    const room = Math.max(0, workflowLimits.runsPerHour - (await repository.runsInLastHour(db, orgId)));
    inserted += await repository.insertRuns(db, ofOrg.slice(0, room).map((c) => c.run));
    const over = ofOrg.slice(room).map((c) => c.workflow.id);
    await repository.pauseWorkflows(db, orgId, [...new Set(over)]);
  }
  return inserted;
}
