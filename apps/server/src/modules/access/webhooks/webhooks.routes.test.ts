import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Json } from '../../../test/factories.ts';
import { twoWorkspaces, type TwoWorkspaces } from '../../../test/workspaces.ts';
import { isPrivateAddress } from '../../../platform/outbound-hosts.ts';
import { urlAllowed } from './webhooks.sender.ts';

let w: TwoWorkspaces;
beforeAll(async () => {
  w = await twoWorkspaces();
});
afterAll(async () => {
  await w?.t.close();
});

const url = (path: string, orgId = w.owner.orgId) => `/api/settings/webhooks${path}?orgId=${orgId}`;
const body = { name: 'Zapier', url: 'https://hooks.example.com/lodestar', eventTypes: ['contact.created', 'deal.won'] };

function create(input: Json = body, token = w.owner.token, orgId = w.owner.orgId) {
  return call(w.t.app, 'POST', url('', orgId), { token, body: input });
}

describe('settings/webhooks', () => {
  it('creates a webhook, shows its secret once, lists, edits and deletes it', async () => {
    const created = await create();
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ name: 'Zapier', url: body.url, eventTypes: body.eventTypes, enabled: true, filter: { stageTypeId: null }, lastDelivery: null });
    expect(created.body.data.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const id = created.body.data.id as string;

    const listed = await call(w.t.app, 'GET', url(''), { token: w.owner.token });
    expect(listed.body.data.map((x: Json) => x.id)).toContain(id);
    expect(listed.body.data[0]).not.toHaveProperty('secret');

    const stageTypeId = '00000000-0000-4000-8000-000000000001';
    const edited = await call(w.t.app, 'PUT', url(`/${id}`), { token: w.owner.token, body: { ...body, name: 'n8n', eventTypes: ['deal.won'], filter: { stageTypeId }, enabled: false } });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ name: 'n8n', eventTypes: ['deal.won'], filter: { stageTypeId }, enabled: false });

    expect((await call(w.t.app, 'DELETE', url(`/${id}`), { token: w.owner.token })).status).toBe(200);
    expect((await call(w.t.app, 'DELETE', url(`/${id}`), { token: w.owner.token })).body.errorCode).toBe('WEBHOOK_NOT_FOUND');
  });

  it('refuses bad input with a localized 400 naming the field', async () => {
    const plain = await create({ ...body, url: 'http://hooks.example.com/x' });
    expect(plain.status).toBe(400);
    expect(plain.body).toMatchObject({ errorCode: 'WEBHOOK_URL_NOT_ALLOWED' });
    const english = await call(w.t.app, 'POST', url(''), { token: w.owner.token, body: { ...body, url: 'ftp://x' }, headers: { 'accept-language': 'en-US' } });
    expect(english.status).toBe(400);
    expect(english.body.errorMessage).toMatch(/Website/);
    expect((await create({ ...body, eventTypes: ['contact.exploded'] })).status).toBe(400);
    expect((await create({ ...body, eventTypes: [] })).status).toBe(400);
    // http to localhost is for development (not production).
    expect((await create({ ...body, url: 'http://localhost:9999/hook' })).status).toBe(200);
  });

  it('is for administrators only', async () => {
    expect((await create(body, w.member.token)).status).toBe(403);
    expect((await call(w.t.app, 'GET', url(''), { token: w.member.token })).status).toBe(403);
    const id = (await create()).body.data.id as string;
    expect((await call(w.t.app, 'POST', url(`/${id}/test`), { token: w.member.token })).status).toBe(403);
    expect((await call(w.t.app, 'GET', url(`/${id}/deliveries`), { token: w.member.token })).status).toBe(403);
  });

  it('keeps workspaces apart: another workspace can neither see nor change a webhook', async () => {
    const id = (await create()).body.data.id as string;
    const theirs = await call(w.t.app, 'GET', url('', w.other.orgId), { token: w.other.token });
    expect(theirs.body.data.map((x: Json) => x.id)).not.toContain(id);
    expect((await call(w.t.app, 'PUT', url(`/${id}`, w.other.orgId), { token: w.other.token, body: { ...body, enabled: true } })).status).toBe(404);
    expect((await call(w.t.app, 'DELETE', url(`/${id}`, w.other.orgId), { token: w.other.token })).status).toBe(404);
    expect((await call(w.t.app, 'POST', url(`/${id}/test`, w.other.orgId), { token: w.other.token })).status).toBe(404);
    expect((await call(w.t.app, 'GET', url(`/${id}/deliveries`, w.other.orgId), { token: w.other.token })).status).toBe(404);
    const test = await call(w.t.app, 'POST', url(`/${id}/test`), { token: w.owner.token });
    expect(test.status).toBe(200);
    const resend = await call(w.t.app, 'POST', url(`/deliveries/${test.body.data.id}/resend`, w.other.orgId), { token: w.other.token });
    expect(resend.body.errorCode).toBe('WEBHOOK_DELIVERY_NOT_FOUND');
    // Their own calls to the first workspace are refused at the door.
    expect((await call(w.t.app, 'GET', url(''), { token: w.other.token })).status).toBe(403);
  });
});

describe('the SSRF guard', () => {
  it('knows private, loopback, link-local and mapped addresses', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1']) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '1.1.1.1', '2001:4860:4860::8888']) expect(isPrivateAddress(address), address).toBe(false);
  });

  it('allows only https in production, and no private literal or localhost', () => {
    expect(urlAllowed('https://hooks.example.com/x', true)).toBe(true);
    expect(urlAllowed('http://localhost:3000/x', true)).toBe(false);
    expect(urlAllowed('https://localhost/x', true)).toBe(false);
    expect(urlAllowed('https://169.254.169.254/latest', true)).toBe(false);
    expect(urlAllowed('https://[::1]/x', true)).toBe(false);
    expect(urlAllowed('https://user:pw@hooks.example.com/x', true)).toBe(false);
    expect(urlAllowed('http://localhost:3000/x', false)).toBe(true);
    expect(urlAllowed('http://hooks.example.com/x', false)).toBe(false);
  });
});
