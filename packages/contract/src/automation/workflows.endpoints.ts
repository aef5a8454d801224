import { z } from 'zod';
import { idParamsSchema } from '../platform/common.ts';
import { endpoints } from '../platform/endpoint.ts';
import {
  workflowBodySchema,
  workflowDryRunSchema,
  workflowListSchema,
  workflowReplayBodySchema,
  workflowRunSchema,
  workflowRunsQuerySchema,
  workflowSchema,
  workflowTestClockBodySchema,
  workflowHookAnswerSchema,
  workflowHookParamsSchema,
  workflowHookSecretSchema,
} from './workflows.ts';

const viewers = 'Holders of the automation privilege (view) only, 403 otherwise.';
const editors = 'Holders of the automation privilege (edit) only, 403 otherwise; 403 PLAN_LIMIT_REACHED below the Pro plan.';

/** Settings → workflows (docs/product.md#workflows). Signed-in people only: API keys have no scope here. */
export const workflowsEndpoints = endpoints('workflows', {
  list: { method: 'GET', path: '/settings/workflows', access: 'member', response: workflowListSchema, description: `${viewers} With the plan's limits.` },
  create: {
    method: 'POST', path: '/settings/workflows', access: 'member', body: workflowBodySchema, response: workflowSchema,
    description: `${editors} The caller becomes its owner: its steps act with the owner's rights. 409 WORKFLOW_LIMIT_REACHED past the active limit.`,
  },
  update: {
    method: 'PUT', path: '/settings/workflows/:id', access: 'member', params: idParamsSchema, body: workflowBodySchema, response: workflowSchema,
    description: `${editors} Switching it on clears a pause. 404 WORKFLOW_NOT_FOUND.`,
  },
  remove: { method: 'DELETE', path: '/settings/workflows/:id', access: 'member', params: idParamsSchema, response: z.null(), description: `${editors} With its runs.` },
  dryRun: {
    method: 'POST', path: '/settings/workflows/dry-run', access: 'member', body: workflowBodySchema, response: workflowDryRunSchema,
    description: `${viewers} Tests a workflow (saved or not) against the last 30 days: the records that would have triggered and what each step would do. Writes nothing.`,
  },
  runs: {
    method: 'GET', path: '/settings/workflow-runs', access: 'member', query: workflowRunsQuerySchema, response: z.array(workflowRunSchema),
    description: `${viewers} The run log: the latest 100 runs with each step's input, result and error.`,
  },
  replay: {
    method: 'POST', path: '/settings/workflow-runs/:id/replay', access: 'member', params: idParamsSchema, body: workflowReplayBodySchema, response: workflowRunSchema,
    description: `${editors} Runs it again from this step (the steps before it stay done). 404 WORKFLOW_RUN_NOT_FOUND.`,
  },
  rotateHookSecret: {
    method: 'POST', path: '/settings/workflows/:id/hook-secret', access: 'member', params: idParamsSchema, response: workflowHookSecretSchema,
    summary: 'Make a new signing secret for a workflow\'s webhook-in URL',
    description: `${editors} A webhook-in trigger only (400 naming trigger.type otherwise). The secret is answered this once; the previous one stops working. 404 WORKFLOW_NOT_FOUND.`,
  },
  receiveHook: {
    method: 'POST', path: '/hooks/workflows/:id', access: 'public', params: workflowHookParamsSchema, response: workflowHookAnswerSchema, successStatus: 202,
    summary: 'Start a workflow from a signed webhook call',
    description:
      'Signed as Standard Webhooks: webhook-id, webhook-timestamp (Unix seconds, within 5 minutes) and webhook-signature (v1,<base64 HMAC-SHA256 of "id.timestamp.body"> keyed by the secret) over the raw JSON body (64 KB at most). The top-level fields of the body are the run\'s record. A webhook-id seen before answers duplicate and starts nothing. 400 WORKFLOW_HOOK_HEADER_MISSING / WORKFLOW_HOOK_TIMESTAMP_INVALID / WORKFLOW_HOOK_BODY_INVALID, 401 WORKFLOW_HOOK_SIGNATURE_INVALID, 404 WORKFLOW_NOT_FOUND, 409 WORKFLOW_HOOK_OFF / WORKFLOW_HOOK_NO_SECRET, 429 past 60 calls a minute.',
  },
  testClock: {
    method: 'POST', path: '/settings/workflows/test-clock', access: 'member', body: workflowTestClockBodySchema, response: z.object({ started: z.number() }),
    description: `Development and e2e only (BILLING_TEST_CLOCK=true, refused in production; 404 otherwise). ${editors} Judges stalled deals, dates and quiet contacts N days ahead (scans and dry run), then runs the scans.`,
  },
});
