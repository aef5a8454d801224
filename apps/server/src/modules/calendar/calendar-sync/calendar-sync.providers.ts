import type { CalendarProvider } from '@lodestar/contract';
import type { CalendarProviderConfig, Config } from '../../../config.ts';
import { ProviderError, type OAuthTokens } from '../../../platform/oauth-client.ts';

// The OAuth client (token endpoint, ID token claims) is shared with mail's Gmail and Outlook mailboxes.
export { idTokenClaims, ProviderError, tokenRequest, type OAuthTokens } from '../../../platform/oauth-client.ts';

/**
 * What sync needs from Google Calendar v3 and Microsoft Graph, behind one shape so the engine
 * (calendar-sync.service.ts) does not care which it talks to. The two implementations are
 * calendar-sync.google.ts and calendar-sync.outlook.ts; base URLs come from the config.
 */

/** A schedule as an event: local wall-clock times in an IANA timezone (as schedules store them). */
export interface SyncEvent {
  title: string;
  note: string | null;
  location: string | null;
  allDay: boolean;
  startDate: string;
  /** HH:MM, null when all-day. */
  startTime: string | null;
  /** Inclusive last day for all-day events (the schedules convention), the end day otherwise. */
  endDate: string;
  endTime: string | null;
  timeZone: string;
  /** RFC 5545 RRULE text without "RRULE:" (floating UNTIL), or null. */
  rrule: string | null;
  /** Original local start dates of removed occurrences. */
  cancelledDates: string[];
  /** Occurrences moved to another time, by original local start date (sorted). */
  moved: MovedOccurrence[];
  /** Occurrences whose title, note or location differ from the series, by original local start date (sorted). */
  edited: EditedOccurrence[];
}

/** The texts of one occurrence edited on its own (all three, as that occurrence shows them). */
export interface EditedOccurrence {
  occurrenceDate: string;
  title: string;
  note: string | null;
  location: string | null;
}

export type OccurrenceTexts = Pick<SyncEvent, 'title' | 'note' | 'location'>;

/** Texts compared the way both providers answer them (an empty note or location is none). */
export function textsOf(source: OccurrenceTexts): OccurrenceTexts {
  return { title: source.title, note: source.note || null, location: source.location || null };
}

/** The occurrence's texts as an edited entry, or null when they are the series' own. */
export function editedOf(series: OccurrenceTexts, occurrenceDate: string, texts: OccurrenceTexts): EditedOccurrence | null {
  const own = textsOf(texts);
  const base = textsOf(series);
  if (own.title === base.title && own.note === base.note && own.location === base.location) return null;
  return { occurrenceDate, ...own };
}

export const byOccurrenceDate = (a: { occurrenceDate: string }, b: { occurrenceDate: string }) => a.occurrenceDate.localeCompare(b.occurrenceDate);

/** Where an occurrence falls by the rule (the series' own times on its original date). */
export function ruleTimeOf(event: SyncEvent, occurrenceDate: string): MovedOccurrence {
  const span = Math.round((Date.parse(`${event.endDate}T00:00:00Z`) - Date.parse(`${event.startDate}T00:00:00Z`)) / 86_400_000);
  return { occurrenceDate, allDay: event.allDay, startDate: occurrenceDate, startTime: event.startTime, endDate: addDaysTo(occurrenceDate, span), endTime: event.endTime };
}

/**
 * One occurrence of a series as a single event: moved (or at its rule time) and with its own texts.
 * Answers undefined for an occurrence that is neither moved nor edited.
 */
export function occurrenceEvent(event: SyncEvent, occurrenceDate: string): SyncEvent | undefined {
  const moved = event.moved.find((m) => m.occurrenceDate === occurrenceDate);
  const edited = event.edited.find((e) => e.occurrenceDate === occurrenceDate);
  if (!moved && !edited) return undefined;
  const { occurrenceDate: _date, ...timing } = moved ?? ruleTimeOf(event, occurrenceDate);
  const texts = edited ? { title: edited.title, note: edited.note, location: edited.location } : {};
  return { ...event, ...timing, ...texts, rrule: null, cancelledDates: [], moved: [], edited: [] };
}

/** The original dates of occurrences that are moved or edited (sorted, once each). */
export function changedOccurrenceDates(event: SyncEvent): string[] {
  return [...new Set([...event.moved, ...event.edited].map((o) => o.occurrenceDate))].sort();
}

export interface MovedOccurrence {
  occurrenceDate: string;
  allDay: boolean;
  startDate: string;
  startTime: string | null;
  endDate: string;
  endTime: string | null;
}

