import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { call, createOrg, defaultPassword, readMail, registerUser, uniqueEmail } from '../../../test/factories.ts';
import { loginAttempts, passwordResetCodes, sessions, users } from './users.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function codeFromMail(email: string): Promise<{ code: string; link: string }> {
  const [mail] = await readMail(t.app, t.db, email);
  if (!mail) throw new Error(`no mail for ${email}`);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  const link = /(http\S+resetPassword\?code=\S+)/.exec(mail.text)?.[1];
  if (!code || !link) throw new Error(`no code in ${mail.text}`);
  return { code, link: decodeURIComponent(new URL(link).searchParams.get('code')!) };
}

async function requestCode(email: string) {
  const response = await call(t.app, 'POST', '/api/forget/pwd/code', { body: { email } });
  expect(response.status).toBe(200);
  return codeFromMail(email);
}

describe('register', () => {
  it('creates the account and answers a session', async () => {
    const email = uniqueEmail();
    const { status, body } = await call(t.app, 'POST', '/api/register', {
      body: { email: email.toUpperCase(), password: defaultPassword, firstName: 'Ada', lastName: 'Lin' },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ result: 'success', errorMessage: null, errorCode: null });
    expect(body.data.token).toMatch(/^[\w-]{43}$/);
    expect(body.data.user).toEqual({ id: expect.any(String), firstName: 'Ada', lastName: 'Lin', email, orgId: null, avatar: null });
    // Only the hash of the token is stored; the password is scrypt.
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row!.passwordHash).toMatch(/^scrypt\$16384\$8\$1\$/);
    const stored = await t.db.select().from(sessions).where(eq(sessions.userId, row!.id));
    expect(stored[0]!.tokenHash).not.toContain(body.data.token);
  });

  it('names the field of each validation rule, in zh-TW by default and en-US on request', async () => {
    const missing = await call(t.app, 'POST', '/api/register', { body: { password: defaultPassword, firstName: 'A', lastName: 'B' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ result: 'fail', data: null, errorCode: 'VALIDATION_FAILED' });
    expect(missing.body.details[0]).toMatchObject({ field: 'email', reason: 'required' });
    expect(missing.body.errorMessage).toBe('欄位「電子郵件」：此欄位為必填');

    const badEmail = await call(t.app, 'POST', '/api/register', {
      locale: 'en-US',
      body: { email: 'nope', password: defaultPassword, firstName: 'A', lastName: 'B' },
    });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.details[0]).toMatchObject({ field: 'email', reason: 'invalidEmail', message: 'Invalid email address' });
    expect(badEmail.body.errorMessage).toBe('Field "Email": Invalid email address');

    const blankName = await call(t.app, 'POST', '/api/register', {
      locale: 'zh-CN',
      body: { email: uniqueEmail(), password: defaultPassword, firstName: '  ', lastName: 'B' },
    });
    expect(blankName.body.details[0]).toMatchObject({ field: 'firstName', reason: 'required' });
    expect(blankName.body.errorMessage).toBe('字段“名”：此字段为必填');
  });

  it('refuses weak passwords and taken emails', async () => {
    const weak = await call(t.app, 'POST', '/api/register', {
      body: { email: uniqueEmail(), password: 'password123', firstName: 'A', lastName: 'B' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.errorCode).toBe('AUTH_WEAK_PASSWORD');

    const user = await registerUser(t.app);
    const taken = await call(t.app, 'POST', '/api/register', {
      locale: 'en-US',
      body: { email: user.email.toUpperCase(), password: defaultPassword, firstName: 'A', lastName: 'B' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ errorCode: 'AUTH_EMAIL_TAKEN', errorMessage: 'This email is already registered' });
  });
});

describe('login, logout and sessions', () => {
  it('logs in, reaches the profile, and logout revokes the token', async () => {
    const user = await registerUser(t.app);
    const login = await call(t.app, 'POST', '/api/login', { body: { email: user.email, password: user.password } });
    expect(login.status).toBe(200);
    const token = login.body.data.token;
    expect(login.body.data.user.email).toBe(user.email);

    expect((await call(t.app, 'GET', '/api/profile', { token })).status).toBe(200);
    const logout = await call(t.app, 'POST', '/api/logout', { token });
    expect(logout.body).toEqual({ result: 'success', data: null, errorMessage: null, errorCode: null });
    const after = await call(t.app, 'GET', '/api/profile', { token });
    expect(after.status).toBe(401);
    expect(after.body.errorCode).toBe('UNAUTHENTICATED');
    // The other session of the same user is untouched.
    expect((await call(t.app, 'GET', '/api/profile', { token: user.token })).status).toBe(200);
  });

  it('answers 401 without a token, with a garbage token and with an expired session', async () => {
    expect((await call(t.app, 'GET', '/api/profile')).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/profile', { token: 'x'.repeat(43) })).status).toBe(401);
    const user = await registerUser(t.app);
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, user.user.id));
    expect((await call(t.app, 'GET', '/api/profile', { token: user.token })).status).toBe(401);
  });

  it('rejects a wrong password with the same answer as an unknown email', async () => {
    const user = await registerUser(t.app);
    const wrong = await call(t.app, 'POST', '/api/login', { body: { email: user.email, password: 'wrong-pass-1' } });
    const unknown = await call(t.app, 'POST', '/api/login', { body: { email: uniqueEmail(), password: 'wrong-pass-1' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.errorCode).toBe('AUTH_INVALID_CREDENTIALS');
  });
});

describe('login throttling', () => {
  it('locks an account after 5 failures, survives a restart, and grows exponentially', async () => {
    const user = await registerUser(t.app);
    for (let i = 0; i < 5; i++) {
      const r = await call(t.app, 'POST', '/api/login', { body: { email: user.email, password: 'bad-pass-1' } });
      expect(r.body.errorCode).toBe('AUTH_INVALID_CREDENTIALS');
    }
    // Even the right password waits now; the lock lives in the database, so a restart keeps it.
    await t.db
      .update(loginAttempts)
      .set({ lockedUntil: sql`now() + interval '60 seconds'` })
      .where(eq(loginAttempts.key, `account:${user.email}`));
    const app = await t.rebuild();
    const locked = await call(app, 'POST', '/api/login', { locale: 'en-US', body: { email: user.email, password: user.password } });
    expect(locked.status).toBe(429);
    expect(locked.body.errorCode).toBe('AUTH_TOO_MANY_ATTEMPTS');
    // The seconds left, counted down from 60 across a rebuilt app (several seconds on a loaded machine).
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(50);
    expect(locked.body.errorMessage).toBe(`Too many attempts, please try again in ${retryAfter} seconds`);

    // The 10th consecutive failure locks for 2^(10-5) = 32 seconds.
    await t.db
      .update(loginAttempts)
      .set({ failures: 9, lockedUntil: null })
      .where(eq(loginAttempts.key, `account:${user.email}`));
    await call(app, 'POST', '/api/login', { body: { email: user.email, password: 'bad-pass-1' } });
    const escalated = await call(app, 'POST', '/api/login', { body: { email: user.email, password: user.password } });
    expect(escalated.status).toBe(429);
    expect(escalated.body.errorMessage).toMatch(/3[12] 秒/);

    // Capped at 15 minutes.
    await t.db.update(loginAttempts).set({ failures: 40, lockedUntil: null }).where(eq(loginAttempts.key, `account:${user.email}`));
    await call(app, 'POST', '/api/login', { body: { email: user.email, password: 'bad-pass-1' } });
    const [row] = await t.db.select().from(loginAttempts).where(eq(loginAttempts.key, `account:${user.email}`));
    expect(row!.lockedUntil!.getTime() - Date.now()).toBeLessThanOrEqual(900_000);
    expect(row!.lockedUntil!.getTime() - Date.now()).toBeGreaterThan(890_000);

    // Once the lock has passed, success clears the account counter.
    await t.db.update(loginAttempts).set({ lockedUntil: null }).where(eq(loginAttempts.key, `account:${user.email}`));
    expect((await call(app, 'POST', '/api/login', { body: { email: user.email, password: user.password } })).status).toBe(200);
    expect(await t.db.select().from(loginAttempts).where(eq(loginAttempts.key, `account:${user.email}`))).toHaveLength(0);
  });

  it('locks an IP for 15 minutes after 20 failures across accounts', async () => {
    await t.db.delete(loginAttempts);
    for (let i = 0; i < 20; i++) {
      await call(t.app, 'POST', '/api/login', { body: { email: uniqueEmail('spray'), password: 'bad-pass-1' } });
    }
    const user = await registerUser(t.app);
    const blocked = await call(t.app, 'POST', '/api/login', { body: { email: user.email, password: user.password } });
    expect(blocked.status).toBe(429);
    expect(blocked.body.errorMessage).toMatch(/(899|900) 秒/);
    await t.db.delete(loginAttempts);
  });
});

describe('profile', () => {
  it('reads and updates the profile with purchaseInfo and the default workspace', async () => {
    const user = await registerUser(t.app, { firstName: 'Mei', lastName: 'Chen' });
    const before = await call(t.app, 'GET', '/api/profile', { token: user.token });
    expect(before.body.data).toMatchObject({
      email: user.email,
      language: 'zh-TW',
      orgId: null,
      orgName: null,
      userFullnameInOrg: null,
      purchaseInfo: { productId: 'free' },
    });
    const orgId = await createOrg(t.app, user.token, 'Studio');
    const updated = await call(t.app, 'POST', '/api/profile', {
      token: user.token,
      body: { firstName: 'May', avatar: 'https://example.com/a.png', language: 'en-US' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      firstName: 'May',
      lastName: 'Chen',
      avatar: 'https://example.com/a.png',
      language: 'en-US',
      orgId,
      orgName: 'Studio',
      userFullnameInOrg: 'May Chen',
    });
    const bad = await call(t.app, 'POST', '/api/profile', { token: user.token, body: { language: 'fr-FR' } });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe('language');
  });
});

describe('forgot password with the emailed code', () => {
  it('answers the same for unknown emails and mails a 6-digit code and a link to known ones', async () => {
    const user = await registerUser(t.app);
    const known = await call(t.app, 'POST', '/api/forget/pwd/code', { body: { email: user.email } });
    const unknownEmail = uniqueEmail('ghost');
    const unknown = await call(t.app, 'POST', '/api/forget/pwd/code', { body: { email: unknownEmail } });
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(await readMail(t.app, t.db, unknownEmail)).toHaveLength(0);
    const [mail] = await readMail(t.app, t.db, user.email);
    expect(mail!.text).toMatch(/\b\d{6}\b/);
    expect(mail!.text).toContain('http://lodestar.test/user/resetPassword?code=');
  });

  it('checks, changes the password, revokes every session and is single-use', async () => {
    const user = await registerUser(t.app);
    const { code } = await requestCode(user.email);
    expect((await call(t.app, 'POST', '/api/forget/pwd/code/check', { body: { email: user.email, code } })).status).toBe(200);

    const mismatch = await call(t.app, 'POST', '/api/forget/pwd/change', {
      body: { email: user.email, code, newPassword: 'new-secret-9', rePassword: 'new-secret-8' },
    });
    expect(mismatch.body.errorCode).toBe('AUTH_PASSWORD_MISMATCH');
    const weak = await call(t.app, 'POST', '/api/forget/pwd/change', {
      body: { email: user.email, code, newPassword: 'abcdefgh', rePassword: 'abcdefgh' },
    });
    expect(weak.body.errorCode).toBe('AUTH_WEAK_PASSWORD');
    const badCode = await call(t.app, 'POST', '/api/forget/pwd/change', {
      body: { email: user.email, code: '12345', newPassword: 'new-secret-9', rePassword: 'new-secret-9' },
    });
    expect(badCode.body.details[0].field).toBe('code');

    const changed = await call(t.app, 'POST', '/api/forget/pwd/change', {
      body: { email: user.email, code, newPassword: 'new-secret-9', rePassword: 'new-secret-9' },
    });
    expect(changed.status).toBe(200);
    expect((await call(t.app, 'GET', '/api/profile', { token: user.token })).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/login', { body: { email: user.email, password: 'new-secret-9' } })).status).toBe(200);

    const reused = await call(t.app, 'POST', '/api/forget/pwd/change', {
      body: { email: user.email, code, newPassword: 'other-secret-9', rePassword: 'other-secret-9' },
    });
    expect(reused.status).toBe(400);
    expect(reused.body.errorCode).toBe('AUTH_CODE_INVALID');
  });

  it('validates the email and lets only one of two concurrent uses of a code win', async () => {
    const bad = await call(t.app, 'POST', '/api/forget/pwd/code', { locale: 'en-US', body: { email: 'not-mail' } });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0]).toMatchObject({ field: 'email', reason: 'invalidEmail' });

    const user = await registerUser(t.app);
    const { code } = await requestCode(user.email);
    const attempt = (password: string) =>
      call(t.app, 'POST', '/api/forget/pwd/change', { body: { email: user.email, code, newPassword: password, rePassword: password } });
    const results = await Promise.all([attempt('first-secret-1'), attempt('second-secret-2')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('expires codes after 10 minutes', async () => {
    const user = await registerUser(t.app);
    const { code } = await requestCode(user.email);
    await t.db
      .update(passwordResetCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetCodes.userId, user.user.id));
    const expired = await call(t.app, 'POST', '/api/forget/pwd/code/check', { locale: 'en-US', body: { email: user.email, code } });
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({ errorCode: 'AUTH_CODE_INVALID', errorMessage: 'The code is wrong or has expired' });
    const [row] = await t.db.select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, user.user.id));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(10 * 60_000 + 1000);
  });

  it('kills a code after 5 wrong tries', async () => {
    const user = await registerUser(t.app);
    const { code } = await requestCode(user.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const r = await call(t.app, 'POST', '/api/forget/pwd/code/check', { body: { email: user.email, code: wrong } });
      expect(r.body.errorCode).toBe('AUTH_CODE_INVALID');
    }
    const right = await call(t.app, 'POST', '/api/forget/pwd/code/check', { body: { email: user.email, code } });
    expect(right.body.errorCode).toBe('AUTH_CODE_INVALID');
  });

  it('voids the older code when a new one is requested', async () => {
    const user = await registerUser(t.app);
    const first = await requestCode(user.email);
    const second = await requestCode(user.email);
    if (first.code !== second.code) {
      const old = await call(t.app, 'POST', '/api/forget/pwd/code/check', { body: { email: user.email, code: first.code } });
      expect(old.body.errorCode).toBe('AUTH_CODE_INVALID');
    }
    expect((await call(t.app, 'GET', `/api/user/pwd/checkResetPwd?code=${first.link}`)).status).toBe(400);
    const fresh = await call(t.app, 'POST', '/api/forget/pwd/code/check', { body: { email: user.email, code: second.code } });
    expect(fresh.status).toBe(200);
  });
});

describe('reset with the emailed link', () => {
  it('shows the masked email, resets, revokes sessions, and voids the code too', async () => {
    const user = await registerUser(t.app, { email: `zoe.${Date.now()}@example.com` });
    const { code, link } = await requestCode(user.email);
    const check = await call(t.app, 'GET', `/api/user/pwd/checkResetPwd?code=${encodeURIComponent(link)}`);
    expect(check.status).toBe(200);
    expect(check.body.data).toEqual({ email: 'z***@example.com' });

    const mismatch = await call(t.app, 'POST', '/api/user/pwd/reset', {
      body: { code: link, newPassword: 'new-secret-9', rePassword: 'nope-secret-9' },
    });
    expect(mismatch.body.errorCode).toBe('AUTH_PASSWORD_MISMATCH');

    const reset = await call(t.app, 'POST', '/api/user/pwd/reset', {
      body: { code: link, newPassword: 'new-secret-9', rePassword: 'new-secret-9' },
    });
    expect(reset.status).toBe(200);
    expect((await call(t.app, 'GET', '/api/profile', { token: user.token })).status).toBe(401);
    // One grant: the link is used up and so is the 6-digit code.
    expect((await call(t.app, 'GET', `/api/user/pwd/checkResetPwd?code=${encodeURIComponent(link)}`)).status).toBe(400);
    const codeAfter = await call(t.app, 'POST', '/api/forget/pwd/code/check', { body: { email: user.email, code } });
    expect(codeAfter.body.errorCode).toBe('AUTH_CODE_INVALID');
  });

  it('rejects unknown link tokens and a too-short one names the field', async () => {
    const unknown = await call(t.app, 'GET', `/api/user/pwd/checkResetPwd?code=${'a'.repeat(43)}`);
    expect(unknown.body.errorCode).toBe('AUTH_CODE_INVALID');
    const short = await call(t.app, 'GET', '/api/user/pwd/checkResetPwd?code=abc');
    expect(short.status).toBe(400);
    expect(short.body.details[0].field).toBe('code');
  });
});

describe('change password while signed in', () => {
  it('checks the current password, revokes every session and keeps this device signed in', async () => {
    const user = await registerUser(t.app);
    const other = await call(t.app, 'POST', '/api/login', { body: { email: user.email, password: user.password } });
    const wrong = await call(t.app, 'POST', '/api/user/pwd/change', {
      token: user.token,
      body: { currentPassword: 'not-it-123', newPassword: 'new-secret-9', rePassword: 'new-secret-9' },
    });
    expect(wrong.body.errorCode).toBe('AUTH_CURRENT_PASSWORD_WRONG');
    const weak = await call(t.app, 'POST', '/api/user/pwd/change', {
      token: user.token,
      body: { currentPassword: user.password, newPassword: '11111111', rePassword: '11111111' },
    });
    expect(weak.body.errorCode).toBe('AUTH_WEAK_PASSWORD');
    const mismatch = await call(t.app, 'POST', '/api/user/pwd/change', {
      token: user.token,
      body: { currentPassword: user.password, newPassword: 'new-secret-9', rePassword: 'new-secret-0' },
    });
    expect(mismatch.body.errorCode).toBe('AUTH_PASSWORD_MISMATCH');

    const changed = await call(t.app, 'POST', '/api/user/pwd/change', {
      token: user.token,
      body: { currentPassword: user.password, newPassword: 'new-secret-9', rePassword: 'new-secret-9' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.user.id).toBe(user.user.id);
    expect((await call(t.app, 'GET', '/api/profile', { token: user.token })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/profile', { token: other.body.data.token })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/profile', { token: changed.body.data.token })).status).toBe(200);
    expect((await call(t.app, 'POST', '/api/user/pwd/change', { body: {} })).status).toBe(401);
  });
});
