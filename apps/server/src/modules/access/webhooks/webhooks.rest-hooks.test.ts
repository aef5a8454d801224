import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Json } from '../../../test/factories.ts';
import { createContact } from '../../../test/records.ts';
import { webhookReceiver } from '../../../test/webhook-receiver.ts';
import { consumeAll } from '../../../test/outbox.ts';
import { twoWorkspaces, type TwoWorkspaces } from '../../../test/workspaces.ts';
import { deliveryDeps } from './webhooks.deps.ts';
import { dispatchEvents, runWebhooks } from './webhooks.delivery.ts';

/** REST hooks (Zapier-style): subscribe and unsubscribe with an API key, deliveries through the webhook machinery, polling. */
let w: TwoWorkspaces;
let contactsKey: { id: string; secret: string };
let dealsKey: { id: string; secret: string };
beforeAll(async () => {
  w = await twoWorkspaces();
  contactsKey = await newKey(w.owner.orgId, w.owner.token, ['contacts:read']);
  dealsKey = await newKey(w.owner.orgId, w.owner.token, ['deals:write']);
  await dispatchEvents(w.t.db, 1000);
});
afterAll(async () => {
  await w?.t.close();
});

async function newKey(orgId: string, token: string, scopes: string[]) {
  const created = await call(w.t.app, 'POST', `/api/settings/api-keys?orgId=${orgId}`, { token, body: { name: 'Zapier', scopes } });
  expect(created.status).toBe(200);
  return created.body.data as { id: string; secret: string };
}

const hooks = (orgId = w.owner.orgId) => `/api/hooks?orgId=${orgId}`;

async function drain() {
  await consumeAll(w.t.db, 'webhooks', () => dispatchEvents(w.t.db, 1000));
  for (let i = 0; i < 20 && ((await runWebhooks(w.t.db, deliveryDeps(w.t.app))).attempts > 0 || i === 0); i++);
}

describe('REST hooks', () => {
  it('subscribes a target URL with a key, delivers signed events to it, and stops after unsubscribe', async () => {
    const receiver = await webhookReceiver();
    try {
      const subscribed = await call(w.t.app, 'POST', hooks(), { token: contactsKey.secret, body: { targetUrl: receiver.url, event: 'contact.created' } });
      expect(subscribed.status).toBe(200);
      expect(subscribed.body.data).toMatchObject({ event: 'contact.created', targetUrl: receiver.url });
      expect(subscribed.body.data.secret).toMatch(/^whsec_/);
      receiver.setSecret(subscribed.body.data.secret);
      // It shows in Settings → Webhooks like any webhook.
      const listed = await call(w.t.app, 'GET', `/api/settings/webhooks?orgId=${w.owner.orgId}`, { token: w.owner.token });
      expect(listed.body.data.map((h: Json) => h.id)).toContain(subscribed.body.data.id);

      const contactId = await createContact(w.t.app, w.owner.token, w.owner.orgId, { firstName: 'Hooked' });
      await createContact(w.t.app, w.other.token, w.other.orgId, { firstName: 'Elsewhere' });
      await drain();
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received[0]!.verified).toBe(true);
      expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ type: 'contact.created', data: { id: contactId, record: { firstName: 'Hooked' } } });

      // Only the key that subscribed removes it; then nothing more arrives.
      const byAnother = await call(w.t.app, 'DELETE', `/api/hooks/${subscribed.body.data.id}?orgId=${w.owner.orgId}`, { token: dealsKey.secret });
      expect(byAnother.status).toBe(404);
      const removed = await call(w.t.app, 'DELETE', `/api/hooks/${subscribed.body.data.id}?orgId=${w.owner.orgId}`, { token: contactsKey.secret });
      expect(removed.status).toBe(200);
      await createContact(w.t.app, w.owner.token, w.owner.orgId, { firstName: 'After' });
      await drain();
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it('needs the read scope of the event type, a key (not a session) and a key of an administrator; another workspace is not found', async () => {
    const target = 'http://localhost:9/hook';
    const post = (token: string, event: string, orgId?: string) => call(w.t.app, 'POST', hooks(orgId), { token, body: { targetUrl: target, event } });
    expect((await post(dealsKey.secret, 'contact.created')).body.errorCode).toBe('API_KEY_EVENT_NOT_ALLOWED');
    expect((await post(contactsKey.secret, 'reservation.created')).body.errorCode).toBe('API_KEY_EVENT_NOT_ALLOWED');
    expect((await post(dealsKey.secret, 'deal.won')).status).toBe(200);
    expect((await post(w.owner.token, 'contact.created')).body.errorCode).toBe('API_KEY_REQUIRED');
    expect((await post(contactsKey.secret, 'contact.created', w.other.orgId)).body.errorCode).toBe('ORG_NOT_FOUND');
    const bad = await call(w.t.app, 'POST', hooks(), { token: contactsKey.secret, body: { targetUrl: 'ftp://x', event: 'nope' } });
    expect(bad.status).toBe(400);
    // A member's personal access token: hooks see the whole workspace, so only an administrator's key may add one.
    const token = await call(w.t.app, 'POST', '/api/user/tokens', { token: w.member.token, body: { name: 'mine', scopes: ['contacts:read'] } });
    const refused = await post(token.body.data.secret, 'contact.created');
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).not.toBe('API_KEY_EVENT_NOT_ALLOWED');
  });

  it('delivers nothing to the hooks of a revoked key', async () => {
    const key = await newKey(w.owner.orgId, w.owner.token, ['contacts:read']);
    const receiver = await webhookReceiver();
    try {
      expect((await call(w.t.app, 'POST', hooks(), { token: key.secret, body: { targetUrl: receiver.url, event: 'contact.created' } })).status).toBe(200);
      await consumeAll(w.t.db, 'webhooks', () => dispatchEvents(w.t.db, 1000));
      await call(w.t.app, 'DELETE', `/api/settings/api-keys/${key.id}?orgId=${w.owner.orgId}`, { token: w.owner.token });
      await createContact(w.t.app, w.owner.token, w.owner.orgId, { firstName: 'Revoked' });
      await drain();
      expect(receiver.received).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });

  it('answers the latest events of a type for polling tools, newest first, of its own workspace only', async () => {
    const first = await createContact(w.t.app, w.owner.token, w.owner.orgId, { firstName: 'Older' });
    const second = await createContact(w.t.app, w.owner.token, w.owner.orgId, { firstName: 'Newer' });
    await createContact(w.t.app, w.other.token, w.other.orgId, { firstName: 'Theirs' });
    const latest = await call(w.t.app, 'GET', `/api/hooks/latest?orgId=${w.owner.orgId}&event=contact.created&limit=2`, { token: contactsKey.secret });
    expect(latest.status).toBe(200);
    expect(latest.body.data.map((e: Json) => e.data.id)).toEqual([second, first]);
    expect(latest.body.data[0]).toMatchObject({ type: 'contact.created', workspaceId: w.owner.orgId, data: { record: { firstName: 'Newer' } } });
    const refused = await call(w.t.app, 'GET', `/api/hooks/latest?orgId=${w.owner.orgId}&event=deal.created`, { token: contactsKey.secret });
    expect(refused.body.errorCode).toBe('API_KEY_EVENT_NOT_ALLOWED');
  });
});
