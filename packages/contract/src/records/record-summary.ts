import { z } from 'zod';
import { timelineEventSchema } from './notes.ts';

/**
 * The record pages' story around one contact, company or deal (issue 30): the key figures and the sections that
 * other contexts fill (deals, schedules) next to the records' own (a company's contacts), in one answer.
 */
export const summaryEntityTypes = ['contact', 'company', 'deal'] as const;
export type SummaryEntityType = (typeof summaryEntityTypes)[number];

export const recordSummaryQuerySchema = z.object({ orgId: z.uuid(), entityType: z.enum(summaryEntityTypes), entityId: z.uuid() });

/** At most this many rows per section; the section says how many there are in all. */
export const summarySectionLimit = 50;

export const summaryDealSchema = z.object({
  id: z.string(),
  name: z.string(),
  stage: z.number().int(),
  stageName: z.string(),
  /** developing | closed (won) | failed (lost): the deals' dealStatus. */
  status: z.enum(['developing', 'closed', 'failed']),
  amount: z.string(),
  estimatedEndDate: z.string(),
});
export type SummaryDeal = z.infer<typeof summaryDealSchema>;

export const summaryDealsSchema = z.object({
  items: z.array(summaryDealSchema),
  total: z.number().int(),
  openCount: z.number().int(),
  openAmount: z.string(),
  wonCount: z.number().int(),
  wonAmount: z.string(),
});

export const summaryScheduleSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** The next occurrence for an upcoming repeating schedule, else its (first) start. */
  startsAt: z.string(),
  fullDay: z.boolean(),
  repeats: z.boolean(),
  completed: z.boolean(),
  owner: z.string(),
  activityItems: z.array(z.object({ name: z.string(), point: z.number().int() })),
  points: z.number().int(),
});
export type SummarySchedule = z.infer<typeof summaryScheduleSchema>;

export const summarySchedulesSchema = z.object({
  upcoming: z.array(summaryScheduleSchema),
  past: z.array(summaryScheduleSchema),
  pastTotal: z.number().int(),
  pastPoints: z.number().int(),
});

export const summaryContactSchema = z.object({ id: z.string(), name: z.string(), position: z.string().nullable(), phone: z.string().nullable(), email: z.string().nullable() });

/** A contact's reservations (booking): soonest upcoming first, then the latest past ones. */
export const summaryBookingSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  businessName: z.string(),
  startsAt: z.string(),
  status: z.enum(['pending', 'completed', 'cancelled']),
  people: z.number().int(),
  services: z.array(z.string()),
});
export type SummaryBooking = z.infer<typeof summaryBookingSchema>;

/** A contact's business-card exchanges (cards): who left their details on whose card, latest first. */
export const summaryCardExchangeSchema = z.object({ id: z.string(), cardOwner: z.string(), name: z.string(), note: z.string().nullable(), createdAt: z.string() });
export type SummaryCardExchange = z.infer<typeof summaryCardExchangeSchema>;

/** An import that created or changed the record (imports), latest first. */
export const summaryImportSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  /** created: the import made the record; updated: it changed an existing one. */
  action: z.enum(['created', 'updated']),
  at: z.string(),
  by: z.string().nullable(),
});
export type SummaryImport = z.infer<typeof summaryImportSchema>;

/** A file or photo around the record (a schedule's images), with the record it hangs on. */
export const summaryFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
  source: z.object({ entityType: z.string(), id: z.string(), name: z.string() }),
});
export type SummaryFile = z.infer<typeof summaryFileSchema>;

const sectionOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });

/** A quote of the record's deals (filled by deals/quotes), the current version of each number only. */
export const summaryQuoteSchema = z.object({
  id: z.string(),
  number: z.string(),
  version: z.number().int(),
  dealId: z.string(),
  dealName: z.string(),
  status: z.enum(['draft', 'sent', 'accepted', 'declined']),
  total: z.string(),
  validUntil: z.string(),
  sentAt: z.string().nullable(),
});
export type SummaryQuote = z.infer<typeof summaryQuoteSchema>;
/** An e-invoice of the record's deals (filled by deals/sales-invoices), newest first. */
export const summaryInvoiceSchema = z.object({
  id: z.string(),
  dealId: z.string(),
  dealName: z.string(),
  status: z.enum(['pending', 'issued', 'failed', 'voided', 'allowed', 'draft']),
  number: z.string().nullable(),
  amount: z.number().int(),
  issuedAt: z.string().nullable(),
  testMode: z.boolean(),
});
export type SummaryInvoice = z.infer<typeof summaryInvoiceSchema>;
/**
 * A contact's conversation on a messaging channel (LINE, filled by the channels context): null section when the
 * channel is not connected or the viewer may not see conversations; friend null while no friend is linked.
 */
