import { z } from 'zod';
import { orgIdQuerySchema } from '../platform/common.ts';

/** Calendar sync accounts (docs/product.md#fields): one Google and one Outlook account per user and workspace. */
export const calendarProviders = ['google', 'outlook'] as const;
export type CalendarProvider = (typeof calendarProviders)[number];

/**
 * docs/product.md#api "synctype": which way schedules travel. twoWay pushes schedules and pulls provider
 * changes; toProvider only pushes; fromProvider only pulls.
 */
export const calendarSyncTypes = ['twoWay', 'toProvider', 'fromProvider'] as const;
export type CalendarSyncType = (typeof calendarSyncTypes)[number];

export const calendarSyncStatuses = ['idle', 'syncing', 'error'] as const;
export type CalendarSyncStatus = (typeof calendarSyncStatuses)[number];

export const calendarProviderParamsSchema = z.object({ provider: z.enum(calendarProviders) });

export const providerCalendarSchema = z.object({
  id: z.string(),
  name: z.string(),
  primary: z.boolean(),
  selected: z.boolean(),
});
export type ProviderCalendar = z.infer<typeof providerCalendarSchema>;

/** A connected account as the owner sees it: never a token. */
export const calendarSyncAccountSchema = z.object({
  id: z.uuid(),
  provider: z.enum(calendarProviders),
  email: z.string().nullable(),
  displayName: z.string().nullable(),
  syncType: z.enum(calendarSyncTypes),
  /** Chosen calendar ids; new schedules are written to the first one. */
  calendarIds: z.array(z.string()),
  status: z.enum(calendarSyncStatuses),
  lastSyncedAt: z.iso.datetime({ offset: true }).nullable(),
  lastError: z.string().nullable(),
  /** Schedule changes waiting to be sent. */
  pendingChanges: z.number().int(),
  connectedAt: z.iso.datetime({ offset: true }),
});
export type CalendarSyncAccount = z.infer<typeof calendarSyncAccountSchema>;

export const calendarSyncOverviewSchema = z.object({
  providers: z.array(z.object({ provider: z.enum(calendarProviders), configured: z.boolean(), account: calendarSyncAccountSchema.nullable() })),
});
export type CalendarSyncOverview = z.infer<typeof calendarSyncOverviewSchema>;

export const calendarAuthorizeSchema = z.object({ url: z.url() });

export const calendarCallbackQuerySchema = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
});

export const calendarChoiceBodySchema = z.object({ calendarIds: z.array(z.string().min(1).max(1024)).max(50) });
export const calendarSyncTypeBodySchema = z.object({ syncType: z.enum(calendarSyncTypes) });

export const calendarProviderQuerySchema = orgIdQuerySchema;

/** The private ICS feed (revocable): the URL is shown only to its owner. */
export const calendarFeedSchema = z.object({ url: z.url().nullable() });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
export const calendarFeedParamsSchema = z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{20,100}\.ics$/) });
