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

/** A friend's message unanswered this long mails the conversation's owner (once per waiting period). */
export const lineAwaitingReplyMinutes = 30;

export const lineFriendStatuses = ['followed', 'unfollowed'] as const;
export type LineFriendStatus = (typeof lineFriendStatuses)[number];

/** `file`: a friend's file (LINE's file message), or a file we sent as a link (a bot cannot send file messages). */
export const lineMessageKinds = ['text', 'sticker', 'image', 'file', 'video', 'audio', 'follow', 'unfollow', 'other'] as const;
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
  /** The viewer may reply: nobody owns the conversation yet, or the viewer does (others take it over first). */
  canReply: z.boolean(),
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
  /**
   * Images: what the conversation shows — our stored copy, or (a friend's image, video, audio or file) the content
   * endpoint, which fetches it from LINE on first view (content), then serves the stored copy.
   */
  imageUrl: z.string().nullable(),
  /** A file, video or audio: its name and size (bytes, when LINE says) and where to download it. */
  file: z.object({ name: z.string(), size: z.number().int().nullable(), url: z.string() }).nullable(),
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
export const lineMessageParamsSchema = z.object({ id: uuidSchema, messageId: uuidSchema });
/** A signed public link to a stored file (`<payload>.<signature>`, base64url), valid lineMediaLinkDays days. */
export const lineMediaParamsSchema = z.object({ token: z.string().min(20).max(100).regex(/^[A-Za-z0-9_.-]+$/) });
export const lineSendBodySchema = z.object({
  text: z.string().trim().min(1).max(5000),
  /** LINE quick-reply buttons under the message: each sends its label back as the friend's message. */
  quickReplies: z.array(z.string().trim().min(1).max(20)).max(13).optional(),
});
export const lineLinkBodySchema = z.object({
  /** An existing contact; omitted with create=true makes a new contact from the friend's profile. */
  contactId: uuidSchema.optional(),
  create: z.boolean().optional(),
});
export const lineOwnerBodySchema = z.object({ ownerUserId: uuidSchema.nullable() });
export const lineWebhookParamsSchema = z.object({ token: z.string().min(20).max(100).regex(/^[A-Za-z0-9_-]+$/) });

/** A one-time binding code for a contact (docs/product.md#line-channel): the friend sends it to the official account. */
export const lineBindCodeBodySchema = z.object({ contactId: uuidSchema });
/** 8 characters without look-alikes (0/O, 1/I/L): read aloud or typed on a phone without mistakes. */
export const lineBindCodeAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const lineBindCodeLength = 8;
/** Hours a binding code stays usable. */
export const lineBindCodeHours = 72;
export const lineBindCodeSchema = z.object({
  code: z.string(),
  expiresAt: z.string(),
  /** The official account's add-friend link (https://line.me/R/ti/p/@basicId), when its basic id is known. */
  addFriendUrl: z.string().nullable(),
});
export type LineBindCode = z.infer<typeof lineBindCodeSchema>;

/** A binding code as the friend may type it: spaces and dashes dropped, upper-cased. */
export function normalizeBindCode(text: string): string | null {
  const code = text.replace(/[\s-]/g, '').toUpperCase();
  if (code.length !== lineBindCodeLength) return null;
  for (const c of code) if (!lineBindCodeAlphabet.includes(c)) return null;
  return code;
}

/**
 * Saved replies (docs/product.md#line-channel): a text per language with variables, filled for the conversation's
 * contact when chosen, and quick-reply buttons (LINE shows up to 13, labels up to 20 characters).
 */
export const lineReplyVariables = ['name', 'nextBooking', 'dealName', 'bookingLink'] as const;
export const lineQuickReplyMax = 13;
const replyText = z.string().trim().max(5000);
export const lineSavedReplyBodySchema = z
  .object({
    title: z.string().trim().min(1).max(100),
    texts: z.object({ 'zh-TW': replyText.optional(), 'zh-CN': replyText.optional(), 'en-US': replyText.optional() }),
    quickReplies: z.array(z.string().trim().min(1).max(20)).max(lineQuickReplyMax).default([]),
  })
  .refine((body) => Object.values(body.texts).some((text) => text && text.length > 0), { path: ['texts'], message: 'required' });
export type LineSavedReplyBody = z.input<typeof lineSavedReplyBodySchema>;
export const lineSavedReplySchema = z.object({
  id: uuidSchema,
  title: z.string(),
  texts: z.object({ 'zh-TW': z.string().optional(), 'zh-CN': z.string().optional(), 'en-US': z.string().optional() }),
  quickReplies: z.array(z.string()),
});
export type LineSavedReply = z.infer<typeof lineSavedReplySchema>;
export const lineSavedReplyParamsSchema = z.object({ replyId: uuidSchema });
export const lineRenderBodySchema = z.object({ savedReplyId: uuidSchema, locale: z.enum(['zh-TW', 'zh-CN', 'en-US']) });
export const lineRenderedReplySchema = z.object({ text: z.string(), quickReplies: z.array(z.string()) });

/**
 * Fills {name}, {nextBooking} and {dealName}; an unknown or empty variable becomes an empty string, so a customer
 * never sees braces.
 */
export function fillReplyVariables(text: string, values: Partial<Record<(typeof lineReplyVariables)[number], string | null>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => ((lineReplyVariables as readonly string[]).includes(name) ? (values[name as keyof typeof values] ?? '') : whole));
}
