import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import type { ProviderDouble } from '../../../test/calendar-providers-double.ts';
import { connectAccount, syncFixture, testEncryptionKey, type SyncFixture } from '../../../test/calendar-sync.ts';
import { call, signedInOwner, type TestUser } from '../../../test/factories.ts';
import { calendarSyncAccounts } from './calendar-sync.table.ts';

let f: SyncFixture;
let t: TestApp;
let double: ProviderDouble;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let colleague: TestUser;

beforeAll(async () => {
  f = await syncFixture();
  ({ t, double, owner, colleague } = f);
  other = await signedInOwner(t.app, 'Other');
});
afterAll(async () => {
  await f?.close();
});

const url = (path: string, orgId = owner.orgId) => `/api${path}${path.includes('?') ? '&' : '?'}orgId=${orgId}`;

describe('connecting an account (OAuth authorization code)', () => {
  it('shows both providers as configured and not connected', async () => {
    const { status, body } = await call(t.app, 'GET', url('/calendar/sync'), { token: owner.token });
    expect(status).toBe(200);
    expect(body.data.providers).toEqual([
      { provider: 'google', configured: true, account: null },
      { provider: 'outlook', configured: true, account: null },
    ]);
  });

  it('connects Google: tokens exchanged at the token endpoint, stored encrypted, primary calendar chosen', async () => {
    const account = await connectAccount(t.app, owner.token, owner.orgId, 'google');
    expect(account).toMatchObject({ provider: 'google', email: 'sales@example.com', displayName: 'Sam Sales', syncType: 'twoWay', status: 'idle', calendarIds: ['primary-google@example.com'] });
    const [row] = await t.db.select().from(calendarSyncAccounts).where(eq(calendarSyncAccounts.id, account.id));
    // docs/product.md#fields fields are kept, never in plaintext.
    expect(row!.accessToken).toMatch(/^v1\./);
    expect(row!.accessToken).not.toContain('at-');
    expect(row!.refreshToken).toMatch(/^v1\./);
    expect(row!.idToken).toMatch(/^v1\./);
    const authorizeCall = double.google.requests.find((r) => r.path === '/google/oauth/authorize');
    expect(authorizeCall).toBeDefined();
  });

  it('connects Outlook through the Microsoft identity platform and Graph /me', async () => {
    const account = await connectAccount(t.app, owner.token, owner.orgId, 'outlook');
    expect(account).toMatchObject({ provider: 'outlook', email: 'olive@example.com', displayName: 'Olive Outlook', calendarIds: ['AAMkCalendar1'] });
  });

  it('refuses a forged or foreign state and a denied consent', async () => {
    const forged = await t.app.inject({ method: 'GET', url: '/api/calendar/google/callback?code=x&state=e30.bad' });
    expect(forged.statusCode).toBe(303);
    expect(forged.headers.location).toContain('outcome=invalid');
    const { body } = await call(t.app, 'GET', url('/calendar/google/authorize'), { token: colleague.token });
    const state = new URL(body.data.url).searchParams.get('state')!;
    // A Google state is not valid for Outlook.
    const crossed = await t.app.inject({ method: 'GET', url: `/api/calendar/outlook/callback?code=x&state=${encodeURIComponent(state)}` });
    expect(crossed.headers.location).toContain('outcome=invalid');
    const denied = await t.app.inject({ method: 'GET', url: `/api/calendar/google/callback?error=access_denied&state=${encodeURIComponent(state)}` });
    expect(denied.headers.location).toContain('outcome=denied');
    expect((await call(t.app, 'GET', url('/calendar/google/account'), { token: colleague.token })).status).toBe(404);
  });

  it('asks for the private calendar scope with offline access (Google) and offline_access (Graph)', async () => {
    const google = new URL((await call(t.app, 'GET', url('/calendar/google/authorize'), { token: owner.token })).body.data.url);
    expect(google.searchParams.get('access_type')).toBe('offline');
    expect(google.searchParams.get('scope')).toContain('https://www.googleapis.com/auth/calendar');
    expect(google.searchParams.get('redirect_uri')).toBe('http://lodestar.test/api/calendar/google/callback');
    const outlook = new URL((await call(t.app, 'GET', url('/calendar/outlook/authorize'), { token: owner.token })).body.data.url);
    expect(outlook.pathname).toBe('/microsoft/oauth2/v2.0/authorize');
    expect(outlook.searchParams.get('scope')).toContain('offline_access');
    expect(outlook.searchParams.get('scope')).toContain('Calendars.ReadWrite');
  });
});

