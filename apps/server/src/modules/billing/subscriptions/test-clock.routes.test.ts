import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../config.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMember, call, registerUser, signedInOwner, type TestUser } from '../../../test/factories.ts';

const cardholder = { name: 'Ada Lin', email: 'ada@example.com', phone: '' };
const sandboxCard = (number: string) => ({ kind: 'sandboxCard', number, expiry: '12/30', cvc: '123' });
type Owner = TestUser & { orgId: string };
const hour = 3_600_000;

describe('the billing test clock (BILLING_TEST_CLOCK, development and e2e only)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ENCRYPTION_KEY: 'cd'.repeat(32), BILLING_TEST_CLOCK: 'true' });
  });
  afterAll(() => t.close());

  const run = (owner: Owner, at: Date, token = owner.token) =>
    call(t.app, 'POST', `/api/billing/test-clock/renewals?orgId=${owner.orgId}`, { token, body: { at: at.toISOString() } });
  const info = async (owner: Owner) => (await call(t.app, 'GET', `/api/billing/subscription?orgId=${owner.orgId}`, { token: owner.token })).body.data;
  const subscribe = async (owner: Owner, number: string) => {
    const { body } = await call(t.app, 'POST', `/api/billing/checkout?orgId=${owner.orgId}`, {
      token: owner.token,
      body: { plan: 'subscribe_team', extraSeats: 0, extraStorageBlocks: 0, expectedAmount: 1490, payment: sandboxCard(number), cardholder },
    });
    expect(body.data.charge.status).toBe('paid');
  };

  it('runs one workspace’s renewals as of a chosen time: declined, then frozen after the grace period, then paid and unfrozen', async () => {
    const owner = await signedInOwner(t.app, 'Clock Co');
    const bystander = await signedInOwner(t.app, 'Bystander Co');
    await subscribe(owner, '4000 0000 0000 0341'); // approved once, renewals declined
    await subscribe(bystander, '4000 0000 0000 0341');
    const end = new Date((await info(owner)).currentPeriodEnd);

    const first = await run(owner, new Date(end.getTime() - hour));
    expect(first.body.data).toMatchObject({ created: 1, declined: 1, frozen: 0 });
    expect(await info(owner)).toMatchObject({ status: 'payment_failed', frozen: false, amountDue: 1490 });
    expect((await info(owner)).notices.map((n: { kind: string }) => n.kind)).toEqual(['paymentFailed']);

    const later = await run(owner, new Date(end.getTime() + 8 * 24 * hour));
    expect(later.body.data).toMatchObject({ frozen: 1 });
    expect((await info(owner)).frozen).toBe(true);
    expect((await call(t.app, 'GET', `/api/settings/user/list?orgId=${owner.orgId}`, { token: owner.token })).status).toBe(423);
    // Only that workspace: the other one with the same card is untouched.
    expect(await info(bystander)).toMatchObject({ status: 'subscribed', frozen: false });

    // Paying with a new card settles what is owed and unfreezes at once.
    await subscribe(owner, '4242 4242 4242 4242');
    expect(await info(owner)).toMatchObject({ status: 'subscribed', frozen: false, amountDue: null });
  });

  it('is for the administrator only (403), another workspace is 404', async () => {
    const owner = await signedInOwner(t.app, 'Clock Perm Co');
    const member = await registerUser(t.app);
    await addMember(t.db, owner.orgId, member.user.id, { isSystemAdministrator: true });
    expect((await run(owner, new Date(), member.token)).status).toBe(403);
    const stranger = await signedInOwner(t.app, 'Clock Stranger');
    expect((await run(owner, new Date(), stranger.token)).status).toBe(404);
    expect((await call(t.app, 'POST', `/api/billing/test-clock/renewals?orgId=${owner.orgId}`, { token: owner.token, body: { at: 'tomorrow' } })).status).toBe(400);
  });
});

describe('without BILLING_TEST_CLOCK', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ENCRYPTION_KEY: 'cd'.repeat(32) });
  });
  afterAll(() => t.close());

  it('the test clock does not exist (404), and the switch is refused in production', async () => {
    const owner = await signedInOwner(t.app, 'No Clock Co');
    const res = await call(t.app, 'POST', `/api/billing/test-clock/renewals?orgId=${owner.orgId}`, { token: owner.token, body: { at: new Date().toISOString() } });
    expect(res.status).toBe(404);
    const production = parseConfig({ BILLING_TEST_CLOCK: 'true', NODE_ENV: 'production' });
    expect(production.ok).toBe(false);
    if (!production.ok) expect(production.problems[0]).toMatch(/^BILLING_TEST_CLOCK/);
  });
});
