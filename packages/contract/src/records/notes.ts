import { z } from 'zod';
import { userRefSchema } from './records.ts';

/** Notes and the timeline hang off any record: contacts and companies now, deals later. */
export const recordEntityTypes = ['contact', 'company', 'deal', 'schedule'] as const;
export type RecordEntityType = (typeof recordEntityTypes)[number];

export const noteSchema = z.object({
  id: z.string(),
  entityType: z.enum(recordEntityTypes),
  entityId: z.string(),
  /** Stored as typed; the web renders it as text (never as HTML). */
  content: z.string(),
  author: userRefSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Note = z.infer<typeof noteSchema>;

export const noteCreateBodySchema = z.object({
  entityType: z.enum(recordEntityTypes),
  entityId: z.uuid(),
  content: z.string().trim().min(1).max(10_000),
});
export type NoteCreateBody = z.infer<typeof noteCreateBodySchema>;
export const noteUpdateBodySchema = z.object({ content: z.string().trim().min(1).max(10_000) });
export const recordRefQuerySchema = z.object({ orgId: z.uuid(), entityType: z.enum(recordEntityTypes), entityId: z.uuid() });

/** One change: action create/update/delete/restore/transfer/tag/note; changes maps a field to [before, after]. */
export const timelineActions = ['create', 'update', 'delete', 'restore', 'transfer', 'tag', 'note', 'associate', 'stage', 'duplicate', 'reservation', 'lineMessage', 'lineLink', 'businessCard', 'email', 'quote'] as const;
export type TimelineAction = (typeof timelineActions)[number];
export const timelineEventSchema = z.object({
  id: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  actor: userRefSchema.nullable(),
  action: z.enum(timelineActions),
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  createdAt: z.string(),
});
export type TimelineEvent = z.infer<typeof timelineEventSchema>;
