import { z } from 'zod';

/** Field history (docs/decisions/0023-history-and-audit-log.md): every change of these records, from the events outbox. */
export const historyKinds = ['contact', 'company', 'deal', 'schedule'] as const;
export type HistoryKind = (typeof historyKinds)[number];

export const historyActions = ['created', 'updated', 'deleted', 'restored'] as const;
export type HistoryAction = (typeof historyActions)[number];

/**
 * Through which path a change came: the app (a signed-in person), an API key, an import, an automation, a calendar
 * sync, a job, the public booking page, the company registry's bulk enrichment.
 */
export const historySources = ['ui', 'apiKey', 'import', 'automation', 'sync', 'system', 'public', 'registry'] as const;
export type HistorySource = (typeof historySources)[number];

export const historyParamsSchema = z.object({ kind: z.enum(historyKinds), id: z.uuid() });

export const historyQuerySchema = z.object({
  orgId: z.uuid(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
  /** nextBefore of the previous page: entries older than it. */
  before: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
});

export const historyChangeSchema = z.object({
  /** The API's field name (`amount`, `firstName`, …). */
  field: z.string(),
  from: z.unknown(),
  to: z.unknown(),
  /** Whether "restore this value" is offered for it (a field the record's form edits). */
  restorable: z.boolean(),
});

export const historyEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(historyActions),
  at: z.string(),
  source: z.enum(historySources),
  /** The person (for the app and API keys: the key's maker is not named, the key is). */
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
  changes: z.array(historyChangeSchema),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const historyPageSchema = z.object({ items: z.array(historyEntrySchema), nextBefore: z.number().int().nullable() });
export type HistoryPage = z.infer<typeof historyPageSchema>;

export const historyRestoreBodySchema = z.object({
  entryId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  field: z.string().min(1).max(64),
});
export type HistoryRestoreBody = z.infer<typeof historyRestoreBodySchema>;
export const historyRestoredSchema = z.object({ field: z.string() });
