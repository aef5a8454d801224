import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../test/factories.ts';
import { injectMultipart, multipart } from '../test/records.ts';
import { twoWorkspaces, type TwoWorkspaces } from '../test/workspaces.ts';
import { isStorableText } from './input-guard.ts';

describe('isStorableText', () => {
  it('accepts text, tabs, newlines, RTL marks and astral characters; refuses NUL, controls and lone surrogates', () => {
    for (const good of ['', 'Ada', 'a\tb\r\nc', '\u202Eevil', '😀𝄞', '你好', 'ÿ é']) expect(isStorableText(good), JSON.stringify(good)).toBe(true);
    for (const bad of ['a\u0000b', '\u0001', '\u001b[31m', '\u007f', '\u0085', '\u009f', '\ud800', 'x\udc00', '\udc00\ud800']) {
      expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('hostile input at the edge (400 naming the field, never a 500)', () => {
  let w: TwoWorkspaces;
  beforeAll(async () => {
    w = await twoWorkspaces();
  });
  afterAll(() => w.t.close());

  function expectRefused(answer: { status: number; body: { result: string; errorCode: string; details?: Array<{ field: string; reason: string }> } }, field: string) {
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body).toMatchObject({ result: 'fail', errorCode: 'VALIDATION_FAILED', data: null });
    expect(answer.body.details?.[0]).toMatchObject({ field, reason: 'invalidCharacters' });
  }

  it('GET /api/public/booking/a%00b is a 400, not a 500 (the reported case)', async () => {
    const answer = await call(w.t.app, 'GET', '/api/public/booking/a%00b', { locale: 'en-US' });
    expectRefused(answer, 'idName');
    expect(answer.body.errorMessage).toBe('Field "idName": Contains characters that cannot be stored (such as control characters)');
    expectRefused(await call(w.t.app, 'GET', '/api/public/booking/%00'), 'idName');
  });

  it('refuses the other entry kinds: query, JSON bodies at any depth and keys, headers, the ICS feed, unknown paths', async () => {
    const { app } = w.t;
    const { token, orgId } = w.owner;
    expectRefused(await call(app, 'GET', `/api/page/customer/listV2?orgId=${orgId}&keyword=a%00`, { token }), 'keyword');
    expectRefused(await call(app, 'POST', `/api/customer?orgId=${orgId}`, { token, body: { firstName: 'A\u0000' } }), 'firstName');
    expectRefused(await call(app, 'POST', `/api/customer?orgId=${orgId}`, { token, body: { firstName: 'A', x: [{ y: ['ok', 'b\u0007'] }] } }), 'x.0.y.1');
    expectRefused(await call(app, 'POST', `/api/customer?orgId=${orgId}`, { token, body: { firstName: 'A', ['k\u0000']: 1 } }), 'k\u0000');
    // A lone surrogate is legal JSON (\ud800) but not UTF-8 text.
    const lone = await app.inject({
      method: 'POST',
      url: `/api/customer?orgId=${orgId}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"firstName":"\\ud800"}',
    });
    expectRefused({ status: lone.statusCode, body: lone.json() }, 'firstName');
    expectRefused(await call(app, 'GET', `/api/calendar-feed/a%01.ics`), 'file');
    expectRefused(await call(app, 'GET', `/api/nowhere/%00`), 'path');
    expectRefused(await call(app, 'GET', `/api/user`, { headers: { authorization: 'Bearer a\u0000b' } }), 'authorization');
  });

  it('refuses invalid percent-encoding and encoded lone surrogates in the path and the query', async () => {
    const { app } = w.t;
    expectRefused(await call(app, 'GET', '/api/public/booking/a%zzb'), 'path');
    expectRefused(await call(app, 'GET', '/api/public/booking/%ED%A0%80'), 'path');
    expectRefused(await call(app, 'GET', `/api/page/customer/listV2?orgId=${w.owner.orgId}&keyword=%E0%A4`, { token: w.owner.token }), 'keyword');
    expectRefused(await call(app, 'GET', `/api/page/customer/listV2?orgId=${w.owner.orgId}&keyword=50%`, { token: w.owner.token }), 'keyword');
  });

  it('answers the envelope for a path parameter over the router limit (fastify refuses it before any hook)', async () => {
    const answer = await call(w.t.app, 'GET', `/api/public/booking/${'x'.repeat(10_000)}`, { locale: 'en-US' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ result: 'fail', errorCode: 'VALIDATION_FAILED', details: [{ field: 'path', reason: 'tooLong' }] });
  });

  it('refuses multipart field values and file names', async () => {
    const { app } = w.t;
    const url = `/api/customer?orgId=${w.owner.orgId}`;
    expectRefused(await injectMultipart(app, url, w.owner.token, multipart({ firstName: 'A\u0000' })), 'firstName');
    const png = { field: 'avatar', filename: 'a\u0000.png', contentType: 'image/png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47]) };
    expectRefused(await injectMultipart(app, url, w.owner.token, multipart({ firstName: 'A' }, png)), 'avatar');
  });

  it('keeps tabs, newlines, RTL overrides and astral characters as sent', async () => {
    const { app } = w.t;
    const firstName = 'Ada\t😀\u202E';
    const created = await call(app, 'POST', `/api/customer?orgId=${w.owner.orgId}`, { token: w.owner.token, body: { firstName, lastName: 'L\r\nx' } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const read = await call(app, 'GET', `/api/customer/${created.body.data.id}?orgId=${w.owner.orgId}`, { token: w.owner.token });
    expect(read.body.data).toMatchObject({ firstName, lastName: 'L\r\nx' });
  });
});
