import { z } from 'zod';
import { endpoints } from '../platform/endpoint.ts';
import {
  lineChannelSchema,
  lineConversationListQuerySchema,
  lineConversationListSchema,
  lineConversationParamsSchema,
  lineConversationSchema,
  lineConversationViewSchema,
  lineCredentialsBodySchema,
  lineLinkBodySchema,
  lineMessageSchema,
  lineOwnerBodySchema,
  lineSendBodySchema,
  lineStepParamsSchema,
  lineWebhookParamsSchema,
} from './line.ts';

/** Settings → Channel → LINE (system administrators): the six-step connection. */
export const lineChannelEndpoints = endpoints('line-channel', {
  get: { method: 'GET', path: '/channel/line', access: 'member', response: lineChannelSchema },
  /** Steps 1, 2 (confirmations), 5 (webhook switched on, read from LINE) and 6 (a message arrived). */
  confirmStep: { method: 'POST', path: '/channel/line/steps/:step', access: 'member', params: lineStepParamsSchema, response: lineChannelSchema },
  /** Step 3: the server issues a channel access token with them; wrong ones answer LINE_CREDENTIALS_INVALID. */
  credentials: { method: 'PUT', path: '/channel/line/credentials', access: 'member', body: lineCredentialsBodySchema, response: lineChannelSchema },
  /** Step 4: sets this workspace's webhook URL on the channel and runs LINE's webhook test. */
  webhook: { method: 'POST', path: '/channel/line/webhook', access: 'member', response: lineChannelSchema },
  disconnect: { method: 'DELETE', path: '/channel/line', access: 'member', response: z.null() },
  /** LINE posts events here; the path secret names the channel, x-line-signature must match its secret. */
  receive: { method: 'POST', path: '/line/webhook/:token', access: 'public', params: lineWebhookParamsSchema, response: 'raw', rawAnswer: { status: 200, description: 'The events are stored (LINE expects a 200 with any body).', json: true } },
});

/** The "Social (LINE)" tab (privilege feature `social`). */
export const lineConversationEndpoints = endpoints('line-conversations', {
  list: { method: 'GET', path: '/social/line/conversations', access: 'member', query: lineConversationListQuerySchema, response: lineConversationListSchema },
  view: { method: 'GET', path: '/social/line/conversations/:id', access: 'member', params: lineConversationParamsSchema, response: lineConversationViewSchema },
  send: { method: 'POST', path: '/social/line/conversations/:id/messages', access: 'member', params: lineConversationParamsSchema, body: lineSendBodySchema, response: lineMessageSchema },
  link: { method: 'PUT', path: '/social/line/conversations/:id/contact', access: 'member', params: lineConversationParamsSchema, body: lineLinkBodySchema, response: lineConversationSchema },
  assign: { method: 'PUT', path: '/social/line/conversations/:id/owner', access: 'member', params: lineConversationParamsSchema, body: lineOwnerBodySchema, response: lineConversationSchema },
});
