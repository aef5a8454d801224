import { z } from 'zod';
import { endpoints } from '../platform/endpoint.ts';
import {
  lineBindCodeBodySchema,
  lineBindCodeSchema,
  lineChannelSchema,
  lineRenderBodySchema,
  lineRenderedReplySchema,
  lineSavedReplyBodySchema,
  lineSavedReplyParamsSchema,
  lineSavedReplySchema,
  lineConversationListQuerySchema,
  lineConversationListSchema,
  lineConversationParamsSchema,
  lineConversationSchema,
  lineConversationViewSchema,
  lineCredentialsBodySchema,
  lineLinkBodySchema,
  lineMediaParamsSchema,
  lineMessageParamsSchema,
  lineMessageSchema,
  lineOwnerBodySchema,
  lineSendBodySchema,
  lineStepParamsSchema,
  lineWebhookParamsSchema,
} from './line.ts';
import {
  lineSegmentAudienceSchema,
  lineSegmentCreateBodySchema,
  lineSegmentImageSchema,
  lineSegmentPreviewSchema,
  lineSegmentSendListSchema,
  lineSegmentSendParamsSchema,
  lineSegmentSendSchema,
  lineStopKeywordsBodySchema,
  lineStopKeywordsSchema,
} from './line-segments.ts';
import { lineRoutingBodySchema, lineRoutingSchema } from './line-routing.ts';
import { lineRichMenuViewSchema } from './line-rich-menu.ts';

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
  /** The published rich menu and what its areas can link to (the booking page, public business cards). */
  richMenu: { method: 'GET', path: '/channel/line/rich-menu', access: 'member', response: lineRichMenuViewSchema },
  publishRichMenu: {
    method: 'POST',
    path: '/channel/line/rich-menu',
    access: 'member',
    bodyKind: 'multipart',
    response: lineRichMenuViewSchema,
    description:
      'Form fields `image` (JPEG or PNG, 800–2500 px wide, at least 250 px high, width ÷ height ≥ 1.45, ≤ 1 MB) and `menu` (JSON: lineRichMenuBodySchema). Checked against LINE\'s rules, then created at LINE, its image uploaded and set as the default menu; the previous one is deleted.',
  },
  /** Unsets the default rich menu at LINE and deletes it. */
  removeRichMenu: { method: 'DELETE', path: '/channel/line/rich-menu', access: 'member', response: lineRichMenuViewSchema },
  /** A stored file behind a signed, expiring link: what LINE fetches for an image message, and a file sent as a link. */
  media: {
    method: 'GET',
    path: '/line/media/:token',
    access: 'public',
    params: lineMediaParamsSchema,
    response: 'raw',
    rawAnswer: { status: 200, description: 'The file (404 when the link is forged or expired).', mediaTypes: ['application/octet-stream'] },
  },
  /** LINE posts events here; the path secret names the channel, x-line-signature must match its secret. */
  receive: { method: 'POST', path: '/line/webhook/:token', access: 'public', params: lineWebhookParamsSchema, response: 'raw', rawAnswer: { status: 200, description: 'The events are stored (LINE expects a 200 with any body).', json: true } },
});

