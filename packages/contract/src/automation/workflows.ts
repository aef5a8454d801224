import { z } from 'zod';
import { mailSendStatuses } from '../mail/mailboxes.ts';
import { uuidSchema } from '../platform/common.ts';

/**
 * Workflows (docs/product.md#workflows, issue 35): when something happens to a record (the trigger), if it matches
 * (the conditions: OR of AND groups), do these steps in order. Runs start from the events outbox
 * (docs/decisions/0018-events-outbox-and-webhooks.md) or, for a stalled deal, from a scheduled scan.
 */

export const workflowRecordKinds = ['contact', 'company', 'deal'] as const;
export type WorkflowRecordKind = (typeof workflowRecordKinds)[number];

export const workflowTriggerTypes = [
  'record.created', 'record.updated', 'deal.stage_changed', 'deal.won', 'deal.lost', 'deal.stalled', 'schedule.completed',
  'reservation.created', 'reservation.cancelled', 'message.received',
  'date.reached', 'contact.idle', 'time.weekly', 'webhook.received',
] as const;
/** Triggers judged by the time scan (workflows.scans.ts) rather than read from the outbox. */
export const scannedTriggerTypes = ['deal.stalled', 'date.reached', 'contact.idle', 'time.weekly'] as const;

/** date.reached: the dates a workflow can wait for (a deal's expected close, a contact's birthday — yearly). */
export const workflowDateFields = ['deal.estimatedEndDate', 'contact.birthday'] as const;
export type WorkflowDateField = (typeof workflowDateFields)[number];
export type WorkflowTriggerType = (typeof workflowTriggerTypes)[number];

const fieldNameSchema = z.string().trim().min(1).max(64).regex(/^[a-zA-Z][a-zA-Z0-9_.]*$/);
const timeOfDaySchema = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/);
const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const workflowTriggerSchema = z.object({
  type: z.enum(workflowTriggerTypes),
  /** record.created / record.updated: which kind of record. Deal triggers imply deal, schedule.completed schedule. */
  recordKind: z.enum(workflowRecordKinds).optional(),
  /** record.updated: only when this field changed, optionally from / to these values. */
  field: fieldNameSchema.optional(),
  from: z.string().max(200).optional(),
  to: z.string().max(200).optional(),
  /** deal.stage_changed: moved into this stage; deal.stalled: stalled in this stage (any open stage when absent). */
  stage: z.number().int().optional(),
  /** deal.stalled: days in the stage (absent = the stage's own alert days); contact.idle: days without contact. */
  days: z.number().int().min(1).max(365).optional(),
  /** message.received: only messages whose text contains this (case-insensitive). */
  keyword: z.string().trim().min(1).max(50).optional(),
  /** date.reached: which date, and how many days before it (0 = on the day). */
  dateField: z.enum(workflowDateFields).optional(),
  daysBefore: z.number().int().min(0).max(365).optional(),
  /** time.weekly: the day (0 = Sunday) and time (HH:MM) in the workspace's time zone. */
  weekday: z.number().int().min(0).max(6).optional(),
  time: timeOfDaySchema.optional(),
});
export type WorkflowTrigger = z.infer<typeof workflowTriggerSchema>;

export const workflowConditionOps = ['eq', 'neq', 'gt', 'lt', 'contains', 'isEmpty', 'isNotEmpty', 'hasTag', 'lacksTag'] as const;
export type WorkflowConditionOp = (typeof workflowConditionOps)[number];

/** One test on the record: a field (`stage`, `ownerUserId`, `amount`, `tagIds`, any stored field) against a value. */
export const workflowConditionSchema = z.object({
  field: fieldNameSchema,
  op: z.enum(workflowConditionOps),
  value: z.string().max(200).default(''),
});
export type WorkflowCondition = z.infer<typeof workflowConditionSchema>;

/** OR of groups, each group the AND of its conditions; no group = always. */
export const workflowConditionsSchema = z.object({ groups: z.array(z.array(workflowConditionSchema).min(1).max(20)).max(10) });
export type WorkflowConditions = z.infer<typeof workflowConditionsSchema>;

/** `{{name}}` in a title or message is the record's name. */
const textSchema = z.string().trim().min(1).max(200);

