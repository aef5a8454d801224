import rrulePkg from 'rrule';
import type { Config } from '../../../config.ts';
import {
  addDaysTo,
  byOccurrenceDate,
  editedOf,
  isValidTimeZone,
  occurrenceEvent,
  textsOf,
  requestJson,
  splitLocal,
  tokenRequest,
  unlessGone,
  type CalendarProviderClient,
  type PulledChange,
  type MovedOccurrence,
  type OccurrenceTexts,
  type SyncEvent,
  wallClock,
} from './calendar-sync.providers.ts';

const { rrulestr } = rrulePkg;

/** Microsoft Graph v1.0 (me/calendars, events, instances, calendarView delta) and the Microsoft identity platform. */

interface GraphTime {
  dateTime: string;
  timeZone: string;
}
interface GraphRecurrence {
  pattern: { type: string; interval: number; daysOfWeek?: string[]; dayOfMonth?: number; month?: number; firstDayOfWeek?: string };
  range: { type: 'noEnd' | 'endDate' | 'numbered'; startDate: string; endDate?: string; numberOfOccurrences?: number; recurrenceTimeZone?: string };
}
interface GraphEvent {
  id: string;
  '@odata.etag'?: string;
  '@removed'?: unknown;
  type?: 'singleInstance' | 'occurrence' | 'exception' | 'seriesMaster';
  seriesMasterId?: string;
  subject?: string;
  body?: { contentType?: string; content?: string };
  location?: { displayName?: string };
  isAllDay?: boolean;
  isCancelled?: boolean;
  start?: GraphTime;
  end?: GraphTime;
  originalStart?: string;
  recurrence?: GraphRecurrence | null;
}

const scopes = ['offline_access', 'openid', 'email', 'profile', 'User.Read', 'Calendars.ReadWrite'];
const weekdays = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
/** How far calendarView delta and occurrence checks look (Graph's delta needs a window). */
const windowPastDays = 365;
const windowFutureDays = 3 * 365;

const ruleParts = (rrule: string) => new Map(rrule.split(';').map((part) => part.split('=') as [string, string]));
const dateOfUntil = (until: string) => `${until.slice(0, 4)}-${until.slice(4, 6)}-${until.slice(6, 8)}`;

export function toGraphRecurrence(event: SyncEvent): GraphRecurrence | null {
  if (!event.rrule) return null;
  const parts = ruleParts(event.rrule);
  const interval = Number(parts.get('INTERVAL') ?? 1);
  const [, month, day] = event.startDate.split('-').map(Number) as [number, number, number];
  const weekday = weekdays[new Date(`${event.startDate}T00:00:00Z`).getUTCDay()]!;
  const pattern: GraphRecurrence['pattern'] = (() => {
    switch (parts.get('FREQ')) {
      case 'WEEKLY':
        return { type: 'weekly', interval, daysOfWeek: [weekday], firstDayOfWeek: 'sunday' };
      case 'MONTHLY':
        return { type: 'absoluteMonthly', interval, dayOfMonth: day };
      case 'YEARLY':
        return { type: 'absoluteYearly', interval, dayOfMonth: day, month };
      default:
        return { type: 'daily', interval };
    }
  })();
  const count = parts.get('COUNT');
  const until = parts.get('UNTIL');
  const range: GraphRecurrence['range'] = count
    ? { type: 'numbered', startDate: event.startDate, numberOfOccurrences: Number(count) }
    : until
      ? { type: 'endDate', startDate: event.startDate, endDate: dateOfUntil(until) }
      : { type: 'noEnd', startDate: event.startDate };
  return { pattern, range: { ...range, recurrenceTimeZone: event.timeZone } };
}

export function fromGraphRecurrence(recurrence: GraphRecurrence | null | undefined): string | null {
  if (!recurrence) return null;
  const freq = { daily: 'DAILY', weekly: 'WEEKLY', absoluteMonthly: 'MONTHLY', relativeMonthly: 'MONTHLY', absoluteYearly: 'YEARLY', relativeYearly: 'YEARLY' }[
    recurrence.pattern.type
  ];
  if (!freq) return null;
  const parts = [`FREQ=${freq}`];
  if (recurrence.pattern.interval > 1) parts.push(`INTERVAL=${recurrence.pattern.interval}`);
  if (recurrence.range.type === 'numbered' && recurrence.range.numberOfOccurrences) parts.push(`COUNT=${recurrence.range.numberOfOccurrences}`);
  if (recurrence.range.type === 'endDate' && recurrence.range.endDate) parts.push(`UNTIL=${recurrence.range.endDate.replaceAll('-', '')}T235959`);
  return parts.join(';');
}