/** The "Social (LINE)" tab (privilege feature `social`). */
export const lineConversationEndpoints = endpoints('line-conversations', {
  list: { method: 'GET', path: '/social/line/conversations', access: 'member', query: lineConversationListQuerySchema, response: lineConversationListSchema },
  view: { method: 'GET', path: '/social/line/conversations/:id', access: 'member', params: lineConversationParamsSchema, response: lineConversationViewSchema },
  send: { method: 'POST', path: '/social/line/conversations/:id/messages', access: 'member', params: lineConversationParamsSchema, body: lineSendBodySchema, response: lineMessageSchema },
  sendFile: {
    method: 'POST',
    path: '/social/line/conversations/:id/files',
    access: 'member',
    params: lineConversationParamsSchema,
    bodyKind: 'multipart',
    response: lineMessageSchema,
    summary: 'LINE conversations: send a photo or file',
    description:
      'Form field `file` (at most the body limit, 1 MB by default). A JPEG or PNG goes as a LINE image message, whose URLs are a signed public link to the stored file (valid 30 days); any other file goes as a text with that link (a bot cannot send file messages).',
  },
  /** A friend's image, video, audio or file: fetched from LINE's content API on first view, then served from our copy. */
  content: {
    method: 'GET',
    path: '/social/line/conversations/:id/messages/:messageId/content',
    access: 'member',
    params: lineMessageParamsSchema,
    response: 'raw',
    rawAnswer: { status: 200, description: "The message's content (an image inline, anything else as a download).", mediaTypes: ['application/octet-stream'] },
  },
  link: { method: 'PUT', path: '/social/line/conversations/:id/contact', access: 'member', params: lineConversationParamsSchema, body: lineLinkBodySchema, response: lineConversationSchema },
  assign: { method: 'PUT', path: '/social/line/conversations/:id/owner', access: 'member', params: lineConversationParamsSchema, body: lineOwnerBodySchema, response: lineConversationSchema },
  /** Unlinks the friend from its contact (the contact keeps its history; its LINE social account is removed). */
  unlink: { method: 'DELETE', path: '/social/line/conversations/:id/contact', access: 'member', params: lineConversationParamsSchema, response: lineConversationSchema },
  /** The viewer becomes the conversation's owner (replying to someone else's conversation needs this first). */
  takeOver: { method: 'POST', path: '/social/line/conversations/:id/take-over', access: 'member', params: lineConversationParamsSchema, response: lineConversationSchema },
  /** A one-time code for a contact; the friend who sends it to the official account is linked to that contact. */
  bindCode: { method: 'POST', path: '/social/line/bind-codes', access: 'member', body: lineBindCodeBodySchema, response: lineBindCodeSchema },
  /** A saved reply filled for this conversation's contact, in the chosen language (put in the reply box, not sent). */
  render: { method: 'POST', path: '/social/line/conversations/:id/render', access: 'member', params: lineConversationParamsSchema, body: lineRenderBodySchema, response: lineRenderedReplySchema },
  savedReplies: { method: 'GET', path: '/social/line/saved-replies', access: 'member', response: z.array(lineSavedReplySchema) },
  createSavedReply: { method: 'POST', path: '/social/line/saved-replies', access: 'member', body: lineSavedReplyBodySchema, response: lineSavedReplySchema },
  updateSavedReply: { method: 'PUT', path: '/social/line/saved-replies/:replyId', access: 'member', params: lineSavedReplyParamsSchema, body: lineSavedReplyBodySchema, response: lineSavedReplySchema },
  deleteSavedReply: { method: 'DELETE', path: '/social/line/saved-replies/:replyId', access: 'member', params: lineSavedReplyParamsSchema, response: z.null() },
});

/** Segment messages to a tag's linked friends, and the stop keywords that opt a friend out (docs/product.md#segment-messages). */
export const lineSegmentEndpoints = endpoints('line-segments', {
  /** How many would get it, how many are skipped, and LINE's monthly quota — before sending. */
  preview: { method: 'POST', path: '/social/line/segments/preview', access: 'member', body: lineSegmentAudienceSchema, response: lineSegmentPreviewSchema },
  create: { method: 'POST', path: '/social/line/segments', access: 'member', body: lineSegmentCreateBodySchema, response: lineSegmentSendSchema },
  uploadImage: {
    method: 'POST',
    path: '/social/line/segments/images',
    access: 'member',
    bodyKind: 'multipart',
    response: lineSegmentImageSchema,
    summary: 'LINE segments: upload an image',
    description: "Form field `image`: a JPEG or PNG of at most 1 MB (LINE's preview limit), kept as a file of the workspace for a segment message of kind image.",
  },
  list: { method: 'GET', path: '/social/line/segments', access: 'member', response: lineSegmentSendListSchema },
  get: { method: 'GET', path: '/social/line/segments/:sendId', access: 'member', params: lineSegmentSendParamsSchema, response: lineSegmentSendSchema },
  stopKeywords: { method: 'GET', path: '/social/line/stop-keywords', access: 'member', response: lineStopKeywordsSchema },
  saveStopKeywords: { method: 'PUT', path: '/social/line/stop-keywords', access: 'member', body: lineStopKeywordsBodySchema, response: lineStopKeywordsSchema },
});

/** Who receives new friends and unassigned conversations: round-robin members and keyword rules (docs/product.md#line-channel). */
export const lineRoutingEndpoints = endpoints('line-routing', {
  get: { method: 'GET', path: '/social/line/routing', access: 'member', response: lineRoutingSchema },
  save: { method: 'PUT', path: '/social/line/routing', access: 'member', body: lineRoutingBodySchema, response: lineRoutingSchema },
});