export const summaryConversationSchema = z.object({
  channel: z.literal('line'),
  friend: z
    .object({
      conversationId: z.string(),
      displayName: z.string(),
      pictureUrl: z.string().nullable(),
      status: z.enum(['followed', 'unfollowed']),
      owner: z.string().nullable(),
    })
    .nullable(),
  /** The latest messages, oldest first. */
  messages: z.array(z.object({ id: z.string(), direction: z.enum(['in', 'out']), kind: z.string(), text: z.string().nullable(), createdAt: z.string() })),
  total: z.number().int(),
  /** The viewer may link a friend (binding code). */
  canLink: z.boolean(),
});
export type SummaryConversation = z.infer<typeof summaryConversationSchema>;

/**
 * A contact's or company's e-mail at a glance (filled by the mail context): a reply, not an open, is what counts —
 * "replied", or "awaiting reply for N days" after our last message. Null when no mailbox is connected in the workspace.
 */
export const summaryMailSchema = z.object({
  total: z.number().int(),
  state: z.enum(['replied', 'awaiting']).nullable(),
  /** Days since our last message, while awaiting a reply. */
  awaitingDays: z.number().int().nullable(),
  lastSentAt: z.string().nullable(),
  lastReceivedAt: z.string().nullable(),
});
export type SummaryMail = z.infer<typeof summaryMailSchema>;

export const recordSummarySchema = z.object({
  figures: z.object({
    /** Σ amount of the open deals the viewer sees (null: the viewer may not see deals, or not for this kind). */
    openAmount: z.string().nullable(),
    openCount: z.number().int().nullable(),
    wonAmount: z.string().nullable(),
    wonCount: z.number().int().nullable(),
    lastContactAt: z.string().nullable(),
    nextSchedule: summaryScheduleSchema.nullable(),
  }),
  /** Null when the section does not apply or the viewer may not see it (no deal or calendar privilege). */
  deals: summaryDealsSchema.nullable(),
  schedules: summarySchedulesSchema.nullable(),
  contacts: sectionOf(summaryContactSchema).nullable(),
  bookings: sectionOf(summaryBookingSchema).nullable(),
  cardExchanges: sectionOf(summaryCardExchangeSchema).nullable(),
  imports: sectionOf(summaryImportSchema).nullable(),
  quotes: sectionOf(summaryQuoteSchema).nullable(),
  invoices: sectionOf(summaryInvoiceSchema).nullable(),
  /** Files of several sources join one list (newest first); each section adds its own. */
  files: sectionOf(summaryFileSchema).nullable(),
  conversation: summaryConversationSchema.nullable(),
  mail: summaryMailSchema.nullable(),
});
export type RecordSummary = z.infer<typeof recordSummarySchema>;

/**
 * The timeline's filters: each kind names the actions (or related records) it shows. `changes` is every edit
 * of the record itself (created, fields, tags, owner…); `stages` and `schedules` come from the record's deals
 * and schedules, merged in.
 */
export const timelineKinds = ['notes', 'changes', 'stages', 'schedules', 'line', 'bookings', 'cards', 'imports', 'mail', 'quotes'] as const;
export type TimelineKind = (typeof timelineKinds)[number];

/** "changes,notes" → ['changes', 'notes']; an unknown kind fails validation naming `kinds`. */
const kindsSchema = z
  .string()
  .max(200)
  .transform((value) => value.split(',').filter(Boolean))
  .pipe(z.array(z.enum(timelineKinds)));

/** `<created at, microseconds, UTC>_<event id>`: the last entry of the previous page. */
export const timelineCursorSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, { message: 'invalidValue' });

export const timelinePageQuerySchema = z.object({
  orgId: z.uuid(),
  entityType: z.enum(['contact', 'company', 'deal', 'schedule']),
  entityId: z.uuid(),
  kinds: kindsSchema.optional(),
  cursor: timelineCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

export const timelineEntrySchema = timelineEventSchema.extend({
  /** The related record's name when the entry is about one of the record's deals or schedules. */
  recordName: z.string().nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const timelinePageSchema = z.object({
  items: z.array(timelineEntrySchema),
  nextCursor: z.string().nullable(),
  /** Names of stored values in related records' entries: field → value → name (a deal's stage id → its stage's title). */
  valueNames: z.record(z.string(), z.record(z.string(), z.string())),
});
export type TimelinePage = z.infer<typeof timelinePageSchema>;
