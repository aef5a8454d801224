import { z } from 'zod';
import { eventSchema, eventTypeSchema } from '../platform/events.ts';

/**
 * Webhooks (docs/product.md#webhooks, docs/decisions/0018-events-outbox-and-webhooks.md): an administrator sends
 * chosen event types to a URL. Deliveries follow Standard Webhooks: headers `webhook-id` (the event id),
 * `webhook-timestamp` (Unix seconds) and `webhook-signature` (`v1,<base64 HMAC-SHA256 of id.timestamp.body>` keyed by
 * the base64 part of the `whsec_…` secret); retried with backoff for 24 hours.
 */
export const webhookNameSchema = z.string().trim().min(1).max(100);
/** HTTPS; plain http only to localhost outside production (the server checks that, WEBHOOK_URL_NOT_ALLOWED). */
export const webhookUrlSchema = z.string().trim().min(1).max(2000).pipe(z.url({ protocol: /^https?$/ }));

export const webhookFilterSchema = z.object({
  /** Deal events of this pipeline (sales stage type) only; other event types are not narrowed. */
  stageTypeId: z.uuid().nullable().optional(),
});

export const webhookBodySchema = z.object({
  name: webhookNameSchema,
  url: webhookUrlSchema,
  eventTypes: z.array(eventTypeSchema).min(1).max(100),
  filter: webhookFilterSchema.optional(),
});
export const webhookEditBodySchema = webhookBodySchema.extend({ enabled: z.boolean() });

export const webhookDeliveryStatuses = ['pending', 'succeeded', 'failed'] as const;

export const webhookSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  eventTypes: z.array(eventTypeSchema),
  filter: z.object({ stageTypeId: z.string().nullable() }),
  enabled: z.boolean(),
  /** When persistent failures turned it off (null otherwise). */
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
  /** The last delivery's outcome, for the list. */
  lastDelivery: z.object({ status: z.enum(webhookDeliveryStatuses), statusCode: z.number().nullable(), at: z.string() }).nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The create answer: the only time the signing secret is shown. */
export const webhookCreatedSchema = webhookSchema.extend({ secret: z.string() });

export const webhookAttemptSchema = z.object({
  attempt: z.number(),
  at: z.string(),
  statusCode: z.number().nullable(),
  latencyMs: z.number(),
  error: z.string().nullable(),
  /** The first bytes of the receiver's answer. */
  response: z.string().nullable(),
});

export const webhookDeliverySchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  /** The exact body sent (JSON text). */
  payload: z.string(),
  log: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/**
 * REST hooks (Zapier-style, docs/events.md "REST hooks"): a tool with an API key subscribes a target URL to one event
 * type, gets the hook's id and signing secret, and deletes it when the user turns the connection off. Deliveries are
 * webhook deliveries (signed, retried, in the delivery log). The key needs the read scope of the event's area.
 */
export const restHookBodySchema = z.object({
  targetUrl: webhookUrlSchema,
  event: eventTypeSchema,
  /** Deal events of one pipeline only. */
  filter: webhookFilterSchema.optional(),
});

export const restHookSchema = z.object({
  id: z.string(),
  event: eventTypeSchema,
  targetUrl: z.string(),
  /** The Standard Webhooks signing secret (whsec_…), answered this once. */
  secret: z.string(),
  createdAt: z.string(),
});
export type RestHook = z.infer<typeof restHookSchema>;

export const restHookLatestQuerySchema = z.object({
  event: eventTypeSchema,
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** The latest events of one type, newest first: what a polling tool reads, and sample data for a new REST hook. */
export const restHookLatestSchema = z.array(eventSchema);
