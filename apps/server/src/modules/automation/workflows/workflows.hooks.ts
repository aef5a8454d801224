import { timingSafeEqual } from 'node:crypto';
import { webhookRecord, workflowHookLimits, type WorkflowHookAnswer, type WorkflowHookSecret } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError, fieldError } from '../../../platform/errors.ts';
import type { Secrets } from '../../../platform/secrets.ts';
import { assertCan, type Actor } from '../../access/privileges/access-core.ts';
import { newWebhookSecret, webhookSignature } from '../../access/webhooks/webhooks.sender.ts';
import { candidateRun, insertWithinRate } from './workflows.match.ts';
import * as repository from './workflows.repository.ts';

/**
 * The webhook-in trigger (issue 35): each such workflow has its own URL and Standard Webhooks secret — the same
 * scheme our outgoing webhooks sign with (access/webhooks/webhooks.sender.ts `webhookSignature`), so a sender signs
 * `webhook-id.webhook-timestamp.body` over the raw bytes. Replays are refused twice over: the timestamp must be within
 * workflowHookLimits.toleranceSeconds of now, and the webhook-id is the run's trigger key, unique per workflow — a
 * repeat is answered `duplicate` and starts nothing. The payload's top-level fields are the run's record
 * (conditions and `{{field}}` in steps read them). Rate limits: per workflow per minute (the route), and the
 * workspace's hourly run limit.
 */

export const hookPath = (id: string) => `/api/hooks/workflows/${id}`;

/** Makes (or replaces) the workflow's signing secret; the answer is the only time it is shown. */
export async function rotateHookSecret(db: Db, secrets: Secrets, actor: Actor, id: string): Promise<WorkflowHookSecret> {
  assertCan(actor, 'automation', 'edit');
  const workflow = await repository.findWorkflow(db, actor.orgId, id);
  if (!workflow) throw new AppError('WORKFLOW_NOT_FOUND');
  if (workflow.trigger.type !== 'webhook.received') throw fieldError('trigger.type', 'invalidValue');
  const secret = newWebhookSecret();
  await repository.setHookSecret(db, actor.orgId, id, secrets.encrypt(secret));
  return { path: hookPath(id), secret };
}

const header = (headers: Record<string, string | string[] | undefined>, name: string): string => {
  const value = headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) throw new AppError('WORKFLOW_HOOK_HEADER_MISSING', { header: name });
  return text;
};

/** Whether one of the space-separated `v1,<base64>` signatures is ours (constant-time compare). */
function signatureMatches(expected: string, given: string): boolean {
  const want = Buffer.from(expected);
  return given.split(' ').some((candidate) => {
    const got = Buffer.from(candidate.trim());
    return got.length === want.length && timingSafeEqual(got, want);
  });
}

export type HookAnswer = WorkflowHookAnswer;

/** Verifies and takes one delivery: the run started (none when the conditions do not hold), or the earlier run of a repeat. */
export async function receiveHook(db: Db, secrets: Secrets, id: string, rawBody: Buffer | undefined, headers: Record<string, string | string[] | undefined>, now = new Date()): Promise<HookAnswer> {
  const workflow = await repository.findWorkflowForHook(db, id);
  if (!workflow || workflow.trigger.type !== 'webhook.received') throw new AppError('WORKFLOW_NOT_FOUND');
  if (!workflow.hookSecret) throw new AppError('WORKFLOW_HOOK_NO_SECRET');
  const webhookId = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signature = header(headers, 'webhook-signature');
  const seconds = Number(timestamp);
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now.getTime() / 1000 - seconds) > workflowHookLimits.toleranceSeconds) {
    throw new AppError('WORKFLOW_HOOK_TIMESTAMP_INVALID', { seconds: workflowHookLimits.toleranceSeconds });
  }
  const body = (rawBody ?? Buffer.alloc(0)).toString('utf8');
  const secret = secrets.decrypt(workflow.hookSecret);
  if (!signatureMatches(webhookSignature(secret, webhookId, seconds, body), signature)) throw new AppError('WORKFLOW_HOOK_SIGNATURE_INVALID');
  let payload: unknown;
  try {
    payload = JSON.parse(body);
  } catch {
    throw new AppError('WORKFLOW_HOOK_BODY_INVALID');
  }
  if (!workflow.enabled) throw new AppError('WORKFLOW_HOOK_OFF');
  const key = `webhook:${webhookId.slice(0, 200)}`;
  const seen = await repository.runByTriggerKey(db, workflow.id, key);
  if (seen) return { accepted: false, duplicate: true, runId: seen.id };
  // The workflow's owner stands in for a record owner (a task "for the record's owner"); a payload cannot name one.
  const record: Record<string, unknown> = { ...webhookRecord(payload), webhookId, ownerUserId: workflow.ownerUserId };
  const candidate = candidateRun(workflow, { type: 'webhook.received', kind: 'webhook', record, id: null, key, recordId: workflow.id }, 0);
  if (!candidate) return { accepted: false, duplicate: false, runId: null };
  candidate.run.recordName = typeof record.name === 'string' ? record.name.slice(0, 200) : workflow.name;
  const inserted = await insertWithinRate(db, [candidate]);
  const run = await repository.runByTriggerKey(db, workflow.id, key);
  // Not inserted and no run: the workspace's hourly limit paused the workflow (a visible state in the builder).
  if (!run) throw new AppError('RATE_LIMITED', { seconds: 3600 });
  return { accepted: inserted > 0, duplicate: inserted === 0, runId: run.id };
}
