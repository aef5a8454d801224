import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { parseConfig } from '../config.ts';
import { DataDirLockedError, lockDataDir, openDatabase } from '../db/client.ts';
import { buildTestApp, testConfig, type TestApp } from '../test/build-test-app.ts';
import { call, registerUser } from '../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // Routes that fail the way real bugs do, to check what leaks.
  t.app.get('/api/test/boom', async () => {
    throw new Error('secret internals at /srv/lodestar/app.ts:42');
  });
  t.app.get('/api/test/sql', async () => {
    await t.db.execute(sql`select * from no_such_table_xyz`);
    return 'unreachable';
  });
  t.app.post('/api/test/echo', async (request) => ({ size: JSON.stringify(request.body).length }));
});
afterAll(async () => {
  await t?.close();
});

describe('platform', () => {
  it('answers health with the engine, and a request id header', async () => {
    const response = await call(t.app, 'GET', '/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      result: 'success',
      data: { status: 'ok', database: t.database.kind },
      errorMessage: null,
      errorCode: null,
    });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('publishes OpenAPI with every route and the envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    for (const route of [
      '/api/register', '/api/login', '/api/logout', '/api/profile', '/api/forget/pwd/code', '/api/forget/pwd/code/check',
      '/api/forget/pwd/change', '/api/user/pwd/change', '/api/user/pwd/checkResetPwd', '/api/user/pwd/reset',
      '/api/organizations/create', '/api/organizations/list', '/api/organizations/get', '/api/organizations/getDefault',
      '/api/organizations/update', '/api/organizations/delete', '/api/organizations/changeName', '/api/organizations/setDefault',
      '/api/privilege/user/isSystemAdministrator', '/api/privilege/user/features', '/api/health',
    ]) {
      expect(doc.paths[route], route).toBeDefined();
    }
    const loginAnswer = doc.paths['/api/login'].post.responses['200'].content['application/json'].schema;
    expect(Object.keys(loginAnswer.properties)).toEqual(['result', 'data', 'errorMessage', 'errorCode']);
    // The failure answer is one shared response and schema (platform/openapi-components.ts).
    expect(doc.paths['/api/login'].post.responses['4XX']).toEqual({ $ref: '#/components/responses/Refused' });
    expect(doc.components.responses.Refused.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
    expect(doc.components.schemas.ErrorEnvelope.properties.errorCode).toBeDefined();
    // The contract's shared answers are named components, referred to rather than repeated (openapi-components.ts).
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['Contact', 'Company', 'Deal', 'DealRow', 'ImportDetail', 'Reservation', 'UserRef']));
    expect(JSON.stringify(doc.paths['/api/page/customer/view/{id}'].get.responses['200'])).toContain('"#/components/schemas/Contact"');
    // Every component is used: none left over from the input/output pairs.
    const text = JSON.stringify(doc.paths) + JSON.stringify(doc.components);
    expect(Object.keys(doc.components.schemas).filter((name) => !text.includes(`"#/components/schemas/${name}"`))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('answers unknown API routes with the 404 envelope in the caller language', async () => {
    const zh = await call(t.app, 'GET', '/api/nothing-here');
    expect(zh.status).toBe(404);
    expect(zh.body).toEqual({ result: 'fail', data: null, errorMessage: '找不到此功能', errorCode: 'ROUTE_NOT_FOUND' });
    const en = await call(t.app, 'POST', '/api/nothing-here', { locale: 'en-US,en;q=0.9' });
    expect(en.body.errorMessage).toBe('No such endpoint');
  });

  it('answers 500 without stack traces or SQL', async () => {
    for (const url of ['/api/test/boom', '/api/test/sql']) {
      const response = await call(t.app, 'GET', url, { locale: 'en-US' });
      expect(response.status).toBe(500);
      expect(response.body).toEqual({ result: 'fail', data: null, errorMessage: 'Please try again later', errorCode: 'INTERNAL' });
      expect(JSON.stringify(response.body)).not.toMatch(/secret|no_such_table|stack|at \//);
    }
  });

  it('answers 413 for a body over the limit and 400 for malformed JSON', async () => {
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ blob: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ result: 'fail', errorCode: 'BODY_TOO_LARGE', errorMessage: '上傳的內容過大' });
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ result: 'fail', errorCode: 'VALIDATION_FAILED' });
  });

  it('keeps CORS closed by default', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('configuration', () => {
  it('has defaults and lists every problem', () => {
    const good = parseConfig({});
    expect(good.ok && good.config).toMatchObject({ port: 3000, host: '0.0.0.0', publicUrl: 'http://localhost:3000', corsOrigins: [] });
    const proxied = parseConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' });
    expect(proxied.ok && proxied.config.trustProxy).toEqual(['10.0.0.1', '10.0.0.2']);
    expect(good.ok && good.config.trustProxy).toBe(false);
    const bad = parseConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://nope' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.problems.map((p) => p.split(':')[0])).toEqual(['PORT', 'DATABASE_URL', 'SMTP_URL']);
  });

  it('takes DEV_DEFAULT_PLAN in development only', () => {
    const dev = parseConfig({ DEV_DEFAULT_PLAN: 'subscribe_team' });
    expect(dev.ok && dev.config.devDefaultPlan).toBe('subscribe_team');
    expect(parseConfig({ DEV_DEFAULT_PLAN: 'gold' }).ok).toBe(false);
    const production = parseConfig({ DEV_DEFAULT_PLAN: 'subscribe_team', NODE_ENV: 'production' });
    expect(production.ok).toBe(false);
    if (!production.ok) expect(production.problems[0]).toMatch(/^DEV_DEFAULT_PLAN/);
  });
});

describe('the SPA and CORS when configured', () => {
  it('serves files, falls back to index.html for client routes, and keeps /api 404s as JSON', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lodestar-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Lodestar</title>');
    fs.writeFileSync(path.join(dist, 'book.html'), '<!doctype html><title>Booking</title>');
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    const app = await buildApp(testConfig({ WEB_DIST: dist, CORS_ORIGINS: 'http://localhost:5173' }), t.database, { logger: false });
    // A client route's index.html once came by sendFile after the static route's lookups, with more close listeners on
    // the response than Node's limit: a "memory leak" warning in the log on every sign-in page load.
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    try {
      for (const url of ['/', '/member/login', `/${crypto.randomUUID()}/index`]) {
        const page = await app.inject({ method: 'GET', url });
        expect(page.statusCode, url).toBe(200);
        expect(page.headers['content-type']).toContain('text/html');
        expect(page.body).toContain('<title>Lodestar</title>');
      }
      // The public booking page has its own entry.
      for (const url of ['/book/my-shop', '/book/my-shop/extra']) {
        const page = await app.inject({ method: 'GET', url });
        expect(page.statusCode, url).toBe(200);
        expect(page.body).toContain('<title>Booking</title>');
      }
      const asset = await app.inject({ method: 'GET', url: '/assets/app.js' });
      expect(asset.headers['content-type']).toContain('javascript');
      const api = await app.inject({ method: 'GET', url: '/api/missing' });
      expect(api.statusCode).toBe(404);
      expect(api.json().errorCode).toBe('ROUTE_NOT_FOUND');
      const cors = await app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'http://localhost:5173' } });
      expect(cors.headers['access-control-allow-origin']).toBe('http://localhost:5173');
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).not.toContain('MaxListenersExceededWarning');
    } finally {
      process.off('warning', onWarning);
      await app.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('mail over SMTP', () => {
  it('sends the reset code through a real SMTP server', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const app = await buildApp(testConfig({ SMTP_URL: `smtp://127.0.0.1:${port}` }), t.database, { logger: false });
    try {
      const user = await registerUser(app);
      await call(app, 'POST', '/api/forget/pwd/code', { body: { email: user.email } });
      await app.background.idle();
      expect(received).toHaveLength(1);
      expect(received[0]).toContain(`To: ${user.email}`);
      expect(received[0]).toMatch(/\d{6}/);
    } finally {
      await app.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('the DATA_DIR lock', () => {
  it('refuses a second holder, takes over a stale lock and releases on close', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodestar-lock-'));
    const lockPath = path.join(dir, 'lodestar.lock');
    // A live process holds it: pid 1 always exists.
    fs.writeFileSync(lockPath, '1');
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/pid 1/);
    // A dead process left it: taken over.
    fs.writeFileSync(lockPath, '2147483646');
    const release = lockDataDir(dir);
    expect(fs.readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    release();
    expect(fs.existsSync(lockPath)).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('stops a second embedded database from opening the same directory', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodestar-open-'));
    const first = await openDatabase({ dataDir: dir });
    try {
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DataDirLockedError);
    } finally {
      await first.close();
    }
    expect(fs.existsSync(path.join(dir, 'lodestar.lock'))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
    // A fresh embedded database is created and migrated here: 36 s seen on a loaded 2-core machine.
  }, 120_000);
});