describe('calendars, sync type, refresh, cancel', () => {
  it('lists the provider calendars with the chosen ones marked, and chooses others', async () => {
    const { body } = await call(t.app, 'GET', url('/calendar/google/calendars'), { token: owner.token });
    expect(body.data).toEqual([
      { id: 'primary-google@example.com', name: 'Work', primary: true, selected: true },
      { id: 'family@group.calendar.google.com', name: 'Family', primary: false, selected: false },
    ]);
    const chosen = await call(t.app, 'PUT', url('/calendar/google/calendars'), { token: owner.token, body: { calendarIds: ['primary-google@example.com', 'family@group.calendar.google.com'] } });
    expect(chosen.body.data.calendarIds).toEqual(['primary-google@example.com', 'family@group.calendar.google.com']);
    const unknown = await call(t.app, 'PUT', url('/calendar/google/calendars'), { token: owner.token, body: { calendarIds: ['nope'] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errorMessage).toContain('calendarIds');
    await call(t.app, 'PUT', url('/calendar/google/calendars'), { token: owner.token, body: { calendarIds: ['primary-google@example.com'] } });
  });

  it('sets the sync type and validates it', async () => {
    const { body } = await call(t.app, 'PUT', url('/calendar/outlook/synctype'), { token: owner.token, body: { syncType: 'toProvider' } });
    expect(body.data.syncType).toBe('toProvider');
    expect((await call(t.app, 'PUT', url('/calendar/outlook/synctype'), { token: owner.token, body: { syncType: 'sideways' } })).status).toBe(400);
    await call(t.app, 'PUT', url('/calendar/outlook/synctype'), { token: owner.token, body: { syncType: 'twoWay' } });
  });

  it('refreshes an expired access token with the refresh token and stores the new one encrypted', async () => {
    const [before] = await t.db.select().from(calendarSyncAccounts).where(eq(calendarSyncAccounts.provider, 'google'));
    await t.db.update(calendarSyncAccounts).set({ tokenExpiresAt: new Date(Date.now() - 1000) }).where(eq(calendarSyncAccounts.id, before!.id));
    double.expireAccessTokens('google');
    const { status } = await call(t.app, 'GET', url('/calendar/google/calendars'), { token: owner.token });
    expect(status).toBe(200);
    const [after] = await t.db.select().from(calendarSyncAccounts).where(eq(calendarSyncAccounts.id, before!.id));
    expect(after!.accessToken).not.toBe(before!.accessToken);
    expect(after!.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it('another workspace and another user of the same workspace cannot see or touch the account', async () => {
    for (const [token, orgId] of [
      [other.token, other.orgId],
      [colleague.token, owner.orgId],
    ] as const) {
      expect((await call(t.app, 'GET', url('/calendar/google/account', orgId), { token })).status).toBe(404);
      expect((await call(t.app, 'GET', url('/calendar/google/calendars', orgId), { token })).status).toBe(404);
      expect((await call(t.app, 'PUT', url('/calendar/google/synctype', orgId), { token, body: { syncType: 'fromProvider' } })).status).toBe(404);
      expect((await call(t.app, 'DELETE', url('/calendar/google/cancel', orgId), { token })).status).toBe(404);
    }
    // Naming the owner's workspace from outside it is refused by membership (platform rule).
    expect((await call(t.app, 'GET', url('/calendar/google/account'), { token: other.token })).body.errorCode).toBe('ORG_NOT_MEMBER');
    const still = await call(t.app, 'GET', url('/calendar/google/account'), { token: owner.token });
    expect(still.body.data.syncType).toBe('twoWay');
  });

  it('cancel disconnects: tokens deleted', async () => {
    const { status } = await call(t.app, 'DELETE', url('/calendar/outlook/cancel'), { token: owner.token });
    expect(status).toBe(200);
    expect(await t.db.select().from(calendarSyncAccounts).where(eq(calendarSyncAccounts.provider, 'outlook'))).toHaveLength(0);
    expect((await call(t.app, 'GET', url('/calendar/outlook/account'), { token: owner.token })).body.errorCode).toBe('CALENDAR_ACCOUNT_NOT_FOUND');
  });

  it('answers anonymous calls 401', async () => {
    expect((await call(t.app, 'GET', url('/calendar/sync'))).status).toBe(401);
  });
});

describe('the private ICS feed', () => {
  it('has no URL until made; the URL serves text/calendar without auth; regenerate and revoke kill the old one', async () => {
    expect((await call(t.app, 'GET', url('/calendar-feed'), { token: owner.token })).body.data.url).toBeNull();
    const made = (await call(t.app, 'POST', url('/calendar-feed'), { token: owner.token })).body.data.url as string;
    expect(made).toMatch(/^http:\/\/lodestar\.test\/api\/calendar-feed\/[A-Za-z0-9_-]+\.ics$/);
    expect((await call(t.app, 'GET', url('/calendar-feed'), { token: owner.token })).body.data.url).toBe(made);
    const path = new URL(made).pathname;
    const feed = await t.app.inject({ method: 'GET', url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    const parsed = new ICAL.Component(ICAL.parse(feed.body));
    expect(parsed.name).toBe('vcalendar');

    const again = (await call(t.app, 'POST', url('/calendar-feed'), { token: owner.token })).body.data.url as string;
    expect(again).not.toBe(made);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    await call(t.app, 'DELETE', url('/calendar-feed'), { token: owner.token });
    expect((await t.app.inject({ method: 'GET', url: new URL(again).pathname })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', url('/calendar-feed', other.orgId), { token: other.token })).body.data.url).toBeNull();
  });
});

describe('not configured', () => {
  it('says so and refuses to connect', async () => {
    const bare = await buildTestApp({ ENCRYPTION_KEY: testEncryptionKey });
    try {
      const user = await signedInOwner(bare.app);
      const overview = await call(bare.app, 'GET', `/api/calendar/sync?orgId=${user.orgId}`, { token: user.token });
      expect(overview.body.data.providers.map((p: { configured: boolean }) => p.configured)).toEqual([false, false]);
      const refused = await call(bare.app, 'GET', `/api/calendar/google/authorize?orgId=${user.orgId}`, { token: user.token, locale: 'en-US' });
      expect(refused.status).toBe(409);
      expect(refused.body.errorMessage).toBe('This calendar service is not set up on this server; ask your administrator');
    } finally {
      await bare.close();
    }
  });
});
