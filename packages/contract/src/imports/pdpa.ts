import { z } from 'zod';
import { dateOnlySchema, uuidSchema } from '../platform/common.ts';

/*
 * A person's requests under Taiwan's Personal Data Protection Act (個資法, articles 3, 10, 11, 13) with their due
 * dates, and the signed unsubscribe link of marketing e-mails (issue 37 part 4). Source and consent on the contact:
 * records/data-consent.ts.
 */

/** access = view and copy (查詢、閱覽、製給複製本); restrict = stop collecting, processing and using; erase = delete. */
export const pdpaRequestTypes = ['access', 'correct', 'restrict', 'erase'] as const;
export type PdpaRequestType = (typeof pdpaRequestTypes)[number];
/** erasing: the erase job is running (or queued); done and refused are final. */
export const pdpaRequestStates = ['open', 'erasing', 'done', 'refused'] as const;
export type PdpaRequestState = (typeof pdpaRequestStates)[number];

/**
 * Days to answer (PDPA articles 13 I and II): 15 for view/copy, 30 for correct/stop/delete; each extendable once, by
 * as many days again, when the person is told the reason in writing.
 */
export const pdpaAnswerDays: Record<PdpaRequestType, number> = { access: 15, correct: 30, restrict: 30, erase: 30 };

/** The due date (YYYY-MM-DD) of a request received on `receivedOn`: days counted from the day after receipt. */
export function pdpaDueDate(type: PdpaRequestType, receivedOn: string, extended: boolean): string {
  const [y, m, d] = receivedOn.split('-').map(Number) as [number, number, number];
  const days = pdpaAnswerDays[type] * (extended ? 2 : 1);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Overdue: still open on a day after its due date (`today` is the workspace's calendar date). */
export function isPdpaOverdue(request: { state: PdpaRequestState; dueOn: string }, today: string): boolean {
  return (request.state === 'open' || request.state === 'erasing') && request.dueOn < today;
}

export const pdpaRequestSchema = z.object({
  id: z.string(),
  /** Null once the person is erased (the request stays as the record that it was done, without personal data). */
  contactId: z.string().nullable(),
  contactName: z.string().nullable(),
  type: z.enum(pdpaRequestTypes),
  state: z.enum(pdpaRequestStates),
  receivedOn: z.string(),
  dueOn: z.string(),
  extended: z.boolean(),
  overdue: z.boolean(),
  note: z.string().nullable(),
  /** What was done (or why refused), written when it is closed. */
  resolution: z.string().nullable(),
  doneAt: z.string().nullable(),
  doneByName: z.string().nullable(),
  /** view/copy: the person's archive (GET /backup/{id}/file). */
  backupId: z.string().nullable(),
  createdAt: z.string(),
});
export type PdpaRequest = z.infer<typeof pdpaRequestSchema>;
export const pdpaRequestListSchema = z.object({ items: z.array(pdpaRequestSchema) });
export type PdpaRequestList = z.infer<typeof pdpaRequestListSchema>;

export const pdpaListQuerySchema = z.object({
  /** open (default): open and erasing ones, by due date; all: the latest 200 too. */
  scope: z.enum(['open', 'all']).default('open'),
  contactId: uuidSchema.optional(),
});
export type PdpaListQuery = z.infer<typeof pdpaListQuerySchema>;

export const pdpaCreateBodySchema = z.object({
  contactId: uuidSchema,
  type: z.enum(pdpaRequestTypes),
  receivedOn: dateOnlySchema,
  note: z.string().trim().max(2000).nullable().optional(),
});
export type PdpaCreateBody = z.infer<typeof pdpaCreateBodySchema>;

/**
 * extend: once, with the reason in `note`. complete: access starts the person's archive, restrict hides the contact,
 * erase queues the erase job, correct just records it (the edit is made on the contact). refuse: with the reason.
 * lift: ends a done restriction (the contact is shown again).
 */
export const pdpaActions = ['extend', 'complete', 'refuse', 'lift'] as const;
export const pdpaActionBodySchema = z.object({
  action: z.enum(pdpaActions),
  note: z.string().trim().max(2000).nullable().optional(),
});
export type PdpaActionBody = z.infer<typeof pdpaActionBodySchema>;

/** The public unsubscribe page: the signed token of a marketing e-mail's link. */
export const unsubscribeBodySchema = z.object({ token: z.string().min(10).max(500) });
export const unsubscribeAnswerSchema = z.object({ workspaceName: z.string(), done: z.boolean() });
export type UnsubscribeAnswer = z.infer<typeof unsubscribeAnswerSchema>;
/** A contact's signed unsubscribe link, for a marketing e-mail written by hand or in another tool. */
export const unsubscribeLinkSchema = z.object({ url: z.string() });
