import { z } from 'zod';
import { endpoints } from '../platform/endpoint.ts';
import { idParamsSchema } from '../platform/common.ts';
import {
  restHookBodySchema,
  restHookLatestQuerySchema,
  restHookLatestSchema,
  restHookSchema,
  webhookBodySchema,
  webhookCreatedSchema,
  webhookDeliverySchema,
  webhookEditBodySchema,
  webhookSchema,
} from './webhooks.ts';

const adminsOnly = 'System administrators only (403 otherwise).';

/** Settings → webhooks (docs/product.md#webhooks). */
export const webhooksEndpoints = endpoints('webhooks', {
  list: {
    method: 'GET', path: '/settings/webhooks', access: 'member', response: z.array(webhookSchema),
    description: `${adminsOnly} The workspace's webhooks, newest first, each with its last delivery.`,
  },
  create: {
    method: 'POST', path: '/settings/webhooks', access: 'member', body: webhookBodySchema, response: webhookCreatedSchema,
    description: `${adminsOnly} Answers the signing secret (whsec_…) this once. 400 WEBHOOK_URL_NOT_ALLOWED for http outside localhost or, in production, a private address.`,
  },
  update: {
    method: 'PUT', path: '/settings/webhooks/:id', access: 'member', params: idParamsSchema, body: webhookEditBodySchema, response: webhookSchema,
    description: `${adminsOnly} Enabling a webhook that failures turned off clears that state. 404 WEBHOOK_NOT_FOUND.`,
  },
  remove: {
    method: 'DELETE', path: '/settings/webhooks/:id', access: 'member', params: idParamsSchema, response: z.null(),
    description: `${adminsOnly} With its delivery log. 404 WEBHOOK_NOT_FOUND.`,
  },
  test: {
    method: 'POST', path: '/settings/webhooks/:id/test', access: 'member', params: idParamsSchema, response: webhookDeliverySchema,
    description: `${adminsOnly} Queues a webhook.test delivery now (signed like any other) and answers it.`,
  },
  deliveries: {
    method: 'GET', path: '/settings/webhooks/:id/deliveries', access: 'member', params: idParamsSchema, response: z.array(webhookDeliverySchema),
    description: `${adminsOnly} The delivery log: the latest 50 deliveries with every attempt (response code, latency).`,
  },
  resend: {
    method: 'POST', path: '/settings/webhooks/deliveries/:id/resend', access: 'member', params: idParamsSchema, response: webhookDeliverySchema,
    description: `${adminsOnly} Sends the same body again with the same webhook-id (the event id), as a new delivery. 404 WEBHOOK_DELIVERY_NOT_FOUND.`,
  },
});

const restHookRule =
  'With an API key or personal access token (403 API_KEY_REQUIRED otherwise) of a system administrator (403 otherwise: hooks see the whole workspace), whose scopes include the read scope of the event\'s area (contact.* contacts:read, company.* companies:read, deal.* deals:read, schedule.* schedules:read, note.* notes:read; other types 403 API_KEY_EVENT_NOT_ALLOWED).';

/** REST hooks for Zapier-style tools (docs/events.md "REST hooks"): subscribe, unsubscribe, poll. */
export const restHooksEndpoints = endpoints('webhooks', {
  subscribe: {
    method: 'POST', path: '/hooks', access: 'member', keyAccess: 'any', body: restHookBodySchema, response: restHookSchema,
    summary: 'REST hooks: subscribe',
    description: `${restHookRule} Deliveries go to targetUrl signed like every webhook (Standard Webhooks) and show in Settings → Webhooks; revoking the key stops them. 400 WEBHOOK_URL_NOT_ALLOWED.`,
  },
  unsubscribe: {
    method: 'DELETE', path: '/hooks/:id', access: 'member', keyAccess: 'any', params: idParamsSchema, response: z.null(),
    summary: 'REST hooks: unsubscribe',
    description: `${restHookRule} Only the key that subscribed may remove the hook; 404 WEBHOOK_NOT_FOUND otherwise.`,
  },
  latest: {
    method: 'GET', path: '/hooks/latest', access: 'member', keyAccess: 'any', query: restHookLatestQuerySchema, response: restHookLatestSchema,
    summary: 'REST hooks: latest events of a type',
    description: `${restHookRule} The latest events of the type (kept 30 days), newest first, in the webhook body's shape: for tools that poll (de-duplicate by id) and as sample data.`,
  },
}, { group: 'restHooks' });
