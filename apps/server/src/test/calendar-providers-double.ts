import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Google (OAuth 2.0 + Calendar API v3) and Microsoft (identity platform + Graph v1.0),
 * speaking the HTTP subset Lodestar uses: authorize redirects, the token endpoint (authorization_code and
 * refresh_token grants), calendar lists, event CRUD, instances, incremental sync (Google syncToken,
 * Graph calendarView delta links) and 410 Gone for expired sync state. Used by the API tests and the e2e
 * journey; test helpers below play "the user changed it in Google/Outlook".
 *
 * Paths: /google/oauth/authorize, /google/token, /google/calendar/v3/…; /microsoft/oauth2/v2.0/{authorize,token},
 * /graph/v1.0/…  (Config: GOOGLE_OAUTH_URL=<base>/google/oauth/authorize, GOOGLE_TOKEN_URL=<base>/google/token,
 * GOOGLE_API_URL=<base>/google, MICROSOFT_LOGIN_URL=<base>/microsoft, MICROSOFT_GRAPH_URL=<base>/graph.)
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

export interface StoredEvent {
  id: string;
  calendarId: string;
  etag: string;
  changedAt: number;
  deleted: boolean;
  body: Json;
  /** Graph: deleted occurrence dates. */
  deletedOccurrences: Set<string>;
  /** Graph: moved occurrences by original date (their start and end). */
  movedOccurrences: Map<string, { start: Json; end: Json }>;
  /** Graph: occurrences edited on their own (subject, body, location), by original date. */
  editedOccurrences: Map<string, Json>;
}

interface ProviderState {
  accessTokens: Map<string, number>;
  refreshTokens: Set<string>;
  codes: Set<string>;
  calendars: { id: string; name: string; primary: boolean }[];
  events: Map<string, StoredEvent>;
  /** Removed Graph occurrences (id, when) for delta. */
  removals: { id: string; calendarId: string; changedAt: number }[];
  /** Sync tokens older than this answer 410 Gone. */
  oldestValidToken: number;
  requests: { method: string; path: string; authorization?: string }[];
}

export interface ProviderDouble {
  url: string;
  google: ProviderState;
  outlook: ProviderState;
  /** Live (not deleted) events of a calendar. */
  events(provider: 'google' | 'outlook', calendarId?: string): StoredEvent[];
  /** "The user created it there." */
  createEvent(provider: 'google' | 'outlook', calendarId: string, body: Json): StoredEvent;
  /** "The user edited it there." */
  editEvent(provider: 'google' | 'outlook', eventId: string, patch: Json): void;
  /** "The user deleted one occurrence there": a cancelled instance (Google) or a deleted occurrence (Graph). */
  deleteOccurrence(provider: 'google' | 'outlook', eventId: string, date: string): void;
  /** "The user moved one occurrence there" to a local start and end ('YYYY-MM-DDTHH:MM:SS'). */
  moveOccurrence(provider: 'google' | 'outlook', eventId: string, date: string, start: string, end: string): void;
  /** "The user edited one occurrence there" (Google: summary/description/location; Graph: subject/body/location). */
  editOccurrence(provider: 'google' | 'outlook', eventId: string, date: string, patch: Json): void;
  deleteEvent(provider: 'google' | 'outlook', eventId: string): void;
  /** Every sync token issued so far now answers 410 Gone. */
  expireSyncTokens(provider: 'google' | 'outlook'): void;
  /** Access tokens issued so far stop working (a refresh is needed). */
  expireAccessTokens(provider: 'google' | 'outlook'): void;
  close(): Promise<void>;
}

let clock = 0;
const tick = () => (clock += 1);
const newId = () => randomBytes(8).toString('hex');

function state(calendars: ProviderState['calendars']): ProviderState {
  return {
    accessTokens: new Map(),
    refreshTokens: new Set(),
    codes: new Set(),
    calendars,
    events: new Map(),
    removals: [],
    oldestValidToken: 0,
    requests: [],
  };
}

