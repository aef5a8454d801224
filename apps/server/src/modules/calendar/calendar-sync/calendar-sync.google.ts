import type { Config } from '../../../config.ts';
import {
  addDaysTo,
  idTokenClaims,
  instantOf,
  isValidTimeZone,
  requestJson,
  splitLocal,
  tokenRequest,
  unlessGone,
  wallClock,
  originalStartOf,
  byOccurrenceDate,
  changedOccurrenceDates,
  editedOf,
  occurrenceEvent,
  type CalendarProviderClient,
  type EditedOccurrence,
  type MovedOccurrence,
  type PulledChange,
  type SyncEvent,
} from './calendar-sync.providers.ts';

/** Google Calendar API v3 (events, calendarList, incremental sync with syncToken) and Google's OAuth 2.0 endpoints. */

interface GoogleTime {
  date?: string;
  dateTime?: string;
  timeZone?: string;
}

interface GoogleEvent {
  id: string;
  etag?: string;
  status?: string;
  summary?: string;
  description?: string;
  location?: string;
  start?: GoogleTime;
  end?: GoogleTime;
  recurrence?: string[];
  recurringEventId?: string;
  originalStartTime?: GoogleTime;
}

const scopes = ['openid', 'email', 'profile', 'https://www.googleapis.com/auth/calendar'];

const compact = (date: string) => date.replaceAll('-', '');

/** Google wants UNTIL in UTC when the start has a timezone (RFC 5545 §3.3.10); schedules keep it floating. */
function googleRrule(event: SyncEvent): string {
  return event.rrule!.replace(/UNTIL=(\d{8})(T\d{6})?Z?/, (_, day: string) => {
    const date = `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}`;
    if (event.allDay) return `UNTIL=${day}`;
    return `UNTIL=${instantOf(`${date}T23:59:59`, event.timeZone).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`;
  });
}

export function toGoogleEvent(event: SyncEvent): Record<string, unknown> {
  const time = (date: string, clock: string | null): GoogleTime =>
    event.allDay ? { date } : { dateTime: `${date}T${clock ?? '00:00'}:00`, timeZone: event.timeZone };
  const recurrence = event.rrule
    ? [
        `RRULE:${googleRrule(event)}`,
        ...event.cancelledDates.map((date) =>
          event.allDay ? `EXDATE;VALUE=DATE:${compact(date)}` : `EXDATE;TZID=${event.timeZone}:${compact(date)}T${(event.startTime ?? '00:00').replace(':', '')}00`,
        ),
      ]
    : [];
  return {
    summary: event.title,
    description: event.note ?? '',
    location: event.location ?? '',
    start: time(event.startDate, event.startTime),
    // Google's all-day end is exclusive.
    end: time(event.allDay ? addDaysTo(event.endDate, 1) : event.endDate, event.endTime),
    recurrence,
    // Private, and nobody is invited: a CRM schedule must never mail a client.
    visibility: 'private',
    attendees: [],
    guestsCanInviteOthers: false,
    extendedProperties: { private: { lodestar: '1' } },
  };
}

/** A Google time → local date and time in `timeZone`. */
function localOf(time: GoogleTime | undefined, timeZone: string): { date: string; time: string | null } {
  if (!time) return { date: new Date().toISOString().slice(0, 10), time: null };
  if (time.date) return { date: time.date, time: null };
  const dateTime = time.dateTime ?? '';
  // An offset or Z names an instant; without one it is already wall-clock in time.timeZone.
  const local = /([+-]\d\d:\d\d|Z)$/.test(dateTime) ? wallClock(new Date(dateTime), timeZone) : dateTime;
  return splitLocal(local);
}

const googleTexts = (item: GoogleEvent) => ({ title: item.summary ?? '', note: item.description ?? null, location: item.location ?? null });

