import { z } from 'zod';
import { uuidSchema } from '../platform/common.ts';

/**
 * docs/product.md#line-channel: a workspace's LINE Official Account, connected in six steps, and the
 * conversations with its LINE friends. Step numbers are those of the settings wizard.
 */
export const lineSetupSteps = [1, 2, 3, 4, 5, 6] as const;
export type LineSetupStep = (typeof lineSetupSteps)[number];

/** LINE channel IDs are 10 digits; channel secrets 32 hexadecimal characters (LINE Developers console, Basic settings). */
export const lineCredentialsBodySchema = z.object({
  channelId: z.string().trim().regex(/^\d{10}$/),
  channelSecret: z.string().trim().regex(/^[0-9a-fA-F]{32}$/),
});
export type LineCredentialsBody = z.infer<typeof lineCredentialsBodySchema>;

export const lineStepParamsSchema = z.object({ step: z.coerce.number().int().pipe(z.union([z.literal(1), z.literal(2), z.literal(5), z.literal(6)])) });

export const lineQuotaSchema = z.object({
  /** Null: no monthly limit. */
  limit: z.number().int().nullable(),
  used: z.number().int(),
});
export type LineQuota = z.infer<typeof lineQuotaSchema>;

export const lineChannelSchema = z.object({
  /** Steps done so far; the wizard shows step completedSteps + 1. 6 = connected. */
  completedSteps: z.number().int().min(0).max(6),
  connected: z.boolean(),
  channelId: z.string().nullable(),
  botName: z.string().nullable(),
  basicId: z.string().nullable(),
  pictureUrl: z.string().nullable(),
  /** The URL LINE posts to (set on the channel in step 4). */
  webhookUrl: z.string().nullable(),
  webhookTestedAt: z.string().nullable(),
  /** LINE's "Use webhook" switch, as last read through its API (step 5). */
  webhookActive: z.boolean().nullable(),
  /** LINE's chat mode: 'chat' (chat on in the console) or 'bot'. */
  chatMode: z.string().nullable(),
  /** When the first message reached the webhook after step 5 (step 6). */
  testMessageAt: z.string().nullable(),
  /** The server talks to a local stand-in of LINE, not LINE itself (LINE_API_URL). */
  sandbox: z.boolean(),
});
export type LineChannel = z.infer<typeof lineChannelSchema>;

export const lineFriendStatuses = ['followed', 'unfollowed'] as const;
export type LineFriendStatus = (typeof lineFriendStatuses)[number];

export const lineMessageKinds = ['text', 'sticker', 'image', 'follow', 'unfollow', 'other'] as const;
export type LineMessageKind = (typeof lineMessageKinds)[number];

export const lineConversationSchema = z.object({
  id: uuidSchema,
  lineUserId: z.string(),
  displayName: z.string(),
  pictureUrl: z.string().nullable(),
  status: z.enum(lineFriendStatuses),
  contact: z.object({ id: uuidSchema, name: z.string() }).nullable(),
  owner: z.object({ userId: uuidSchema, name: z.string() }).nullable(),
  unread: z.number().int(),
  lastMessageAt: z.string().nullable(),
  lastMessage: z.string().nullable(),
  lastMessageKind: z.enum(lineMessageKinds).nullable(),
});
export type LineConversation = z.infer<typeof lineConversationSchema>;

export const lineConversationListQuerySchema = z.object({
  keyword: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const lineConversationListSchema = z.object({
  items: z.array(lineConversationSchema),
  total: z.number().int(),
  quota: lineQuotaSchema.nullable(),
});

export const lineMessageSchema = z.object({
  id: uuidSchema,
  direction: z.enum(['in', 'out']),
  kind: z.enum(lineMessageKinds),
  text: z.string().nullable(),
  /** Stickers: LINE's sticker image (stickershop CDN) by package and sticker id. */
  sticker: z.object({ packageId: z.string(), stickerId: z.string() }).nullable(),
  /** Images: our copy (files), or null while it is being fetched. */
  imageUrl: z.string().nullable(),
  sentBy: z.object({ userId: uuidSchema, name: z.string() }).nullable(),
  /** How an outgoing message went: 'reply' (reply token) or 'push'. */
  via: z.enum(['reply', 'push']).nullable(),
  createdAt: z.string(),
});
export type LineMessage = z.infer<typeof lineMessageSchema>;

export const lineConversationViewSchema = z.object({
  conversation: lineConversationSchema,
  messages: z.array(lineMessageSchema),
});
export type LineConversationView = z.infer<typeof lineConversationViewSchema>;

export const lineConversationParamsSchema = z.object({ id: uuidSchema });
export const lineSendBodySchema = z.object({ text: z.string().trim().min(1).max(5000) });
export const lineLinkBodySchema = z.object({
  /** An existing contact; omitted with create=true makes a new contact from the friend's profile. */
  contactId: uuidSchema.optional(),
  create: z.boolean().optional(),
});
export const lineOwnerBodySchema = z.object({ ownerUserId: uuidSchema.nullable() });
export const lineWebhookParamsSchema = z.object({ token: z.string().min(20).max(100).regex(/^[A-Za-z0-9_-]+$/) });
