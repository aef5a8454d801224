import type { CalendarProvider } from '@lodestar/contract';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import type { ProviderDouble, StoredEvent } from '../../../test/calendar-providers-double.ts';
import { connectAccount, syncFixture, type SyncFixture } from '../../../test/calendar-sync.ts';
import { call, type Json, type TestUser } from '../../../test/factories.ts';

/**
 * Two-way sync against the local Google Calendar v3 / Microsoft Graph double, over real HTTP:
 * schedules go out as private events with nobody invited, changes there come back, single occurrences
 * are deleted both ways, and an expired sync token (410 Gone) leads to a full resync.
 */

let f: SyncFixture;
let t: TestApp;
let double: ProviderDouble;
let owner: TestUser & { orgId: string };
let colleague: TestUser;

beforeAll(async () => {
  f = await syncFixture();
  ({ t, double, owner, colleague } = f);
});
afterAll(async () => {
  await f?.close();
});

const url = (path: string, orgId = owner.orgId) => `/api${path}${path.includes('?') ? '&' : '?'}orgId=${orgId}`;
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, token = owner.token) =>
  call(t.app, method, url(path), { token, ...(body === undefined ? {} : { body }) });

async function createSchedule(body: Record<string, unknown>, token = owner.token): Promise<string> {
  const { status, body: answer } = await api('POST', '/task', { startDateTime: '09:00', endDateTime: '10:00', ...body }, token);
  if (status !== 200) throw new Error(`create schedule failed: ${status} ${JSON.stringify(answer)}`);
  return answer.data.id;
}

async function syncNow(provider: CalendarProvider): Promise<Json> {
  const { status, body } = await api('POST', `/calendar/${provider}/sync`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data;
}

const between = async (start: string, end: string) => (await api('GET', `/schedule/getBetween?start=${start}&end=${end}`)).body.data.items as Json[];
const datesOf = (items: Json[], id: string) => items.filter((item) => item.scheduleId === id).map((item) => item.startDate as string);
const titleOf = (provider: CalendarProvider, event: StoredEvent) => (provider === 'google' ? event.body.summary : event.body.subject);
const findThere = (provider: CalendarProvider, title: string) => double.events(provider).find((event) => titleOf(provider, event) === title);
const writesThere = (provider: CalendarProvider) =>
  double[provider].requests.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && !r.path.includes('token')).length;