export function fromGoogleEvent(item: GoogleEvent, extraCancelled: string[] = [], moved: MovedOccurrence[] = [], edited: EditedOccurrence[] = []): SyncEvent {
  const timeZone = isValidTimeZone(item.start?.timeZone) ? item.start.timeZone : 'UTC';
  const allDay = Boolean(item.start?.date);
  const start = localOf(item.start, timeZone);
  const end = localOf(item.end, timeZone);
  const rule = item.recurrence?.find((line) => line.startsWith('RRULE:'));
  const exdates = (item.recurrence ?? [])
    .filter((line) => line.startsWith('EXDATE'))
    .flatMap((line) => (line.split(':')[1] ?? '').split(','))
    .map((value) => {
      const day = `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`;
      // A UTC EXDATE names an instant; its local date is the occurrence's date.
      return value.endsWith('Z') ? wallClock(new Date(`${day}T${value.slice(9, 11)}:${value.slice(11, 13)}:${value.slice(13, 15)}Z`), timeZone).slice(0, 10) : day;
    });
  return {
    title: item.summary ?? '',
    note: item.description || null,
    location: item.location || null,
    allDay,
    startDate: start.date,
    startTime: start.time,
    endDate: allDay ? addDaysTo(end.date, -1) : end.date,
    endTime: end.time,
    timeZone,
    rrule: rule ? floatingRrule(rule.slice('RRULE:'.length), timeZone) : null,
    cancelledDates: rule ? [...new Set([...exdates, ...extraCancelled])].sort() : [],
    moved: rule ? [...moved].sort(byOccurrenceDate) : [],
    edited: rule ? [...edited].sort(byOccurrenceDate) : [],
  };
}

/** A moved or edited occurrence as a Google instance (still private, nobody invited). */
function instanceBody(occurrence: SyncEvent, seriesId: string, originalStartTime: GoogleTime): Record<string, unknown> {
  const body = toGoogleEvent(occurrence);
  delete body.recurrence;
  return { ...body, recurringEventId: seriesId, originalStartTime };
}

/** UNTIL back to the floating local end of day that schedules store. */
function floatingRrule(rule: string, timeZone: string): string {
  return rule.replace(/UNTIL=(\d{8})(T(\d{6})Z?)?/, (match, day: string, withTime: string | undefined) => {
    if (!withTime) return `UNTIL=${day}T235959`;
    const instant = new Date(`${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}T${withTime.slice(1, 3)}:${withTime.slice(3, 5)}:${withTime.slice(5, 7)}Z`);
    const local = match.endsWith('Z') ? wallClock(instant, timeZone) : `${day}`;
    return `UNTIL=${compact(local.slice(0, 10))}T235959`;
  });
}