export const workflowStepSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('createTask'),
    title: textSchema,
    /** null = the record's owner. */
    assigneeUserId: uuidSchema.nullable(),
    dueInDays: z.number().int().min(0).max(365),
  }),
  z.object({ type: z.literal('updateField'), field: z.enum(['name', 'amount', 'closingRate', 'estimatedEndDate']), value: z.string().trim().min(1).max(200) }),
  /** On a contact or company itself; on a deal, on its client contact. */
  z.object({ type: z.literal('addTag'), tagId: uuidSchema }),
  z.object({ type: z.literal('removeTag'), tagId: uuidSchema }),
  /** In-app notifications; `notifyOwner` adds the record's owner. */
  z.object({ type: z.literal('notify'), userIds: z.array(uuidSchema).max(50), notifyOwner: z.boolean(), message: textSchema }),
  /**
   * N hours or days; or, with `until`, until a day (fixed, or a date field of the record or webhook payload) at a
   * time of day in the workspace's time zone — a moment already past (or an empty field) waits no more.
   */
  z.object({
    type: z.literal('wait'),
    amount: z.number().int().min(1).max(365),
    unit: z.enum(['hours', 'days']),
    until: z.object({ date: daySchema.optional(), field: fieldNameSchema.optional(), time: timeOfDaySchema }).optional(),
  }),
  /**
   * The owner of a deal or contact (a reservation's or LINE message's: its contact's): a fixed member, the next in
   * turn (round-robin over the workflow's runs) or the one with the fewest open deals / contacts (least-loaded).
   */
  z.object({ type: z.literal('assignOwner'), mode: z.enum(['fixed', 'roundRobin', 'leastLoaded']), userIds: z.array(uuidSchema).min(1).max(50) }),
  /** A new deal for the record's contact or company (a reservation's contact), owned by the record's owner. */
  z.object({ type: z.literal('createDeal'), name: textSchema, stage: z.number().int().optional(), amount: z.number().int().min(0).max(1e12).optional() }),
  /**
   * POSTs the run and its record as JSON, signed as webhooks are (Standard Webhooks, the secret generated on save);
   * `webhook-id` is the (run, step) key, so a receiver drops a retry after a crash.
   */
  z.object({ type: z.literal('callWebhook'), url: z.string().trim().url().max(500), secret: z.string().max(100).optional() }),
  /**
   * A LINE message to the record's contact (a deal's client, a reservation's contact; a LINE message's sender) when it
   * is a followed friend of the connected account — never to a contact who opted out of marketing (PDPA).
   */
  z.object({ type: z.literal('sendLine'), text: z.string().trim().min(1).max(1000) }),
  /**
   * An e-mail from a mail template (mail context) to the record's contact (a deal's client, a reservation's contact),
   * sent from the workflow owner's connected mailbox, else the system mail; once per (run, step). `purpose` classifies
   * it: `marketing` (the default) is never sent to a contact who opted out of marketing; `service` (a reply to what the
   * contact did: a booking, a request) is.
   */
  z.object({ type: z.literal('sendEmail'), templateId: uuidSchema, purpose: z.enum(['marketing', 'service']).default('marketing') }),
  /** If the conditions hold do the next `thenSteps` steps, otherwise skip past them. */
  z.object({ type: z.literal('branch'), conditions: workflowConditionsSchema, thenSteps: z.number().int().min(1).max(19) }),
]);
export type WorkflowStep = z.infer<typeof workflowStepSchema>;
export type WorkflowStepType = WorkflowStep['type'];
export const workflowStepTypes = ['createTask', 'updateField', 'addTag', 'removeTag', 'notify', 'wait', 'assignOwner', 'createDeal', 'callWebhook', 'sendLine', 'sendEmail', 'branch'] as const satisfies readonly WorkflowStepType[];

export const workflowBodySchema = z.object({
  name: z.string().trim().min(1).max(100),
  description: z.string().trim().max(1000).default(''),
  enabled: z.boolean(),
  trigger: workflowTriggerSchema,
  conditions: workflowConditionsSchema,
  steps: z.array(workflowStepSchema).min(1).max(20),
});
export type WorkflowBody = z.infer<typeof workflowBodySchema>;
export type WorkflowInput = z.input<typeof workflowBodySchema>;

export const workflowPauseReasons = ['rateLimit'] as const;