export function toGraphEvent(event: SyncEvent): Record<string, unknown> {
  const time = (date: string, clock: string | null): GraphTime => ({ dateTime: `${date}T${event.allDay ? '00:00' : (clock ?? '00:00')}:00`, timeZone: event.timeZone });
  return {
    subject: event.title,
    body: { contentType: 'text', content: event.note ?? '' },
    location: { displayName: event.location ?? '' },
    isAllDay: event.allDay,
    start: time(event.startDate, event.startTime),
    // Graph's all-day end is exclusive midnight.
    end: time(event.allDay ? addDaysTo(event.endDate, 1) : event.endDate, event.endTime),
    recurrence: toGraphRecurrence(event),
    // Private, nobody invited: no meeting request ever leaves.
    sensitivity: 'private',
    attendees: [],
    isReminderOn: false,
  };
}

/** The local occurrence dates a series rule produces within the window (floating: wall-clock as UTC). */
function expectedDates(event: SyncEvent, untilDate: string): string[] {
  if (!event.rrule) return [];
  const start = new Date(`${event.startDate}T${event.startTime ?? '00:00'}:00Z`);
  const rule = rrulestr(`DTSTART:${event.startDate.replaceAll('-', '')}T${(event.startTime ?? '00:00').replace(':', '')}00Z\nRRULE:${event.rrule.replace(/UNTIL=(\d{8}T\d{6})(?!Z)/, 'UNTIL=$1Z')}`);
  return rule.between(start, new Date(`${untilDate}T23:59:59Z`), true).map((date) => date.toISOString().slice(0, 10));
}

/** One occurrence of a series as Graph lists it: its key (original local date) and where it is now. */
interface GraphInstance {
  id: string;
  date: string;
  moved: MovedOccurrence | null;
  /** Its subject, body and location as Graph shows it now. */
  texts: OccurrenceTexts;
}

const graphTexts = (item: GraphEvent): OccurrenceTexts => textsOf({ title: item.subject ?? '', note: item.body?.content ?? null, location: item.location?.displayName ?? null });

export function fromGraphEvent(item: GraphEvent, instances?: GraphInstance[]): SyncEvent {
  const timeZone = isValidTimeZone(item.recurrence?.range.recurrenceTimeZone) ? item.recurrence.range.recurrenceTimeZone : isValidTimeZone(item.start?.timeZone) ? item.start.timeZone : 'UTC';
  const allDay = item.isAllDay === true;
  const start = splitLocal(item.start?.dateTime ?? '1970-01-01T00:00:00');
  const end = splitLocal(item.end?.dateTime ?? item.start?.dateTime ?? '1970-01-01T00:00:00');
  const event: SyncEvent = {
    title: item.subject ?? '',
    note: item.body?.content ? item.body.content : null,
    location: item.location?.displayName ? item.location.displayName : null,
    allDay,
    startDate: start.date,
    startTime: allDay ? null : start.time,
    endDate: allDay ? addDaysTo(end.date, -1) : end.date,
    endTime: allDay ? null : end.time,
    timeZone,
    rrule: fromGraphRecurrence(item.recurrence),
    cancelledDates: [],
    moved: [],
    edited: [],
  };
  if (event.rrule && instances) {
    const last = instances.length ? instances[instances.length - 1]!.date : event.startDate;
    const present = new Set(instances.map((instance) => instance.date));
    // Graph has no EXDATE: a deleted occurrence is simply missing from the instances.
    event.cancelledDates = expectedDates(event, last).filter((date) => !present.has(date));
    event.moved = instances.flatMap((instance) => (instance.moved ? [instance.moved] : []));
    event.edited = instances.flatMap((instance) => editedOf(event, instance.date, instance.texts) ?? []).sort(byOccurrenceDate);
  }
  return event;
}

