import { z } from 'zod';
import { uuidSchema } from '../platform/common.ts';
import { lineQuotaSchema } from './line.ts';
import { lineMessageLimits } from './line-messages.ts';

/**
 * Segment messages (docs/product.md#segment-messages): one text to the LINE friends linked to a tag's contacts, now or
 * scheduled, honouring each contact's "no marketing" (Taiwan PDPA opt-out) and skipping friends who blocked the account.
 */

/** What a friend sends to stop marketing when the workspace set none (matched whole, case and spaces ignored). */
export const lineDefaultStopKeywords = ['退訂', 'STOP', '取消訂閱'] as const;
/** LINE's multicast takes at most 500 user ids per call. */
export const lineMulticastMax = 500;

export const lineStopKeywordsBodySchema = z.object({
  keywords: z.array(z.string().trim().min(1).max(20)).min(1).max(10),
});
export const lineStopKeywordsSchema = z.object({ keywords: z.array(z.string()) });

/**
 * The audience: the linked friends of a contact tag's contacts, or of a saved contact filter's (the contact list's
 * saved filters) — exactly one of the two.
 */
const audienceFields = { tagId: uuidSchema.optional(), savedFilterId: uuidSchema.optional() };
function oneAudience(body: { tagId?: string | undefined; savedFilterId?: string | undefined }, ctx: z.RefinementCtx): void {
  if (Boolean(body.tagId) === Boolean(body.savedFilterId)) ctx.addIssue({ code: 'custom', path: ['tagId'], message: 'required' });
}
export const lineSegmentAudienceSchema = z.object(audienceFields).superRefine(oneAudience);
export type LineSegmentAudience = z.infer<typeof lineSegmentAudienceSchema>;

/** What a segment message is: a text, an image (with an optional text), a member's business card, or the booking page. */
export const lineSegmentKinds = ['text', 'image', 'card', 'booking'] as const;
export type LineSegmentKind = (typeof lineSegmentKinds)[number];

export const lineSegmentPreviewSchema = z.object({
  /** Friends who would get the message. */
  recipients: z.number().int(),
  /** Skipped: the contact or friend said no marketing. */
  optedOut: z.number().int(),
  /** Skipped: the friend blocked the account. */
  blocked: z.number().int(),
  /** The tag's contacts with no LINE friend linked (not reachable on LINE). */
  notLinked: z.number().int(),
  /** The month's quota as LINE reports it (null: LINE did not answer). */
  quota: lineQuotaSchema.nullable(),
});
export type LineSegmentPreview = z.infer<typeof lineSegmentPreviewSchema>;

export const lineSegmentCreateBodySchema = z
  .object({
    ...audienceFields,
    kind: z.enum(lineSegmentKinds).default('text'),
    /** The text (kind text), the words under an image, or a card's or booking link's words (LINE: 60 characters there). */
    text: z.string().trim().max(lineMessageLimits.textMax).default(''),
    /** Kind text: append the workspace's public booking page to the text. */
    bookingLink: z.boolean().default(false),
    /** Kind image: an image uploaded with POST /social/line/segments/images. */
    imageFileId: uuidSchema.optional(),
    /** Kind card: the member whose public business card is sent. */
    cardUserId: uuidSchema.optional(),
    /** Kinds card and booking: the button's words, in the language the friends read (LINE: at most 20 characters). */
    linkLabel: z.string().trim().min(1).max(lineMessageLimits.actionLabelMax).optional(),
    /** Later: an instant in the future (up to 90 days); left out: now. */
    scheduledAt: z.iso.datetime({ offset: true }).optional(),
  })
  .superRefine((body, ctx) => {
    oneAudience(body, ctx);
    const chars = [...body.text].length;
    if (body.kind === 'text' && chars < 1) ctx.addIssue({ code: 'custom', path: ['text'], message: 'required' });
    if (body.kind === 'image' && !body.imageFileId) ctx.addIssue({ code: 'custom', path: ['imageFileId'], message: 'required' });
    if (body.kind === 'card' && !body.cardUserId) ctx.addIssue({ code: 'custom', path: ['cardUserId'], message: 'required' });
    if ((body.kind === 'card' || body.kind === 'booking') && chars > lineMessageLimits.templateTextWithTitleMax) {
      ctx.addIssue({ code: 'custom', path: ['text'], message: 'tooLong' });
    }
  });
export type LineSegmentCreateBody = z.input<typeof lineSegmentCreateBodySchema>;

export const lineSegmentStatuses = ['scheduled', 'sending', 'done', 'failed'] as const;
export const lineSegmentSendSchema = z.object({
  id: z.string(),
  tagId: z.string().nullable(),
  savedFilterId: z.string().nullable(),
  kind: z.enum(lineSegmentKinds),
  text: z.string(),
  /** Kind image: the image (our stored copy). */
  imageUrl: z.string().nullable(),
  scheduledAt: z.string(),
  status: z.enum(lineSegmentStatuses),
  error: z.string().nullable(),
  total: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  skippedOptOut: z.number().int(),
  skippedBlocked: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type LineSegmentSend = z.infer<typeof lineSegmentSendSchema>;
export const lineSegmentSendListSchema = z.object({ items: z.array(lineSegmentSendSchema) });
export const lineSegmentSendParamsSchema = z.object({ sendId: uuidSchema });
/** An image uploaded for a segment message: its file and where the page shows it. */
export const lineSegmentImageSchema = z.object({ fileId: uuidSchema, imageUrl: z.string() });