export function createGoogleClient(config: Config): CalendarProviderClient {
  const settings = config.google;
  const api = `${settings.apiUrl}/calendar/v3`;
  const eventsUrl = (calendarId: string, eventId?: string) =>
    `${api}/calendars/${encodeURIComponent(calendarId)}/events${eventId ? `/${encodeURIComponent(eventId)}` : ''}`;

  return {
    provider: 'google',
    authorizeUrl(state, redirectUri) {
      const url = new URL(settings.authorizeUrl);
      url.search = new URLSearchParams({
        client_id: settings.clientId ?? '',
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: scopes.join(' '),
        // A refresh token, every time the user connects.
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'true',
        state,
      }).toString();
      return url.toString();
    },
    async exchangeCode(code, redirectUri) {
      const { tokens } = await tokenRequest(settings, { grant_type: 'authorization_code', code, redirect_uri: redirectUri });
      const claims = idTokenClaims(tokens.idToken);
      return {
        tokens,
        profile: {
          email: typeof claims.email === 'string' ? claims.email : null,
          displayName: typeof claims.name === 'string' ? claims.name : null,
        },
      };
    },
    async refresh(refreshToken) {
      return (await tokenRequest(settings, { grant_type: 'refresh_token', refresh_token: refreshToken })).tokens;
    },
    async listCalendars(accessToken) {
      const answer = await requestJson<{ items?: { id: string; summary?: string; summaryOverride?: string; primary?: boolean; accessRole?: string }[] }>(
        `${api}/users/me/calendarList?minAccessRole=writer`,
        { accessToken },
      );
      return (answer.items ?? []).map((item) => ({ id: item.id, name: item.summaryOverride ?? item.summary ?? item.id, primary: item.primary === true }));
    },
    async saveEvent(accessToken, calendarId, eventId, event) {
      // sendUpdates=none: never mail anyone about it.
      const saved = await requestJson<GoogleEvent>(`${eventsUrl(calendarId, eventId)}?sendUpdates=none`, {
        method: eventId ? 'PUT' : 'POST',
        accessToken,
        body: JSON.stringify(toGoogleEvent(event)),
      });
      if (event.rrule) {
        // A moved or edited occurrence is an instance of the series, found by its original start.
        for (const date of changedOccurrenceDates(event)) {
          const occurrence = occurrenceEvent(event, date)!;
          const originalStart = event.allDay ? date : instantOf(originalStartOf(event, date), event.timeZone).toISOString();
          const query = new URLSearchParams({ originalStart, maxResults: '1' });
          const page = await requestJson<{ items?: GoogleEvent[] }>(`${eventsUrl(calendarId, saved.id)}/instances?${query}`, { accessToken });
          const instance = page.items?.[0];
          if (!instance?.originalStartTime) continue;
          await requestJson(`${eventsUrl(calendarId, instance.id)}?sendUpdates=none`, {
            method: 'PUT',
            accessToken,
            body: JSON.stringify(instanceBody(occurrence, saved.id, instance.originalStartTime)),
          });
        }
      }
      return { eventId: saved.id, etag: saved.etag ?? null };
    },
    async deleteEvent(accessToken, calendarId, eventId) {
      // Already gone there: the goal is reached.
      await unlessGone(requestJson(`${eventsUrl(calendarId, eventId)}?sendUpdates=none`, { method: 'DELETE', accessToken }));
    },
    async readEvent(accessToken, calendarId, eventId) {
      const item = await unlessGone(requestJson<GoogleEvent>(eventsUrl(calendarId, eventId), { accessToken }));
      if (!item || item.status === 'cancelled') return undefined;
      const cancelled: string[] = [];
      const moved: MovedOccurrence[] = [];
      const edited: EditedOccurrence[] = [];
      if (item.recurrence?.length) {
        // Occurrences deleted in Google are cancelled instances, not EXDATEs of the master.
        const timeZone = isValidTimeZone(item.start?.timeZone) ? item.start.timeZone : 'UTC';
        let pageToken: string | undefined;
        do {
          const query = new URLSearchParams({ showDeleted: 'true', maxResults: '2500', timeMax: new Date(Date.now() + 3 * 365 * 86_400_000).toISOString() });
          if (pageToken) query.set('pageToken', pageToken);
          const page = await requestJson<{ items?: GoogleEvent[]; nextPageToken?: string }>(`${eventsUrl(calendarId, eventId)}/instances?${query}`, { accessToken });
          for (const instance of page.items ?? []) {
            if (!instance.originalStartTime) continue;
            const original = localOf(instance.originalStartTime, timeZone);
            if (instance.status === 'cancelled') {
              cancelled.push(original.date);
              continue;
            }
            const start = localOf(instance.start, timeZone);
            const end = localOf(instance.end, timeZone);
            const allDay = Boolean(instance.start?.date);
            // Its own title, description or location: an occurrence edited there.
            const texts = editedOf(googleTexts(item), original.date, googleTexts(instance));
            if (texts) edited.push(texts);
            if (start.date !== original.date || start.time !== original.time) {
              moved.push({ occurrenceDate: original.date, allDay, startDate: start.date, startTime: start.time, endDate: allDay ? addDaysTo(end.date, -1) : end.date, endTime: end.time });
            }
          }
          pageToken = page.nextPageToken;
        } while (pageToken);
      }
      return { etag: item.etag ?? null, event: fromGoogleEvent(item, cancelled, moved, edited) };
    },
    async pull(accessToken, calendarId, token) {
      const changes: PulledChange[] = [];
      let pageToken: string | undefined;
      for (;;) {
        const query = new URLSearchParams({ maxResults: '250' });
        if (token) query.set('syncToken', token);
        else query.set('showDeleted', 'false');
        if (pageToken) query.set('pageToken', pageToken);
        const page = await requestJson<{ items?: GoogleEvent[]; nextPageToken?: string; nextSyncToken?: string }>(`${eventsUrl(calendarId)}?${query}`, {
          accessToken,
          goneMeansExpired: true,
        });
        for (const item of page.items ?? []) {
          if (item.recurringEventId) changes.push({ kind: 'reread', eventId: item.recurringEventId });
          else if (item.status === 'cancelled') changes.push({ kind: 'delete', eventId: item.id });
          else if (item.recurrence?.length) changes.push({ kind: 'reread', eventId: item.id });
          else changes.push({ kind: 'upsert', eventId: item.id, etag: item.etag ?? null, event: fromGoogleEvent(item) });
        }
        if (page.nextPageToken) {
          pageToken = page.nextPageToken;
          continue;
        }
        return { changes, nextToken: page.nextSyncToken ?? token ?? '' };
      }
    },
  };
}