export function createOutlookClient(config: Config): CalendarProviderClient {
  const settings = config.outlook;
  const api = `${settings.apiUrl}/v1.0`;
  // Bodies as the text we send (else HTML), so a series and its occurrences compare alike.
  const textBodies = 'outlook.body-content-type="text"';
  // Times come back in the timezone we ask for (else UTC).
  const zoned = (timeZone: string) => ({ prefer: `outlook.timezone="${timeZone}", ${textBodies}` });

  async function listInstances(accessToken: string, eventId: string, event: SyncEvent): Promise<GraphInstance[]> {
    const found: GraphInstance[] = [];
    const query = new URLSearchParams({
      startDateTime: `${event.startDate}T00:00:00`,
      endDateTime: `${addDaysTo(new Date().toISOString().slice(0, 10), windowFutureDays)}T00:00:00`,
      $top: '1000',
    });
    let next: string | undefined = `${api}/me/events/${encodeURIComponent(eventId)}/instances?${query}`;
    while (next) {
      const page: { value?: GraphEvent[]; '@odata.nextLink'?: string } = await requestJson(next, { accessToken, headers: zoned(event.timeZone) });
      for (const instance of page.value ?? []) {
        if (instance.isCancelled) continue;
        // originalStart is a UTC DateTimeOffset: its local date names the occurrence even after a move.
        const original = instance.originalStart ? wallClock(new Date(instance.originalStart), event.timeZone) : (instance.start?.dateTime ?? '');
        const start = splitLocal(instance.start?.dateTime ?? original);
        const end = splitLocal(instance.end?.dateTime ?? original);
        const allDay = instance.isAllDay === true;
        const isMoved = start.date !== original.slice(0, 10) || (!allDay && start.time !== original.slice(11, 16));
        found.push({
          id: instance.id,
          date: original.slice(0, 10),
          moved: isMoved
            ? { occurrenceDate: original.slice(0, 10), allDay, startDate: start.date, startTime: allDay ? null : start.time, endDate: allDay ? addDaysTo(end.date, -1) : end.date, endTime: allDay ? null : end.time }
            : null,
          texts: graphTexts(instance),
        });
      }
      next = page['@odata.nextLink'];
    }
    return found.sort((a, b) => a.date.localeCompare(b.date));
  }

  return {
    provider: 'outlook',
    authorizeUrl(state, redirectUri) {
      const url = new URL(settings.authorizeUrl);
      url.search = new URLSearchParams({
        client_id: settings.clientId ?? '',
        response_type: 'code',
        redirect_uri: redirectUri,
        response_mode: 'query',
        scope: scopes.join(' '),
        prompt: 'select_account',
        state,
      }).toString();
      return url.toString();
    },
    async exchangeCode(code, redirectUri) {
      const { tokens } = await tokenRequest(settings, { grant_type: 'authorization_code', code, redirect_uri: redirectUri, scope: scopes.join(' ') });
      const me = await requestJson<{ displayName?: string; mail?: string | null; userPrincipalName?: string }>(`${api}/me`, { accessToken: tokens.accessToken });
      return { tokens, profile: { email: me.mail ?? me.userPrincipalName ?? null, displayName: me.displayName ?? null } };
    },
    async refresh(refreshToken) {
      return (await tokenRequest(settings, { grant_type: 'refresh_token', refresh_token: refreshToken, scope: scopes.join(' ') })).tokens;
    },
    async listCalendars(accessToken) {
      const answer = await requestJson<{ value?: { id: string; name?: string; isDefaultCalendar?: boolean; canEdit?: boolean }[] }>(`${api}/me/calendars`, { accessToken });
      return (answer.value ?? []).filter((item) => item.canEdit !== false).map((item) => ({ id: item.id, name: item.name ?? item.id, primary: item.isDefaultCalendar === true }));
    },
    async saveEvent(accessToken, calendarId, eventId, event) {
      const saved = await requestJson<GraphEvent>(
        eventId ? `${api}/me/events/${encodeURIComponent(eventId)}` : `${api}/me/calendars/${encodeURIComponent(calendarId)}/events`,
        { method: eventId ? 'PATCH' : 'POST', accessToken, body: JSON.stringify(toGraphEvent(event)) },
      );
      if (event.rrule && (event.cancelledDates.length > 0 || event.moved.length > 0 || event.edited.length > 0)) {
        // Graph has no EXDATE: delete the occurrences one by one; a moved or edited one is its instance patched.
        const cancelled = new Set(event.cancelledDates);
        const moved = new Map(event.moved.map((occurrence) => [occurrence.occurrenceDate, occurrence]));
        for (const instance of await listInstances(accessToken, saved.id, event)) {
          if (cancelled.has(instance.date)) {
            await requestJson(`${api}/me/events/${encodeURIComponent(instance.id)}`, { method: 'DELETE', accessToken });
            continue;
          }
          const wanted = occurrenceEvent(event, instance.date);
          if (!wanted) continue;
          const body = toGraphEvent(wanted);
          const target = moved.get(instance.date);
          // Only what differs: an occurrence keeps the series' privacy and (empty) attendees.
          const patch = {
            ...(target && JSON.stringify(target) !== JSON.stringify(instance.moved) ? { start: body.start, end: body.end, isAllDay: body.isAllDay } : {}),
            ...(JSON.stringify(textsOf(wanted)) !== JSON.stringify(instance.texts) ? { subject: body.subject, body: body.body, location: body.location } : {}),
          };
          if (Object.keys(patch).length === 0) continue;
          await requestJson(`${api}/me/events/${encodeURIComponent(instance.id)}`, { method: 'PATCH', accessToken, body: JSON.stringify(patch) });
        }
        const again = await requestJson<GraphEvent>(`${api}/me/events/${encodeURIComponent(saved.id)}`, { accessToken });
        return { eventId: saved.id, etag: again['@odata.etag'] ?? null };
      }
      return { eventId: saved.id, etag: saved['@odata.etag'] ?? null };
    },
    async deleteEvent(accessToken, _calendarId, eventId) {
      await unlessGone(requestJson(`${api}/me/events/${encodeURIComponent(eventId)}`, { method: 'DELETE', accessToken }));
    },
    async readEvent(accessToken, _calendarId, eventId) {
      let item = await unlessGone(requestJson<GraphEvent>(`${api}/me/events/${encodeURIComponent(eventId)}`, { accessToken, headers: { prefer: textBodies } }));
      if (!item) return undefined;
      const timeZone = item.recurrence?.range.recurrenceTimeZone ?? item.start?.timeZone ?? 'UTC';
      if (item.start?.timeZone !== timeZone && isValidTimeZone(timeZone)) {
        item = await requestJson<GraphEvent>(`${api}/me/events/${encodeURIComponent(eventId)}`, { accessToken, headers: zoned(timeZone) });
      }
      if (item.isCancelled) return undefined;
      const base = fromGraphEvent(item);
      const instances = base.rrule ? await listInstances(accessToken, eventId, base) : undefined;
      return { etag: item['@odata.etag'] ?? null, event: fromGraphEvent(item, instances) };
    },
    async pull(accessToken, calendarId, token) {
      const changes: PulledChange[] = [];
      const today = new Date().toISOString().slice(0, 10);
      const query = new URLSearchParams({
        startDateTime: `${addDaysTo(today, -windowPastDays)}T00:00:00Z`,
        endDateTime: `${addDaysTo(today, windowFutureDays)}T00:00:00Z`,
      });
      // A deltaLink is a whole URL (Graph keeps its state in it).
      let next: string | undefined = token ?? `${api}/me/calendars/${encodeURIComponent(calendarId)}/calendarView/delta?${query}`;
      for (;;) {
        const page: { value?: GraphEvent[]; '@odata.nextLink'?: string; '@odata.deltaLink'?: string } = await requestJson(next!, {
          accessToken,
          goneMeansExpired: true,
        });
        for (const item of page.value ?? []) {
          if (item['@removed'] !== undefined) changes.push({ kind: 'delete', eventId: item.id });
          else if (item.type === 'occurrence' || item.type === 'exception') changes.push({ kind: 'reread', eventId: item.seriesMasterId ?? item.id });
          else if (item.type === 'seriesMaster') changes.push({ kind: 'reread', eventId: item.id });
          else changes.push({ kind: 'reread', eventId: item.id });
        }
        next = page['@odata.nextLink'];
        if (!next) return { changes, nextToken: page['@odata.deltaLink'] ?? token ?? '' };
      }
    },
  };
}
