import { z } from 'zod';
import { uuidSchema } from '../platform/common.ts';
import { lineQuotaSchema } from './line.ts';

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

/** The audience: a contact tag's linked friends. */
export const lineSegmentAudienceSchema = z.object({ tagId: uuidSchema });

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

export const lineSegmentCreateBodySchema = lineSegmentAudienceSchema.extend({
  text: z.string().trim().min(1).max(5000),
  /** Append the workspace's public booking page to the text. */
  bookingLink: z.boolean().default(false),
  /** Later: an instant in the future (up to 90 days); left out: now. */
  scheduledAt: z.iso.datetime({ offset: true }).optional(),
});
export type LineSegmentCreateBody = z.input<typeof lineSegmentCreateBodySchema>;

export const lineSegmentStatuses = ['scheduled', 'sending', 'done', 'failed'] as const;
export const lineSegmentSendSchema = z.object({
  id: z.string(),
  tagId: z.string(),
  text: z.string(),
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