export const workflowSchema = workflowBodySchema.extend({
  id: z.string(),
  ownerUserId: z.string(),
  ownerName: z.string(),
  /** Set when the workspace's rate limit stopped it; switching it on again clears it. */
  pausedReason: z.enum(workflowPauseReasons).nullable(),
  pausedAt: z.string().nullable(),
  /** A webhook-in trigger's URL path (under the server's address) and when its signing secret was made; null otherwise. */
  hook: z.object({ path: z.string(), secretCreatedAt: z.string().nullable() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Workflow = z.infer<typeof workflowSchema>;

export const workflowListSchema = z.object({
  items: z.array(workflowSchema),
  /** The plan ladder (billing/plans.ts `workflows`): whether the plan has workflows, and the limits that apply. */
  limits: z.object({ planAllows: z.boolean(), maxActive: z.number(), active: z.number(), runsPerHour: z.number(), maxDepth: z.number() }),
});

/** What a step would do or did: resolved values (the task's title, assignee and day; the tag; the people notified). */
export const workflowStepInputSchema = z.record(z.string(), z.unknown());

export const workflowDryRunSchema = z.object({
  /** The records that would have triggered over the last 30 days, newest first (at most 200). */
  matches: z.array(
    z.object({
      at: z.string(),
      recordKind: z.string(),
      recordId: z.string(),
      recordName: z.string(),
      steps: z.array(z.object({ index: z.number(), type: z.enum(workflowStepTypes), input: workflowStepInputSchema })),
    }),
  ),
  /** Trigger events or deals looked at. */
  scanned: z.number(),
});
export type WorkflowDryRun = z.infer<typeof workflowDryRunSchema>;

export const workflowRunStatuses = ['pending', 'waiting', 'succeeded', 'failed', 'skipped'] as const;
export type WorkflowRunStatus = (typeof workflowRunStatuses)[number];

export const workflowStepResultSchema = z.object({
  index: z.number(),
  type: z.enum(workflowStepTypes),
  status: z.enum(['succeeded', 'failed']),
  input: workflowStepInputSchema,
  result: workflowStepInputSchema.nullable(),
  error: z.string().nullable(),
  at: z.string(),
  /** An e-mail step's queued mail as it stands now (sent, unconfirmed after a crash…); null for other steps. */
  delivery: z.object({ status: z.enum(mailSendStatuses), error: z.string().nullable() }).nullable(),
});

export const workflowRunSchema = z.object({
  id: z.string(),
  workflowId: z.string(),
  workflowName: z.string(),
  /** The event type that started it, or deal.stalled. */
  trigger: z.string(),
  eventId: z.string().nullable(),
  recordKind: z.string(),
  recordId: z.string(),
  recordName: z.string(),
  status: z.enum(workflowRunStatuses),
  /** The next step to do (steps.length once done). */
  nextStep: z.number(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  steps: z.array(workflowStepResultSchema),
});
export type WorkflowRun = z.infer<typeof workflowRunSchema>;

export const workflowRunsQuerySchema = z.object({
  workflowId: uuidSchema.optional(),
  recordId: uuidSchema.optional(),
  status: z.enum(workflowRunStatuses).optional(),
});
/** A webhook-in trigger's new signing secret: shown once (only a hash-free ciphertext is kept to verify with). */
export const workflowHookSecretSchema = z.object({ path: z.string(), secret: z.string() });
export type WorkflowHookSecret = z.infer<typeof workflowHookSecretSchema>;
export const workflowHookParamsSchema = z.object({ id: uuidSchema });
/** What the webhook-in answers: a run started, or a repeat of a delivery already taken (its webhook-id). */
export const workflowHookAnswerSchema = z.object({ accepted: z.boolean(), duplicate: z.boolean(), runId: z.string().nullable() });
export type WorkflowHookAnswer = z.infer<typeof workflowHookAnswerSchema>;
/** Webhook-in limits: the signed timestamp's tolerance (Standard Webhooks), calls per workflow per minute, body size. */
export const workflowHookLimits = { toleranceSeconds: 300, perMinute: 60, maxBytes: 64 * 1024 } as const;

/** POST /settings/workflows/test-clock (development and e2e only): days ahead. */
export const workflowTestClockBodySchema = z.object({ days: z.number().int().min(0).max(60) });
export const workflowReplayBodySchema = z.object({ fromStep: z.number().int().min(0).max(19) });

