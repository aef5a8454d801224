import { z } from 'zod';
import type { Locale } from '../platform/locale.ts';
import { uuidSchema } from '../platform/common.ts';

/**
 * Lost reasons (issue 30): why a deal was lost, picked from a short list the workspace keeps (Settings → Lost
 * reasons) when a deal is closed as lost, with optional free text. Stored on the deal, counted by the statistics
 * (lost reasons breakdown) and exported with the deal.
 */
export const lostReasonSchema = z.object({ id: z.string(), label: z.string(), sort: z.number().int() });
export type LostReason = z.infer<typeof lostReasonSchema>;
export const lostReasonListSchema = z.object({ items: z.array(lostReasonSchema) });
export const lostReasonSaveBodySchema = z.object({ label: z.string().trim().min(1).max(50) });
export type LostReasonSaveBody = z.infer<typeof lostReasonSaveBodySchema>;

/** A workspace keeps at most this many reasons: a short list is what makes the breakdown readable. */
export const maxLostReasons = 20;
export const lostReasonNoteMaxLength = 500;

/** What closing a deal as lost may carry (PUT /api/deal/{id}/stage with stage -9999). */
export const lostReasonFields = {
  lostReasonId: uuidSchema.nullable().optional(),
  lostReasonNote: z.string().trim().max(lostReasonNoteMaxLength).nullable().optional(),
};

/** The reasons a new workspace starts with, in its creator's language; "Other" last. */
export const defaultLostReasons: Record<Locale, string[]> = {
  'zh-TW': ['價格', '選擇競爭對手', '時機不對', '沒有預算', '客戶沒有回應', '其他'],
  'zh-CN': ['价格', '选择竞争对手', '时机不对', '没有预算', '客户没有回应', '其他'],
  'en-US': ['Price', 'Went with a competitor', 'Timing', 'No budget', 'No response', 'Other'],
};

/** A deal's lost reason as answered: the reason (null when none was given or it was deleted since) and the note. */
export const dealLostReasonSchema = z.object({ id: z.string(), label: z.string() });
