import type { CalendarFilter, CalendarProvider } from '@lodestar/contract';

/**
 * The calendar context's query keys (docs/ARCHITECTURE.md, "Contexts"): its features and the contexts above it
 * (booking refreshes the calendar after a reservation) name these keys instead of writing arrays.
 */
export interface CalendarRange {
  /** Inclusive local dates, YYYY-MM-DD. */
  start: string;
  end: string;
}

export const scheduleKeys = {
  all: (orgId: string) => ['schedules', orgId] as const,
  events: (orgId: string) => [...scheduleKeys.all(orgId), 'events'] as const,
  between: (orgId: string, range: CalendarRange, filter: CalendarFilter, userIds: readonly string[]) =>
    [...scheduleKeys.events(orgId), range.start, range.end, filter, userIds.join(',')] as const,
  detail: (orgId: string, id: string, occurrenceDate: string | null) => [...scheduleKeys.all(orgId), 'detail', id, occurrenceDate ?? ''] as const,
  viewer: (orgId: string) => [...scheduleKeys.all(orgId), 'viewer'] as const,
  suggestions: (orgId: string, title: string) => [...scheduleKeys.all(orgId), 'suggestions', title] as const,
  reminders: (orgId: string) => [...scheduleKeys.all(orgId), 'reminders'] as const,
};

export const calendarSyncKeys = {
  all: (orgId: string) => ['calendar-sync', orgId] as const,
  overview: (orgId: string) => [...calendarSyncKeys.all(orgId), 'overview'] as const,
  calendars: (orgId: string, provider: CalendarProvider) => [...calendarSyncKeys.all(orgId), provider, 'calendars'] as const,
  feed: (orgId: string) => [...calendarSyncKeys.all(orgId), 'feed'] as const,
};

export const activityItemKeys = {
  all: (orgId: string) => ['activity-items', orgId] as const,
  items: (orgId: string) => [...activityItemKeys.all(orgId), 'items'] as const,
  profiles: (orgId: string) => [...activityItemKeys.all(orgId), 'profiles'] as const,
  mine: (orgId: string) => [...activityItemKeys.all(orgId), 'mine'] as const,
};

export const automationKeys = {
  setting: (orgId: string) => ['automation', orgId, 'setting'] as const,
};
