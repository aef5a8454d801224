import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, readMail, type Json } from '../../../test/factories.ts';
import { createContact } from '../../../test/records.ts';
import { twoWorkspaces, type TwoWorkspaces } from '../../../test/workspaces.ts';
import { webhookReceiver } from '../../../test/webhook-receiver.ts';
import { queryRows } from '../../../db/paging.ts';
import { consumeAll } from '../../../test/outbox.ts';
import { deliveryDeps } from './webhooks.deps.ts';
import { deliverDue, dispatchEvents, runWebhooks } from './webhooks.delivery.ts';
import { claimDueDeliveries } from './webhooks.repository.ts';
import { sendWebhook } from './webhooks.sender.ts';

let w: TwoWorkspaces;
let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
/**
 * Dispatches until the webhooks cursor has passed every committed event (test/outbox.ts): on a PostgreSQL server shared
 * with other test files one dispatch can stop short of events just written, which then arrive after the next subscription.
 */
const dispatchAll = () => consumeAll(w.t.db, 'webhooks', () => dispatchEvents(w.t.db, 1000));

beforeAll(async () => {
  w = await twoWorkspaces();
});
afterAll(async () => {
  await w?.t.close();
});
afterEach(async () => {
  // One subscription at a time: each test starts from a quiet outbox.
  await w.t.db.execute(sql`delete from webhook_subscriptions`);
  await dispatchAll();
  await receiver?.close();
});

async function subscribe(answer?: (index: number) => number | 'hang', eventTypes = ['contact.created', 'contact.updated'], orgId = w.owner.orgId, token = w.owner.token): Promise<string> {
  receiver = await webhookReceiver({ answer });
  const created = await call(w.t.app, 'POST', `/api/settings/webhooks?orgId=${orgId}`, { token, body: { name: 'Receiver', url: receiver.url, eventTypes } });
  expect(created.status).toBe(200);
  receiver.setSecret(created.body.data.secret);
  // Events from before the subscription are not its business.
  await dispatchAll();
  return created.body.data.id;
}

const run = () => runWebhooks(w.t.db, deliveryDeps(w.t.app));

/** Every committed event dispatched, then deliveries run until none is due (a single run could stop short, as above). */
async function drain() {
  await dispatchAll();
  for (let i = 0; i < 50 && ((await run()).attempts > 0 || i === 0); i++);
}

