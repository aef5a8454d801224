import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppleDouble, type AppleDouble, type AppleIdentityInput, type AppleMisbehaviour } from '../../../test/apple-double.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { call, registerUser, uniqueEmail } from '../../../test/factories.ts';
import { users } from '../users/users.table.ts';

let apple: AppleDouble;
let t: TestApp;
beforeAll(async () => {
  apple = await startAppleDouble();
  t = await buildTestApp(apple.env);
});
afterAll(async () => {
  await t?.close();
  await apple?.close();
});

let subjects = 0;
function identity(email = uniqueEmail('apple'), extra: Partial<AppleIdentityInput> = {}): AppleIdentityInput {
  subjects += 1;
  return { sub: `001234.${Date.now().toString(16)}${subjects}.0001`, email, ...extra };
}

/** start → "Apple's page" → the form post Apple's browser makes → where the server sends the browser. */
async function signInAtApple(who: AppleIdentityInput, options: { misbehave?: AppleMisbehaviour; redirect?: string; fields?: Record<string, string> } = {}) {
  const started = await call(t.app, 'POST', '/api/auth/apple/start', { body: { redirect: options.redirect ?? null } });
  expect(started.status).toBe(200);
  apple.misbehaveOnce(options.misbehave);
  const fields = { ...apple.consent(started.body.data.url, who), ...options.fields };
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/apple/callback',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  expect(response.statusCode).toBe(303);
  const location = new URL(String(response.headers.location), 'http://x');
  expect(location.pathname).toBe('/user/apple-logining');
  return { location, fields, authorizeUrl: new URL(started.body.data.url) };
}

async function finish(ticket: string) {
  return call(t.app, 'POST', '/api/auth/apple/session', { body: { ticket } });
}

describe('Sign in with Apple', () => {
  it('says it is enabled, and sends the browser to Apple with form_post, state and nonce', async () => {
    expect((await call(t.app, 'GET', '/api/auth/apple/config')).body.data).toEqual({ enabled: true });
    const { authorizeUrl } = await signInAtApple(identity());
    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(`${apple.url}/auth/authorize`);
    const q = authorizeUrl.searchParams;
    expect(q.get('response_mode')).toBe('form_post');
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')).toBe('name email');
    expect(q.get('client_id')).toBe(apple.env.APPLE_SERVICES_ID);
    expect(q.get('redirect_uri')).toBe('http://lodestar.test/api/auth/apple/callback');
    expect(q.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(q.get('nonce')).toMatch(/^[\w-]{20,}$/);
  });

  it('creates an account for a new Apple user (a private relay address), with the name Apple shared, and a working session', async () => {
    const email = `${Date.now().toString(36)}@privaterelay.appleid.com`;
    const { location } = await signInAtApple(identity(email, { isPrivateEmail: true, firstName: '小明', lastName: '王' }), { redirect: '/targets' });
    const ticket = location.searchParams.get('ticket')!;
    expect(ticket).toBeTruthy();
    const session = await finish(ticket);
    expect(session.status).toBe(200);
    expect(session.body.data).toMatchObject({ user: { email, firstName: '小明', lastName: '王' }, redirect: '/targets' });
    const profile = await call(t.app, 'GET', '/api/profile', { token: session.body.data.token });
    expect(profile.body.data.email).toBe(email);
    // The ticket is single use.
    expect((await finish(ticket)).body).toMatchObject({ errorCode: 'APPLE_STATE_INVALID' });
  });

  it('links an existing account by its verified email, and the same Apple id signs in to it again', async () => {
    const existing = await registerUser(t.app);
    const who = identity(existing.email);
    const first = await finish((await signInAtApple(who)).location.searchParams.get('ticket')!);
    expect(first.body.data.user.id).toBe(existing.user.id);
    const [row] = await t.db.select().from(users).where(eq(users.id, existing.user.id));
    expect(row!.appleSubject).toBe(who.sub);
    // Apple may later relay another address: the Apple id decides.
    const again = await finish((await signInAtApple({ ...who, email: uniqueEmail('changed') })).location.searchParams.get('ticket')!);
    expect(again.body.data.user.id).toBe(existing.user.id);
  });

  it.each([
    ['signature', 'APPLE_TOKEN_SIGNATURE_INVALID'],
    ['audience', 'APPLE_TOKEN_AUDIENCE_INVALID'],
    ['expired', 'APPLE_TOKEN_EXPIRED'],
    ['nonce', 'APPLE_NONCE_INVALID'],
  ] as const)('refuses an ID token with a bad %s (%s), creating nothing', async (misbehave, code) => {
    const email = uniqueEmail('refused');
    const { location } = await signInAtApple(identity(email), { misbehave });
    expect(location.searchParams.get('ticket')).toBeNull();
    expect(location.searchParams.get('error')).toBe(code);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('refuses a replayed nonce (a token minted for an earlier sign-in) and a replayed state', async () => {
    const first = await signInAtApple(identity());
    const usedNonce = apple.issuedNonces.at(-1)!;
    apple.replayNonce(usedNonce);
    try {
      const replay = await signInAtApple(identity());
      expect(replay.location.searchParams.get('error')).toBe('APPLE_NONCE_INVALID');
    } finally {
      apple.replayNonce(undefined);
    }
    // The same form post again: its state was claimed the first time.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/apple/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(first.fields).toString(),
    });
    expect(new URL(String(again.headers.location), 'http://x').searchParams.get('error')).toBe('APPLE_STATE_INVALID');
  });

  it('refuses a cancelled authorization and an unknown ticket with a clear, localized error', async () => {
    const cancelled = await signInAtApple(identity(), { fields: { error: 'user_cancelled_authorize' } });
    expect(cancelled.location.searchParams.get('error')).toBe('APPLE_AUTHORIZATION_FAILED');
    const unknown = await call(t.app, 'POST', '/api/auth/apple/session', { body: { ticket: 'nope' }, locale: 'en-US' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errorMessage).toBe('The Apple sign-in has expired or was already used; please sign in again');
    const missing = await call(t.app, 'POST', '/api/auth/apple/session', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.details[0]).toMatchObject({ field: 'ticket' });
  });
});

describe('Sign in with Apple, not configured', () => {
  it('says so, and start answers 404 APPLE_NOT_CONFIGURED', async () => {
    const off = await buildTestApp();
    try {
      expect((await call(off.app, 'GET', '/api/auth/apple/config')).body.data).toEqual({ enabled: false });
      const start = await call(off.app, 'POST', '/api/auth/apple/start', { body: {} });
      expect(start.status).toBe(404);
      expect(start.body.errorCode).toBe('APPLE_NOT_CONFIGURED');
    } finally {
      await off.close();
    }
  });
});