function send(response: http.ServerResponse, status: number, body?: Json, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(body === undefined ? '' : JSON.stringify(body));
}

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function unsignedJwt(claims: Json): string {
  const part = (value: Json) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
}

function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The wall-clock time ('YYYY-MM-DDTHH:MM:SS') of an instant in a timezone. */
function wallTime(instant: Date, timeZone: string): string {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  const shown = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${shown.year}-${shown.month}-${shown.day}T${shown.hour}:${shown.minute}:${shown.second}`;
}

/** UTC instant of a wall-clock time in a timezone (for Graph's originalStart, a DateTimeOffset). */
function zonedInstant(local: string, timeZone: string): string {
  const asUtc = new Date(`${local}Z`);
  const offset = new Date(`${wallTime(asUtc, timeZone)}Z`).getTime() - asUtc.getTime();
  return new Date(asUtc.getTime() - offset).toISOString().replace('.000Z', 'Z');
}

/** Graph recurrence → occurrence dates up to `until` (daily, weekly on the start's weekday, absolute monthly/yearly). */
function graphOccurrences(body: Json, until: string): string[] {
  const { pattern, range } = body.recurrence;
  const dates: string[] = [];
  const interval = pattern.interval || 1;
  let date: string = range.startDate;
  for (let i = 0; dates.length < 1000 && date <= until; i += 1) {
    if (range.type === 'numbered' && dates.length >= range.numberOfOccurrences) break;
    if (range.type === 'endDate' && date > range.endDate) break;
    dates.push(date);
    const [y, m, d] = range.startDate.split('-').map(Number) as [number, number, number];
    const n = i + 1;
    if (pattern.type === 'daily') date = addDays(range.startDate, n * interval);
    else if (pattern.type === 'weekly') date = addDays(range.startDate, n * interval * 7);
    else if (pattern.type === 'absoluteMonthly') date = new Date(Date.UTC(y, m - 1 + n * interval, d)).toISOString().slice(0, 10);
    else date = new Date(Date.UTC(y + n * interval, m - 1, d)).toISOString().slice(0, 10);
  }
  return dates;
}

export async function startProviderDouble(options: { port?: number } = {}): Promise<ProviderDouble> {
  const google = state([
    { id: 'primary-google@example.com', name: 'Work', primary: true },
    { id: 'family@group.calendar.google.com', name: 'Family', primary: false },
  ]);
  const outlook = state([
    { id: 'AAMkCalendar1', name: 'Calendar', primary: true },
    { id: 'AAMkCalendar2', name: 'Birthdays', primary: false },
  ]);
  let base = '';

  function authorized(provider: ProviderState, request: http.IncomingMessage): boolean {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const expires = token ? provider.accessTokens.get(token) : undefined;
    return expires !== undefined && expires > Date.now();
  }

  function issueTokens(provider: ProviderState, claims: Json): Json {
    const accessToken = `at-${newId()}`;
    const refreshToken = `rt-${newId()}`;
    provider.accessTokens.set(accessToken, Date.now() + 3600_000);
    provider.refreshTokens.add(refreshToken);
    return { access_token: accessToken, refresh_token: refreshToken, expires_in: 3600, token_type: 'Bearer', id_token: unsignedJwt(claims) };
  }

  async function tokenEndpoint(provider: ProviderState, request: http.IncomingMessage, response: http.ServerResponse, claims: Json) {
    const form = new URLSearchParams(await readBody(request));
    if (form.get('client_id') !== 'test-client' || form.get('client_secret') !== 'test-secret') return send(response, 401, { error: 'invalid_client' });
    if (form.get('grant_type') === 'authorization_code') {
      const code = form.get('code') ?? '';
      if (!provider.codes.delete(code)) return send(response, 400, { error: 'invalid_grant' });
      return send(response, 200, issueTokens(provider, claims));
    }
    if (form.get('grant_type') === 'refresh_token' && provider.refreshTokens.has(form.get('refresh_token') ?? '')) {
      const accessToken = `at-${newId()}`;
      provider.accessTokens.set(accessToken, Date.now() + 3600_000);
      return send(response, 200, { access_token: accessToken, expires_in: 3600, token_type: 'Bearer' });
    }
    return send(response, 400, { error: 'invalid_grant' });
  }

  function authorizeRedirect(provider: ProviderState, url: URL, response: http.ServerResponse) {
    // The user consents at once.
    const code = `code-${newId()}`;
    provider.codes.add(code);
    const target = new URL(url.searchParams.get('redirect_uri') ?? '');
    target.searchParams.set('code', code);
    target.searchParams.set('state', url.searchParams.get('state') ?? '');
    response.writeHead(302, { location: target.toString() });
    response.end();
  }

  function save(provider: ProviderState, event: StoredEvent, body: Json) {
    event.body = body;
    event.changedAt = tick();
    event.etag = `"${event.changedAt}"`;
    provider.events.set(event.id, event);
  }

  // ---- Google ----

  function googleView(event: StoredEvent): Json {
    return { kind: 'calendar#event', id: event.id, etag: event.etag, status: event.deleted ? 'cancelled' : 'confirmed', ...event.body };
  }

  async function handleGoogle(request: http.IncomingMessage, response: http.ServerResponse, url: URL, path: string) {
    if (path === '/oauth/authorize') return authorizeRedirect(google, url, response);
    if (path === '/token') return tokenEndpoint(google, request, response, { email: 'sales@example.com', name: 'Sam Sales', sub: '1' });
    if (!authorized(google, request)) return send(response, 401, { error: { code: 401, message: 'Invalid Credentials' } });
    if (path === '/calendar/v3/users/me/calendarList') {
      return send(response, 200, { items: google.calendars.map((c) => ({ id: c.id, summary: c.name, primary: c.primary || undefined, accessRole: 'owner' })) });
    }
    const match = /^\/calendar\/v3\/calendars\/([^/]+)\/events(?:\/([^/]+))?(\/instances)?$/.exec(path);
    if (!match) return send(response, 404, { error: { code: 404, message: 'Not Found' } });
    const calendarId = decodeURIComponent(match[1]!);
    const eventId = match[2] ? decodeURIComponent(match[2]) : undefined;
    const method = request.method ?? 'GET';
    if (!eventId && method === 'GET') {
      const syncToken = url.searchParams.get('syncToken');
      const since = syncToken ? Number(syncToken.replace('sync-', '')) : undefined;
      if (since !== undefined && since < google.oldestValidToken) return send(response, 410, { error: { code: 410, message: 'Sync token is no longer valid, a full sync is required.', errors: [{ reason: 'fullSyncRequired' }] } });
      const all = [...google.events.values()]
        .filter((e) => e.calendarId === calendarId)
        .filter((e) => (since === undefined ? !e.deleted || url.searchParams.get('showDeleted') === 'true' : e.changedAt > since))
        .sort((a, b) => a.changedAt - b.changedAt);
      const offset = Number(url.searchParams.get('pageToken') ?? 0);
      const size = Number(url.searchParams.get('maxResults') ?? 250);
      const items = all.slice(offset, offset + size).map(googleView);
      const more = offset + size < all.length;
      return send(response, 200, { kind: 'calendar#events', items, ...(more ? { nextPageToken: String(offset + size) } : { nextSyncToken: `sync-${clock}` }) });
    }
    if (!eventId && method === 'POST') {
      const body = JSON.parse(await readBody(request));
      const event: StoredEvent = { id: newId(), calendarId, etag: '', changedAt: 0, deleted: false, body, deletedOccurrences: new Set(), movedOccurrences: new Map(), editedOccurrences: new Map() };
      save(google, event, body);
      return send(response, 200, googleView(event));
    }
    const instanceOf = eventId ? /^(.+)_(\d{8})$/.exec(eventId) : null;
    if (method === 'PUT' && instanceOf && !google.events.has(eventId!) && google.events.get(instanceOf[1]!)?.calendarId === calendarId) {
      // The first change of one instance makes it an exception event of the series.
      const body = JSON.parse(await readBody(request));
      const created: StoredEvent = { id: eventId!, calendarId, etag: '', changedAt: 0, deleted: false, body, deletedOccurrences: new Set(), movedOccurrences: new Map(), editedOccurrences: new Map() };
      save(google, created, body);
      return send(response, 200, googleView(created));
    }
    const event = eventId ? google.events.get(eventId) : undefined;
    if (!event || event.calendarId !== calendarId) return send(response, 404, { error: { code: 404, message: 'Not Found' } });
    if (match[3]) {
      const exceptions = [...google.events.values()].filter((e) => e.body.recurringEventId === event.id);
      const originalStart = url.searchParams.get('originalStart');
      if (!originalStart) {
        // Instances: the exceptions we hold (cancelled and moved instances), enough for Lodestar's use.
        return send(response, 200, { items: exceptions.map(googleView) });
      }
      const start = event.body.start;
      const local = start.date ? originalStart : wallTime(new Date(originalStart), start.timeZone);
      const date = local.slice(0, 10);
      const id = `${event.id}_${date.replaceAll('-', '')}`;
      const existing = google.events.get(id);
      if (existing) return send(response, 200, { items: [googleView(existing)] });
      const originalStartTime = start.date ? { date } : { dateTime: local, timeZone: start.timeZone };
      const instance = { id, status: 'confirmed', recurringEventId: event.id, originalStartTime, start: originalStartTime, summary: event.body.summary };
      return send(response, 200, { items: [instance] });
    }
    if (method === 'GET') return send(response, 200, googleView(event));
    if (method === 'PUT') {
      if (event.deleted) return send(response, 410, { error: { code: 410, message: 'Resource has been deleted' } });
      save(google, event, JSON.parse(await readBody(request)));
      return send(response, 200, googleView(event));
    }
    if (method === 'DELETE') {
      if (event.deleted) return send(response, 410, { error: { code: 410, message: 'Resource has been deleted' } });
      event.deleted = true;
      save(google, event, event.body);
      response.writeHead(204);
      return response.end();
    }
    return send(response, 405, {});
  }

  // ---- Graph ----

  function graphView(event: StoredEvent): Json {
    return {
      id: event.id,
      '@odata.etag': `W/${event.etag}`,
      type: event.body.recurrence ? 'seriesMaster' : 'singleInstance',
      ...event.body,
    };
  }

  function graphOccurrenceViews(event: StoredEvent, until: string): Json[] {
    const startTime = String(event.body.start.dateTime).slice(11);
    const endTime = String(event.body.end.dateTime).slice(11);
    const days = Math.round((Date.parse(`${String(event.body.end.dateTime).slice(0, 10)}T00:00:00Z`) - Date.parse(`${String(event.body.start.dateTime).slice(0, 10)}T00:00:00Z`)) / 86_400_000);
    return graphOccurrences(event.body, until)
      .filter((date) => !event.deletedOccurrences.has(date))
      .map((date) => {
        const moved = event.movedOccurrences.get(date);
        const edited = event.editedOccurrences.get(date);
        return {
          id: `${event.id}_occ_${date}`,
          type: moved || edited ? 'exception' : 'occurrence',
          seriesMasterId: event.id,
          subject: event.body.subject,
          body: event.body.body,
          location: event.body.location,
          sensitivity: event.body.sensitivity,
          attendees: event.body.attendees,
          ...edited,
          isAllDay: event.body.isAllDay,
          originalStart: zonedInstant(`${date}T${startTime}`, event.body.start.timeZone),
          start: moved?.start ?? { dateTime: `${date}T${startTime}`, timeZone: event.body.start.timeZone },
          end: moved?.end ?? { dateTime: `${addDays(date, days)}T${endTime}`, timeZone: event.body.end.timeZone },
        };
      });
  }

  async function handleGraph(request: http.IncomingMessage, response: http.ServerResponse, url: URL, path: string) {
    if (!authorized(outlook, request)) return send(response, 401, { error: { code: 'InvalidAuthenticationToken', message: 'Access token has expired.' } });
    const method = request.method ?? 'GET';
    if (path === '/v1.0/me') return send(response, 200, { displayName: 'Olive Outlook', mail: 'olive@example.com', userPrincipalName: 'olive@example.com' });
    if (path === '/v1.0/me/calendars') {
      return send(response, 200, { value: outlook.calendars.map((c) => ({ id: c.id, name: c.name, isDefaultCalendar: c.primary, canEdit: true })) });
    }
    const create = /^\/v1\.0\/me\/calendars\/([^/]+)\/events$/.exec(path);
    if (create && method === 'POST') {
      const body = JSON.parse(await readBody(request));
      const event: StoredEvent = { id: `AAMk${newId()}`, calendarId: decodeURIComponent(create[1]!), etag: '', changedAt: 0, deleted: false, body, deletedOccurrences: new Set(), movedOccurrences: new Map(), editedOccurrences: new Map() };
      save(outlook, event, body);
      return send(response, 201, graphView(event));
    }
    const delta = /^\/v1\.0\/me\/calendars\/([^/]+)\/calendarView\/delta$/.exec(path);
    if (delta && method === 'GET') {
      const calendarId = decodeURIComponent(delta[1]!);
      const deltaToken = url.searchParams.get('$deltatoken');
      const since = deltaToken ? Number(deltaToken) : undefined;
      if (since !== undefined && since < outlook.oldestValidToken) return send(response, 410, { error: { code: 'SyncStateNotFound', message: 'The sync state generation is not found.' } });
      const until = addDays(new Date().toISOString().slice(0, 10), 3 * 365);
      const value: Json[] = [];
      for (const event of outlook.events.values()) {
        if (event.calendarId !== calendarId || (since !== undefined && event.changedAt <= since) || (since === undefined && event.deleted)) continue;
        if (event.deleted) value.push({ id: event.id, '@removed': { reason: 'deleted' } });
        else if (event.body.recurrence) value.push(...graphOccurrenceViews(event, until));
        else value.push(graphView(event));
      }
      for (const removal of outlook.removals) {
        if (since !== undefined && removal.calendarId === calendarId && removal.changedAt > since) value.push({ id: removal.id, '@removed': { reason: 'deleted' } });
      }
      const link = new URL(`${base}/graph/v1.0/me/calendars/${encodeURIComponent(calendarId)}/calendarView/delta`);
      link.searchParams.set('$deltatoken', String(clock));
      return send(response, 200, { '@odata.context': 'delta', value, '@odata.deltaLink': link.toString() });
    }
    const one = /^\/v1\.0\/me\/events\/([^/]+)(\/instances)?$/.exec(path);
    if (!one) return send(response, 404, { error: { code: 'ErrorItemNotFound', message: 'Not found' } });
    const id = decodeURIComponent(one[1]!);
    const occurrence = /^(.+)_occ_(\d{4}-\d{2}-\d{2})$/.exec(id);
    if (occurrence && method === 'PATCH') {
      const master = outlook.events.get(occurrence[1]!);
      if (!master || master.deleted) return send(response, 404, { error: { code: 'ErrorItemNotFound', message: 'Not found' } });
      const patch = JSON.parse(await readBody(request));
      const date = occurrence[2]!;
      if (patch.start) master.movedOccurrences.set(date, { start: patch.start, end: patch.end });
      const texts = Object.fromEntries(Object.entries(patch).filter(([key]) => ['subject', 'body', 'location'].includes(key)));
      if (Object.keys(texts).length > 0) master.editedOccurrences.set(date, { ...master.editedOccurrences.get(date), ...texts });
      save(outlook, master, master.body);
      return send(response, 200, { id, type: 'exception', seriesMasterId: master.id, ...patch });
    }
    if (occurrence && method === 'DELETE') {
      const master = outlook.events.get(occurrence[1]!);
      if (!master || master.deleted) return send(response, 404, { error: { code: 'ErrorItemNotFound', message: 'Not found' } });
      master.deletedOccurrences.add(occurrence[2]!);
      master.changedAt = tick();
      master.etag = `"${master.changedAt}"`;
      outlook.removals.push({ id, calendarId: master.calendarId, changedAt: master.changedAt });
      response.writeHead(204);
      return response.end();
    }
    const event = outlook.events.get(id);
    if (!event || event.deleted) return send(response, 404, { error: { code: 'ErrorItemNotFound', message: 'Not found' } });
    if (one[2]) {
      const end = (url.searchParams.get('endDateTime') ?? '').slice(0, 10) || addDays(new Date().toISOString().slice(0, 10), 365);
      return send(response, 200, { value: event.body.recurrence ? graphOccurrenceViews(event, end) : [] });
    }
    if (method === 'GET') return send(response, 200, graphView(event));
    if (method === 'PATCH') {
      save(outlook, event, { ...event.body, ...JSON.parse(await readBody(request)) });
      return send(response, 200, graphView(event));
    }
    if (method === 'DELETE') {
      event.deleted = true;
      save(outlook, event, event.body);
      response.writeHead(204);
      return response.end();
    }
    return send(response, 405, {});
  }

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', base);
    const [, root = '', ...rest] = url.pathname.split('/');
    const path = `/${rest.join('/')}`;
    const target = root === 'google' ? google : outlook;
    target.requests.push({ method: request.method ?? 'GET', path: url.pathname, authorization: request.headers.authorization });
    const handle = async () => {
      if (root === 'google') return handleGoogle(request, response, url, path);
      if (root === 'microsoft' && path === '/oauth2/v2.0/authorize') return authorizeRedirect(outlook, url, response);
      if (root === 'microsoft' && path === '/oauth2/v2.0/token') return tokenEndpoint(outlook, request, response, { email: 'olive@example.com', name: 'Olive Outlook' });
      if (root === 'graph') return handleGraph(request, response, url, path);
      return send(response, 404, { error: 'not found' });
    };
    handle().catch((error: unknown) => send(response, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const providerOf = (provider: 'google' | 'outlook') => (provider === 'google' ? google : outlook);
  return {
    url: base,
    google,
    outlook,
    events(provider, calendarId) {
      return [...providerOf(provider).events.values()].filter((e) => !e.deleted && !e.body.recurringEventId && (!calendarId || e.calendarId === calendarId));
    },
    createEvent(provider, calendarId, body) {
      const event: StoredEvent = { id: provider === 'google' ? newId() : `AAMk${newId()}`, calendarId, etag: '', changedAt: 0, deleted: false, body, deletedOccurrences: new Set(), movedOccurrences: new Map(), editedOccurrences: new Map() };
      save(providerOf(provider), event, body);
      return event;
    },
    editEvent(provider, eventId, patch) {
      const target = providerOf(provider);
      const event = target.events.get(eventId)!;
      save(target, event, { ...event.body, ...patch });
    },
    deleteOccurrence(provider, eventId, date) {
      const target = providerOf(provider);
      const event = target.events.get(eventId)!;
      if (provider === 'outlook') {
        event.deletedOccurrences.add(date);
        event.changedAt = tick();
        event.etag = `"${event.changedAt}"`;
        target.removals.push({ id: `${event.id}_occ_${date}`, calendarId: event.calendarId, changedAt: event.changedAt });
        return;
      }
      // Google: deleting one occurrence makes a cancelled instance of the series.
      const start = event.body.start;
      const originalStartTime = start.date ? { date } : { dateTime: `${date}T${String(start.dateTime).slice(11)}`, timeZone: start.timeZone };
      const instance: StoredEvent = {
        id: `${event.id}_${date.replaceAll('-', '')}`,
        calendarId: event.calendarId,
        etag: '',
        changedAt: 0,
        deleted: true,
        body: { recurringEventId: event.id, originalStartTime },
        deletedOccurrences: new Set(),
        movedOccurrences: new Map(), editedOccurrences: new Map(),
      };
      save(target, instance, instance.body);
    },
    moveOccurrence(provider, eventId, date, start, end) {
      const target = providerOf(provider);
      const event = target.events.get(eventId)!;
      const timeZone = event.body.start.timeZone;
      if (provider === 'outlook') {
        event.movedOccurrences.set(date, { start: { dateTime: start, timeZone }, end: { dateTime: end, timeZone } });
        save(target, event, event.body);
        return;
      }
      const originalStartTime = { dateTime: `${date}T${String(event.body.start.dateTime).slice(11)}`, timeZone };
      const id = `${event.id}_${date.replaceAll('-', '')}`;
      const body = { ...event.body, recurrence: undefined, recurringEventId: event.id, originalStartTime, start: { dateTime: start, timeZone }, end: { dateTime: end, timeZone } };
      save(target, target.events.get(id) ?? { id, calendarId: event.calendarId, etag: '', changedAt: 0, deleted: false, body, deletedOccurrences: new Set(), movedOccurrences: new Map(), editedOccurrences: new Map() }, body);
    },
    editOccurrence(provider, eventId, date, patch) {
      const target = providerOf(provider);
      const event = target.events.get(eventId)!;
      if (provider === 'outlook') {
        event.editedOccurrences.set(date, { ...event.editedOccurrences.get(date), ...patch });
        save(target, event, event.body);
        return;
      }
      // Google: the instance becomes an exception event of the series with its own fields.
      const id = `${event.id}_${date.replaceAll('-', '')}`;
      const existing = target.events.get(id);
      const { start, end } = event.body;
      const days = start.date ? 0 : Math.round((Date.parse(`${String(end.dateTime).slice(0, 10)}T00:00:00Z`) - Date.parse(`${String(start.dateTime).slice(0, 10)}T00:00:00Z`)) / 86_400_000);
      const originalStartTime = start.date ? { date } : { dateTime: `${date}T${String(start.dateTime).slice(11)}`, timeZone: start.timeZone };
      const originalEnd = start.date ? { date: addDays(date, 1) } : { dateTime: `${addDays(date, days)}T${String(end.dateTime).slice(11)}`, timeZone: end.timeZone };
      const body = existing?.body ?? { ...event.body, recurrence: undefined, recurringEventId: event.id, originalStartTime, start: originalStartTime, end: originalEnd };
      save(target, existing ?? { id, calendarId: event.calendarId, etag: '', changedAt: 0, deleted: false, body, deletedOccurrences: new Set(), movedOccurrences: new Map(), editedOccurrences: new Map() }, { ...body, ...patch });
    },
    deleteEvent(provider, eventId) {
      const target = providerOf(provider);
      const event = target.events.get(eventId)!;
      event.deleted = true;
      save(target, event, event.body);
    },
    expireSyncTokens(provider) {
      providerOf(provider).oldestValidToken = tick();
    },
    expireAccessTokens(provider) {
      for (const token of providerOf(provider).accessTokens.keys()) providerOf(provider).accessTokens.set(token, 0);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The config variables that point Lodestar at the double. */
export function providerDoubleEnv(url: string): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: 'test-client',
    GOOGLE_CLIENT_SECRET: 'test-secret',
    GOOGLE_OAUTH_URL: `${url}/google/oauth/authorize`,
    GOOGLE_TOKEN_URL: `${url}/google/token`,
    GOOGLE_API_URL: `${url}/google`,
    MICROSOFT_CLIENT_ID: 'test-client',
    MICROSOFT_CLIENT_SECRET: 'test-secret',
    MICROSOFT_LOGIN_URL: `${url}/microsoft`,
    MICROSOFT_GRAPH_URL: `${url}/graph`,
  };
}