describe('webhook deliveries', () => {
  it('delivers a change signed the Standard Webhooks way, with the event id as webhook-id', async () => {
    await subscribe();
    const contactId = await createContact(w.t.app, w.owner.token, w.owner.orgId, { firstName: 'Signed' });
    await drain();
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    expect(got!.verified).toBe(true);
    const event = JSON.parse(got!.body) as Json;
    expect(event).toMatchObject({ id: got!.id, type: 'contact.created', workspaceId: w.owner.orgId, actor: { kind: 'user', id: w.owner.user.id }, data: { kind: 'contact', id: contactId, record: { firstName: 'Signed' } } });
    // Another workspace's changes never reach it.
    await createContact(w.t.app, w.other.token, w.other.orgId);
    await drain();
    expect(receiver.received).toHaveLength(1);
  });

  it('turns 1 000 events into 1 000 deliveries, none twice to a receiver answering 2xx', async () => {
    await subscribe();
    await w.t.db.execute(sql`insert into contacts (org_id, first_name, last_name) select ${w.owner.orgId}::uuid, 'Bulk', g::text from generate_series(1, 1000) g`);
    await drain();
    const counts = receiver.acceptedCounts();
    expect(counts.size).toBe(1000);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    // Back under the free plan's contact limit for the tests after this one.
    await w.t.db.execute(sql`delete from contacts where org_id = ${w.owner.orgId} and first_name = 'Bulk'`);
  }, 120_000);

  it('sends a delivery killed mid-flight again after a restart, with the same webhook-id', async () => {
    const id = await subscribe((index) => (index === 0 ? 'hang' : 200));
    await createContact(w.t.app, w.owner.token, w.owner.orgId, { firstName: 'Restart' });
    await dispatchAll();
    // The run is cut off while the receiver holds the request: the lease is taken, nothing is recorded.
    const cutOff = deliverDue(w.t.db, deliveryDeps(w.t.app)).catch(() => 0);
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(1);
    await w.t.rebuild();
    // Nothing is sent again while the dead run's lease holds; once it expires, the delivery goes out.
    await drain();
    expect(receiver.received).toHaveLength(1);
    await w.t.db.execute(sql`update webhook_deliveries set locked_until = now() - interval '1 second' where subscription_id = ${id}`);
    await drain();
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.id).toBe(receiver.received[0]!.id);
    expect(receiver.acceptedCounts().get(receiver.received[0]!.id)).toBe(1);
    await receiver.close();
    await cutOff;
  });

  it('retries with backoff, logs every attempt, turns the webhook off after 24 hours and tells the administrators', async () => {
    const id = await subscribe(() => 500);
    await createContact(w.t.app, w.owner.token, w.owner.orgId, { firstName: 'Failing' });
    await drain();
    let [delivery] = (await call(w.t.app, 'GET', `/api/settings/webhooks/${id}/deliveries?orgId=${w.owner.orgId}`, { token: w.owner.token })).body.data as Json[];
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, log: [{ attempt: 1, statusCode: 500 }] });
    const wait = new Date(delivery.nextAttemptAt).getTime() - Date.now();
    expect(wait).toBeGreaterThan(3_000);
    expect(wait).toBeLessThan(6_000);
    // A day later: the next attempt is past the retry window.
    await w.t.db.execute(sql`update webhook_deliveries set next_attempt_at = now(), give_up_at = now() where subscription_id = ${id}`);
    await drain();
    [delivery] = (await call(w.t.app, 'GET', `/api/settings/webhooks/${id}/deliveries?orgId=${w.owner.orgId}`, { token: w.owner.token })).body.data as Json[];
    expect(delivery).toMatchObject({ status: 'failed', attempts: 2 });
    const [hook] = (await call(w.t.app, 'GET', `/api/settings/webhooks?orgId=${w.owner.orgId}`, { token: w.owner.token })).body.data as Json[];
    expect(hook).toMatchObject({ enabled: false, lastDelivery: { status: 'failed', statusCode: 500 } });
    expect(hook.disabledAt).not.toBeNull();
    const mail = await readMail(w.t.app, w.t.db, w.owner.email);
    expect(mail[0]?.subject).toMatch(/Webhook/);

    // Resend: the same body and id as a new delivery (sent once the webhook is on again).
    const resent = await call(w.t.app, 'POST', `/api/settings/webhooks/deliveries/${delivery.id}/resend?orgId=${w.owner.orgId}`, { token: w.owner.token });
    expect(resent.body.data).toMatchObject({ eventId: delivery.eventId, payload: delivery.payload, status: 'pending' });
  });

  it('test-sends to the receiver', async () => {
    const id = await subscribe();
    const test = await call(w.t.app, 'POST', `/api/settings/webhooks/${id}/test?orgId=${w.owner.orgId}`, { token: w.owner.token });
    expect(test.body.data).toMatchObject({ eventType: 'webhook.test', status: 'pending' });
    await drain();
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.verified).toBe(true);
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ type: 'webhook.test' });
  });

  it('does not follow redirects and refuses private addresses when guarded', async () => {
    const redirect = await sendWebhook({ url: 'http://127.0.0.1:1/x', secret: 'whsec_AAAA', id: 'x', body: '{}', blockPrivate: true });
    expect(redirect.error).toMatch(/private/);
    const byName = await sendWebhook({ url: 'https://localhost:1/x', secret: 'whsec_AAAA', id: 'x', body: '{}', blockPrivate: true });
    expect(byName.error).toMatch(/private/);
    receiver = await webhookReceiver({ answer: () => 302 });
    const moved = await sendWebhook({ url: receiver.url, secret: 'whsec_AAAA', id: 'x', body: '{}', blockPrivate: false });
    expect(moved).toMatchObject({ statusCode: 302, error: 'redirect not followed' });
  });

  it('claims each due delivery once across concurrent workers', async () => {
    const id = await subscribe();
    await w.t.db.execute(sql`insert into contacts (org_id, first_name, last_name) select ${w.owner.orgId}::uuid, 'Claim', g::text from generate_series(1, 40) g`);
    await dispatchAll();
    const [a, b] = await Promise.all([claimDueDeliveries(w.t.db, 30, 60), claimDueDeliveries(w.t.db, 30, 60)]);
    const ids = [...a!, ...b!].map((d) => d.id);
    expect(ids.length).toBe(40);
    expect(new Set(ids).size).toBe(40);
    const [row] = await queryRows<{ n: number }>(w.t.db, sql`select count(*)::int as n from webhook_deliveries where subscription_id = ${id}`);
    expect(row!.n).toBe(40);
  });
});