describe.each(['google', 'outlook'] as const)('%s two-way sync', (provider) => {
  const calendarId = provider === 'google' ? 'primary-google@example.com' : 'AAMkCalendar1';
  let seriesId: string;
  let singleId: string;

  beforeAll(async () => {
    await connectAccount(t.app, owner.token, owner.orgId, provider);
  });

  it('create here → appears there as a private event with nobody invited, the series with its rule', async () => {
    seriesId = await createSchedule({ title: `${provider} weekly visit`, startDate: '2026-12-07', endDate: '2026-12-07', repeatBy: 'week', repeatDuring: 'number', repeatDuringVal: '5', address: 'Taipei 101', taskNote: 'Bring the contract; 2 copies' });
    singleId = await createSchedule({ title: `${provider} one call`, startDate: '2026-12-08', endDate: '2026-12-08', startDateTime: '14:30', endDateTime: '15:00' });
    const account = await syncNow(provider);
    expect(account).toMatchObject({ status: 'idle', lastError: null, pendingChanges: 0 });
    expect(account.lastSyncedAt).not.toBeNull();

    const series = findThere(provider, `${provider} weekly visit`)!;
    const single = findThere(provider, `${provider} one call`)!;
    expect(series.calendarId).toBe(calendarId);
    if (provider === 'google') {
      expect(series.body).toMatchObject({
        visibility: 'private',
        attendees: [],
        location: 'Taipei 101',
        description: 'Bring the contract; 2 copies',
        start: { dateTime: '2026-12-07T09:00:00', timeZone: 'Asia/Taipei' },
        end: { dateTime: '2026-12-07T10:00:00', timeZone: 'Asia/Taipei' },
        recurrence: ['RRULE:FREQ=WEEKLY;COUNT=5'],
      });
      expect(single.body).toMatchObject({ visibility: 'private', attendees: [], recurrence: [], start: { dateTime: '2026-12-08T14:30:00' } });
      // Nobody is mailed about it.
      expect(double.google.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/events')).length).toBeGreaterThanOrEqual(2);
    } else {
      expect(series.body).toMatchObject({
        sensitivity: 'private',
        attendees: [],
        location: { displayName: 'Taipei 101' },
        start: { dateTime: '2026-12-07T09:00:00', timeZone: 'Asia/Taipei' },
        recurrence: { pattern: { type: 'weekly', interval: 1, daysOfWeek: ['monday'] }, range: { type: 'numbered', startDate: '2026-12-07', numberOfOccurrences: 5 } },
      });
      expect(single.body).toMatchObject({ sensitivity: 'private', attendees: [], recurrence: null });
    }
  });

  it('a schedule of another user is not sent to this account', async () => {
    await createSchedule({ title: `${provider} colleague call`, startDate: '2026-12-09', endDate: '2026-12-09' }, colleague.token);
    await syncNow(provider);
    expect(findThere(provider, `${provider} colleague call`)).toBeUndefined();
  });

  it('delete one occurrence here → that occurrence is removed there (EXDATE / deleted instance)', async () => {
    expect((await api('DELETE', `/task/${seriesId}/delete?type=this&occurrenceDate=2026-12-14`)).status).toBe(200);
    await syncNow(provider);
    const series = findThere(provider, `${provider} weekly visit`)!;
    if (provider === 'google') expect(series.body.recurrence).toEqual(['RRULE:FREQ=WEEKLY;COUNT=5', 'EXDATE;TZID=Asia/Taipei:20261214T090000']);
    else expect([...series.deletedOccurrences]).toEqual(['2026-12-14']);
    // Nothing echoes back: the schedule still has its other occurrences.
    expect(datesOf(await between('2026-12-01', '2027-01-31'), seriesId)).toEqual(['2026-12-07', '2026-12-21', '2026-12-28', '2027-01-04']);
  });

  it('edit there → comes back; our own write does not loop', async () => {
    const single = findThere(provider, `${provider} one call`)!;
    double.editEvent(
      provider,
      single.id,
      provider === 'google'
        ? { summary: `${provider} call moved`, start: { dateTime: '2026-12-08T16:00:00', timeZone: 'Asia/Taipei' }, end: { dateTime: '2026-12-08T17:00:00', timeZone: 'Asia/Taipei' } }
        : { subject: `${provider} call moved`, start: { dateTime: '2026-12-08T16:00:00', timeZone: 'Asia/Taipei' }, end: { dateTime: '2026-12-08T17:00:00', timeZone: 'Asia/Taipei' } },
    );
    await syncNow(provider);
    const schedule = (await api('GET', `/task/${singleId}`)).body.data;
    expect(schedule).toMatchObject({ title: `${provider} call moved`, startDate: '2026-12-08', startDateTime: '16:00', endDateTime: '17:00' });
    const writes = writesThere(provider);
    const again = await syncNow(provider);
    expect(again.pendingChanges).toBe(0);
    expect(writesThere(provider)).toBe(writes);
  });

  it('delete one occurrence there → it is cancelled here', async () => {
    double.deleteOccurrence(provider, findThere(provider, `${provider} weekly visit`)!.id, '2026-12-21');
    await syncNow(provider);
    expect(datesOf(await between('2026-12-01', '2027-01-31'), seriesId)).toEqual(['2026-12-07', '2026-12-28', '2027-01-04']);
  });

  it('move one occurrence here → that instance moves there; one moved there → moves here', async () => {
    const moved = await api('POST', '/schedule/changeScheduleDate', { id: seriesId, occurrenceDate: '2026-12-28', startDate: '2026-12-29', startDateTime: '11:00', endDate: '2026-12-29', endDateTime: '12:00' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await syncNow(provider);
    const series = findThere(provider, `${provider} weekly visit`)!;
    if (provider === 'google') {
      expect(double.google.events.get(`${series.id}_20261228`)!.body).toMatchObject({
        recurringEventId: series.id,
        originalStartTime: { dateTime: '2026-12-28T09:00:00', timeZone: 'Asia/Taipei' },
        start: { dateTime: '2026-12-29T11:00:00', timeZone: 'Asia/Taipei' },
        end: { dateTime: '2026-12-29T12:00:00', timeZone: 'Asia/Taipei' },
        visibility: 'private',
        attendees: [],
      });
    } else {
      expect(series.movedOccurrences.get('2026-12-28')).toEqual({
        start: { dateTime: '2026-12-29T11:00:00', timeZone: 'Asia/Taipei' },
        end: { dateTime: '2026-12-29T12:00:00', timeZone: 'Asia/Taipei' },
      });
    }
    double.moveOccurrence(provider, series.id, '2027-01-04', '2027-01-05T15:00:00', '2027-01-05T16:00:00');
    await syncNow(provider);
    const occurrences = (await between('2026-12-01', '2027-01-31')).filter((item) => item.scheduleId === seriesId);
    expect(occurrences.map((item) => [item.occurrenceDate, item.startDate, item.startTime])).toEqual([
      ['2026-12-07', '2026-12-07', '09:00'],
      ['2026-12-28', '2026-12-29', '11:00'],
      ['2027-01-04', '2027-01-05', '15:00'],
    ]);
  });

  it('title edited here for one occurrence → on that instance there; one edited there → that occurrence’s title here; no loop', async () => {
    const daily = { startDate: '2027-03-01', endDate: '2027-03-01', repeatBy: 'day', repeatDuring: 'number', repeatDuringVal: '3' };
    const id = await createSchedule({ title: `${provider} standup`, address: 'Room 1', ...daily });
    await syncNow(provider);
    const edited = await api('POST', `/task/${id}`, {
      ...daily,
      title: `${provider} standup with the client`,
      address: 'Client office',
      startDate: '2027-03-02',
      endDate: '2027-03-02',
      startDateTime: '09:00',
      endDateTime: '10:00',
      scope: 'this',
      occurrenceDate: '2027-03-02',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    await syncNow(provider);
    const series = findThere(provider, `${provider} standup`)!;
    if (provider === 'google') {
      expect(double.google.events.get(`${series.id}_20270302`)!.body).toMatchObject({
        recurringEventId: series.id,
        originalStartTime: { dateTime: '2027-03-02T09:00:00', timeZone: 'Asia/Taipei' },
        summary: `${provider} standup with the client`,
        location: 'Client office',
        start: { dateTime: '2027-03-02T09:00:00', timeZone: 'Asia/Taipei' },
        end: { dateTime: '2027-03-02T10:00:00', timeZone: 'Asia/Taipei' },
        visibility: 'private',
        attendees: [],
      });
      expect(series.body).toMatchObject({ summary: `${provider} standup`, location: 'Room 1' });
    } else {
      expect(series.editedOccurrences.get('2027-03-02')).toEqual({
        subject: `${provider} standup with the client`,
        body: { contentType: 'text', content: '' },
        location: { displayName: 'Client office' },
      });
      // Only the texts: the occurrence keeps its time and the series its privacy.
      expect(series.movedOccurrences.has('2027-03-02')).toBe(false);
      expect(series.body).toMatchObject({ subject: `${provider} standup`, sensitivity: 'private', attendees: [] });
    }
    // Our own change coming back is no change: nothing more is written there.
    let writes = writesThere(provider);
    expect((await syncNow(provider)).pendingChanges).toBe(0);
    expect(writesThere(provider)).toBe(writes);

    double.editOccurrence(
      provider,
      series.id,
      '2027-03-03',
      provider === 'google'
        ? { summary: `${provider} standup online`, description: 'Meeting link in the invite' }
        : { subject: `${provider} standup online`, body: { contentType: 'text', content: 'Meeting link in the invite' } },
    );
    await syncNow(provider);
    const occurrences = (await between('2027-03-01', '2027-03-05')).filter((item) => item.scheduleId === id);
    expect(occurrences.map((item) => [item.occurrenceDate, item.title, item.startTime])).toEqual([
      ['2027-03-01', `${provider} standup`, '09:00'],
      ['2027-03-02', `${provider} standup with the client`, '09:00'],
      ['2027-03-03', `${provider} standup online`, '09:00'],
    ]);
    expect((await api('GET', `/task/${id}?occurrenceDate=2027-03-03`)).body.data).toMatchObject({ title: `${provider} standup online`, taskNote: 'Meeting link in the invite', address: 'Room 1' });
    expect((await api('GET', `/task/${id}?occurrenceDate=2027-03-02`)).body.data).toMatchObject({ title: `${provider} standup with the client`, address: 'Client office' });
    // The series itself is as it was.
    expect((await api('GET', `/task/${id}`)).body.data).toMatchObject({ title: `${provider} standup`, taskNote: null, address: 'Room 1' });
    // The pulled edit is not sent back (no loop).
    writes = writesThere(provider);
    expect((await syncNow(provider)).pendingChanges).toBe(0);
    expect(writesThere(provider)).toBe(writes);
  });

  it('create there → appears here as the account owner’s schedule; an all-day event stays all-day', async () => {
    double.createEvent(
      provider,
      calendarId,
      provider === 'google'
        ? { summary: `${provider} trade fair`, start: { date: '2026-12-15' }, end: { date: '2026-12-17' } }
        : { subject: `${provider} trade fair`, isAllDay: true, start: { dateTime: '2026-12-15T00:00:00', timeZone: 'Asia/Taipei' }, end: { dateTime: '2026-12-17T00:00:00', timeZone: 'Asia/Taipei' } },
    );
    await syncNow(provider);
    const items = (await between('2026-12-14', '2026-12-18')).filter((item) => item.title === `${provider} trade fair`);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ startDate: '2026-12-15', endDate: '2026-12-16', allDay: true });
    // Not sent back as a second event.
    expect(double.events(provider).filter((event) => titleOf(provider, event) === `${provider} trade fair`)).toHaveLength(1);
  });

  it('410 Gone on the sync token → full resync that also notices what was deleted meanwhile', async () => {
    const fair = findThere(provider, `${provider} trade fair`)!;
    double.deleteEvent(provider, fair.id);
    double.expireSyncTokens(provider);
    const account = await syncNow(provider);
    expect(account).toMatchObject({ status: 'idle', lastError: null });
    expect((await between('2026-12-14', '2026-12-18')).filter((item) => item.title === `${provider} trade fair`)).toHaveLength(0);
    // The other schedules survived the resync untouched.
    expect(datesOf(await between('2026-12-01', '2027-01-31'), seriesId)).toEqual(['2026-12-07', '2026-12-29', '2027-01-05']);
    // And the next incremental pull works with the new token.
    const path = provider === 'google' ? '/calendar/v3/calendars' : '/calendarView/delta';
    const before = double[provider].requests.filter((r) => r.path.includes(path)).length;
    await syncNow(provider);
    expect(double[provider].requests.filter((r) => r.path.includes(path)).length).toBeGreaterThan(before);
  });

  it('delete here → deleted there', async () => {
    expect((await api('DELETE', `/task/${singleId}/delete?type=all`)).status).toBe(200);
    await syncNow(provider);
    expect(findThere(provider, `${provider} call moved`)).toBeUndefined();
  });
});

describe('push outbox', () => {
  it('a failing provider keeps the change queued with backoff and shows the error; it goes out once the provider answers', async () => {
    const id = await createSchedule({ title: 'outbox retry', startDate: '2026-12-10', endDate: '2026-12-10' });
    double.expireAccessTokens('google');
    // The stored token is "valid" by its expiry, so the provider's 401 is what fails the push.
    const failed = await syncNow('google');
    expect(failed.status).toBe('error');
    expect(failed.lastError).toContain('401');
    // Queued: this one, plus the Outlook-side changes above that Google has not had yet.
    expect(failed.pendingChanges).toBeGreaterThanOrEqual(1);
    // Next attempt: make the token expire so it is refreshed, and let the retry fall due.
    const { calendarSyncAccounts, calendarSyncPushes } = await import('./calendar-sync.table.ts');
    await t.db.update(calendarSyncAccounts).set({ tokenExpiresAt: new Date(Date.now() - 1000) });
    await t.db.update(calendarSyncPushes).set({ runAt: new Date(Date.now() - 1000) });
    const recovered = await syncNow('google');
    expect(recovered).toMatchObject({ status: 'idle', pendingChanges: 0, lastError: null });
    expect(findThere('google', 'outbox retry')).toBeDefined();
    expect(id).toBeTruthy();
  });
});

describe('background sync acts only for current members', () => {
  it('the recurring job pulls for members, and not for a deactivated one', async () => {
    const { members } = await import('../../access/members/members.table.ts');
    const { and, eq } = await import('drizzle-orm');
    const { calendarSyncAccounts } = await import('./calendar-sync.table.ts');
    const { createSyncDeps, runSync } = await import('./calendar-sync.service.ts');
    await connectAccount(t.app, colleague.token, owner.orgId, 'google');
    await t.db.update(members).set({ status: 'deactivated' }).where(and(eq(members.orgId, owner.orgId), eq(members.userId, colleague.user.id)));
    double.createEvent('google', 'primary-google@example.com', { summary: 'job pulled', start: { dateTime: '2026-12-11T09:00:00', timeZone: 'Asia/Taipei' }, end: { dateTime: '2026-12-11T10:00:00', timeZone: 'Asia/Taipei' } });
    await t.db.update(calendarSyncAccounts).set({ pullAt: new Date(Date.now() - 1000) });
    await runSync(t.db, createSyncDeps(t.app.config), t.app.log);
    const { schedules } = await import('../schedules/schedules.table.ts');
    const pulled = await t.db.select({ ownerUserId: schedules.ownerUserId }).from(schedules).where(eq(schedules.title, 'job pulled'));
    // The owner's account pulled it once; the deactivated colleague's did not.
    expect(pulled).toEqual([{ ownerUserId: owner.user.id }]);
    // Activated again: their next pull brings it too.
    await t.db.update(members).set({ status: 'activated' }).where(and(eq(members.orgId, owner.orgId), eq(members.userId, colleague.user.id)));
    await t.db.update(calendarSyncAccounts).set({ pullAt: new Date(Date.now() - 1000) });
    await runSync(t.db, createSyncDeps(t.app.config), t.app.log);
    const again = await t.db.select({ ownerUserId: schedules.ownerUserId }).from(schedules).where(eq(schedules.title, 'job pulled'));
    expect(again.map((row) => row.ownerUserId).sort()).toEqual([owner.user.id, colleague.user.id].sort());
  });
});

describe('ICS feed content', () => {
  it('lists the user’s schedules as VEVENTs with RRULE, EXDATE and folded, escaped text that ical.js parses', async () => {
    const id = await createSchedule({
      title: '週會；Weekly sync, with a long title that needs folding because it is longer than seventy-five octets 很長很長',
      startDate: '2027-02-01',
      endDate: '2027-02-01',
      repeatBy: 'day',
      repeatDuring: 'number',
      repeatDuringVal: '3',
    });
    await api('DELETE', `/task/${id}/delete?type=this&occurrenceDate=2027-02-02`);
    const feedUrl = (await api('POST', '/calendar-feed')).body.data.url as string;
    const answer = await t.app.inject({ method: 'GET', url: new URL(feedUrl).pathname });
    expect(answer.body.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const calendar = new ICAL.Component(ICAL.parse(answer.body));
    const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
    const weekly = events.find((event) => event.uid === `${id}@lodestar`)!;
    expect(weekly.summary).toBe('週會；Weekly sync, with a long title that needs folding because it is longer than seventy-five octets 很長很長');
    expect(weekly.component.getFirstPropertyValue('class')).toBe('PRIVATE');
    expect(String(weekly.component.getFirstPropertyValue('rrule'))).toBe('FREQ=DAILY;COUNT=3');
    expect(weekly.component.getFirstProperty('exdate')!.toICALString()).toBe('EXDATE;TZID=Asia/Taipei:20270202T090000');
    const iterator = weekly.iterator();
    const starts: string[] = [];
    for (let next = iterator.next(); next && starts.length < 5; next = iterator.next()) starts.push(next.toString().slice(0, 10));
    // The cancelled occurrence is left out by the EXDATE.
    expect(starts).toEqual(['2027-02-01', '2027-02-03']);
    // The colleague's schedules are not in the owner's feed.
    expect(events.some((event) => String(event.summary).includes('colleague'))).toBe(false);
  });
});