/** The original local start of an occurrence, as 'YYYY-MM-DDTHH:MM:SS' (all-day: midnight). */
export function originalStartOf(event: SyncEvent, occurrenceDate: string): string {
  return `${occurrenceDate}T${event.allDay ? '00:00' : (event.startTime ?? '00:00')}:00`;
}

export interface ProviderProfile {
  email: string | null;
  displayName: string | null;
}

export interface ProviderCalendarInfo {
  id: string;
  name: string;
  primary: boolean;
}

/** One change pulled from a calendar: an event that is now like this, or gone. */
export type PulledChange =
  | { kind: 'upsert'; eventId: string; etag: string | null; event: SyncEvent }
  | { kind: 'delete'; eventId: string }
  /** Read the event again (a series whose occurrence changed, or a Graph item: delta reports occurrences, not masters). */
  | { kind: 'reread'; eventId: string };

export interface PullResult {
  changes: PulledChange[];
  /** Google nextSyncToken or Graph deltaLink. */
  nextToken: string;
}

/** The stored sync token is no longer valid (HTTP 410): drop it and pull everything again. */
export class SyncTokenExpiredError extends Error {
  constructor() {
    super('sync token expired (410 Gone)');
    this.name = 'SyncTokenExpiredError';
  }
}

export interface CalendarProviderClient {
  provider: CalendarProvider;
  authorizeUrl(state: string, redirectUri: string): string;
  exchangeCode(code: string, redirectUri: string): Promise<{ tokens: OAuthTokens; profile: ProviderProfile }>;
  refresh(refreshToken: string): Promise<OAuthTokens>;
  listCalendars(accessToken: string): Promise<ProviderCalendarInfo[]>;
  /** Creates (eventId undefined) or replaces the event; answers its id and etag. */
  saveEvent(accessToken: string, calendarId: string, eventId: string | undefined, event: SyncEvent): Promise<{ eventId: string; etag: string | null }>;
  deleteEvent(accessToken: string, calendarId: string, eventId: string): Promise<void>;
  /** One event as a SyncEvent (undefined when gone or cancelled). */
  readEvent(accessToken: string, calendarId: string, eventId: string): Promise<{ etag: string | null; event: SyncEvent } | undefined>;
  /** Changes since the token (all events when undefined); throws SyncTokenExpiredError on 410. */
  pull(accessToken: string, calendarId: string, token: string | undefined): Promise<PullResult>;
}

export function providerConfig(config: Config, provider: CalendarProvider): CalendarProviderConfig {
  return config[provider];
}

export function isConfigured(config: Config, provider: CalendarProvider): boolean {
  const settings = providerConfig(config, provider);
  return Boolean(settings.clientId && settings.clientSecret);
}

/** fetch returning parsed JSON; provider errors become ProviderError, 410 SyncTokenExpiredError when asked. */
export async function requestJson<T>(
  url: string,
  init: RequestInit & { accessToken?: string; goneMeansExpired?: boolean } = {},
): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.accessToken) headers.set('authorization', `Bearer ${init.accessToken}`);
  if (init.body && typeof init.body === 'string' && !headers.has('content-type')) headers.set('content-type', 'application/json');
  const response = await fetch(url, { ...init, headers, signal: AbortSignal.timeout(30_000) });
  if (response.status === 410 && init.goneMeansExpired) throw new SyncTokenExpiredError();
  const text = await response.text();
  if (!response.ok) throw new ProviderError(response.status, `${init.method ?? 'GET'} ${new URL(url).pathname} answered ${response.status}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The answer, or undefined when the provider says the event is gone (404, or Google's 410 for a deleted one). */
export async function unlessGone<T>(request: Promise<T>): Promise<T | undefined> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ProviderError && (error.status === 404 || error.status === 410)) return undefined;
    throw error;
  }
}

// ---- dates shared by both providers ----

export function addDaysTo(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** 'YYYY-MM-DDTHH:MM:SS' local → { date, time } */
export function splitLocal(dateTime: string): { date: string; time: string } {
  return { date: dateTime.slice(0, 10), time: dateTime.slice(11, 16) };
}

/** The wall-clock time of an instant in a timezone, as 'YYYY-MM-DDTHH:MM:SS'. */
export function wallClock(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The instant of a wall-clock time in a timezone (two passes settle DST offsets). */
export function instantOf(localDateTime: string, timeZone: string): Date {
  const asUtc = new Date(`${localDateTime}Z`);
  let guess = asUtc;
  for (let i = 0; i < 2; i += 1) {
    const shown = new Date(`${wallClock(guess, timeZone)}Z`);
    guess = new Date(guess.getTime() - (shown.getTime() - asUtc.getTime()));
  }
  return guess;
}

export function isValidTimeZone(timeZone: string | undefined): timeZone is string {
  if (!timeZone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}
