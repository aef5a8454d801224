import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMember, call, registerUser, signedInOwner, type TestUser } from '../../../test/factories.ts';
import { assertRoom, assertWithinPlan, planOf } from '../plan-limits.ts';
import * as couponsService from '../coupons/coupons.service.ts';
import { runRenewals } from './renewals.ts';
import * as timelineService from '../../access/timeline/timeline.service.ts';

const cardholder = { name: 'Ada Lin', email: 'ada@example.com', phone: '' };
const sandboxCard = (number: string) => ({ kind: 'sandboxCard', number, expiry: '12/30', cvc: '123' });
type Owner = TestUser & { orgId: string };

describe('billing with the sandbox provider (the zero-setup default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ENCRYPTION_KEY: 'cd'.repeat(32) });
  });
  afterAll(() => t.close());

  // As the page does: ask the price (with the code), then pay exactly that.
  const checkout = async (owner: Owner, body: Record<string, unknown>) => {
    const choice = { plan: 'subscribe_team', extraSeats: 0, extraStorageBlocks: 0, ...body };
    const quote = await call(t.app, 'POST', `/api/billing/checkout/quote?orgId=${owner.orgId}`, { token: owner.token, body: { plan: choice.plan, extraSeats: choice.extraSeats, extraStorageBlocks: choice.extraStorageBlocks, ...(body.couponCode ? { couponCode: body.couponCode } : {}) } });
    return call(t.app, 'POST', `/api/billing/checkout?orgId=${owner.orgId}`, {
      token: owner.token,
      body: { expectedAmount: quote.body.data?.amount ?? 0, payment: sandboxCard('4242 4242 4242 4242'), cardholder, ...choice },
    });
  };
  const info = async (owner: Owner) => (await call(t.app, 'GET', `/api/billing/subscription?orgId=${owner.orgId}`, { token: owner.token })).body.data;

  it('is test mode with published test cards; new workspaces start on Free', async () => {
    const owner = await signedInOwner(t.app, 'Sandbox Co');
    const { body } = await call(t.app, 'GET', '/api/billing/plans', { token: owner.token });
    expect(body.data).toMatchObject({ provider: 'sandbox', testMode: true, tappay: null, defaultPlan: 'subscribe_team', currency: 'TWD' });
    expect(body.data.testCards.map((c: { number: string }) => c.number)).toContain('4242 4242 4242 4242');
    expect(await info(owner)).toMatchObject({ plan: 'free', status: null, seatLimit: 1, storageLimitBytes: 1024 ** 3, isAdministrator: true });
  });

  it('buys Team with options: invitations open, seats and storage raised, the charge in the history with a receipt', async () => {
    const owner = await signedInOwner(t.app, 'Team Co');
    const { body } = await checkout(owner, { extraSeats: 2, extraStorageBlocks: 1 });
    expect(body.data.charge).toMatchObject({ status: 'paid', amount: 1490 + 500 + 100, provider: 'sandbox', card: { brand: 'VISA', last4: '4242' }, workspaceName: 'Team Co' });
    expect(await info(owner)).toMatchObject({ plan: 'subscribe_team', seatLimit: 7, storageLimitBytes: 30 * 1024 ** 3, nextAmount: 2090 });
    const invite = await call(t.app, 'POST', `/api/settings/user/create?orgId=${owner.orgId}`, { token: owner.token, body: { emails: ['a@example.com', 'b@example.com'] } });
    expect(invite.status).toBe(200);
    const history = await call(t.app, 'GET', `/api/billing/charges?orgId=${owner.orgId}`, { token: owner.token });
    expect(history.body.data).toHaveLength(1);
    const receipt = await call(t.app, 'GET', `/api/billing/charges/${body.data.charge.id}?orgId=${owner.orgId}`, { token: owner.token });
    expect(receipt.body.data).toMatchObject({ receiptNumber: body.data.charge.orderNumber, status: 'paid' });
    // A second first payment is refused: change the plan instead.
    expect((await checkout(owner, {})).status).toBe(409);
  });

  it('declines other numbers: Payment Failed, still Free', async () => {
    const owner = await signedInOwner(t.app, 'Declined Co');
    const { body } = await checkout(owner, { payment: sandboxCard('4111 1111 1111 1111') });
    expect(body.data.charge).toMatchObject({ status: 'failed' });
    expect((await info(owner)).plan).toBe('free');
  });

  it('only the administrator buys, changes or cancels (403); another workspace is 404', async () => {
    const owner = await signedInOwner(t.app, 'Perm Co');
    const member = await registerUser(t.app);
    await addMember(t.db, owner.orgId, member.user.id, { isSystemAdministrator: true });
    const asMember = { ...member, orgId: owner.orgId };
    expect((await checkout(asMember, {})).status).toBe(403);
    for (const path of ['subscription/cancel', 'subscription/resume']) {
      expect((await call(t.app, 'POST', `/api/billing/${path}?orgId=${owner.orgId}`, { token: member.token })).status).toBe(403);
    }
    expect((await call(t.app, 'GET', `/api/billing/charges?orgId=${owner.orgId}`, { token: member.token })).status).toBe(403);
    // Members see the plan (seats, storage) but not the card or notices.
    expect((await call(t.app, 'GET', `/api/billing/subscription?orgId=${owner.orgId}`, { token: member.token })).body.data).toMatchObject({ isAdministrator: false, card: null });

    const stranger = await signedInOwner(t.app, 'Elsewhere');
    expect((await call(t.app, 'GET', `/api/billing/subscription?orgId=${owner.orgId}`, { token: stranger.token })).status).toBe(404);
    expect((await checkout({ ...stranger, orgId: owner.orgId }, {})).status).toBe(404);
  });

  it('upgrade is immediate with the new price from the next cycle; a downgrade waits; cancel at period end; every action on the timeline', async () => {
    const owner = await signedInOwner(t.app, 'Change Co');
    await checkout(owner, { plan: 'basic' });
    const change = (plan: string) =>
      call(t.app, 'POST', `/api/billing/subscription/change?orgId=${owner.orgId}`, { token: owner.token, body: { plan, extraSeats: 0, extraStorageBlocks: 0 } });
    const up = await change('pro');
    expect(up.body.data).toMatchObject({ plan: 'pro', nextAmount: 590, pendingChange: null });
    const charges = await call(t.app, 'GET', `/api/billing/charges?orgId=${owner.orgId}`, { token: owner.token });
    expect(charges.body.data).toHaveLength(1); // no proration charge
    const down = await change('basic');
    expect(down.body.data).toMatchObject({ plan: 'pro', pendingChange: { plan: 'basic' }, nextAmount: 290 });
    const cancelled = await call(t.app, 'POST', `/api/billing/subscription/cancel?orgId=${owner.orgId}`, { token: owner.token });
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', cancelAtPeriodEnd: true, nextRenewalAt: null });
    const resumed = await call(t.app, 'POST', `/api/billing/subscription/resume?orgId=${owner.orgId}`, { token: owner.token });
    expect(resumed.body.data).toMatchObject({ status: 'subscribed', cancelAtPeriodEnd: false });

    const events = (await timelineService.listTimeline(t.db, owner.orgId, 'subscription', owner.orgId)).map((e) => (e.changes.event as [null, string])[1]);
    expect(events).toEqual(expect.arrayContaining(['subscribed', 'upgraded', 'downgradeScheduled', 'cancelled', 'resumed']));
  });

  it('limits are lifted by a payment and re-applied when a cancelled subscription ends (data kept, additions refused)', async () => {
    const owner = await signedInOwner(t.app, 'Limits Co');
    await expect(assertWithinPlan(t.db, owner.orgId, 'contacts', 100)).rejects.toMatchObject({ code: 'PLAN_LIMIT_REACHED' });
    await assertWithinPlan(t.db, owner.orgId, 'contacts', 99);
    await expect(assertRoom(t.db, owner.orgId, 'contactTags', async (cap) => cap)).rejects.toMatchObject({ code: 'PLAN_LIMIT_REACHED' });
    // No saved card yet: 409 before anything is charged.
    expect((await checkout(owner, { plan: 'pro', payment: { kind: 'savedCard' } })).body.errorCode).toBe('BILLING_NO_SAVED_CARD');
    await checkout(owner, { plan: 'pro' });
    await assertWithinPlan(t.db, owner.orgId, 'contacts', 5000);
    let counted = false;
    await assertRoom(t.db, owner.orgId, 'contactTags', async () => ((counted = true), 10_000));
    expect(counted).toBe(false); // paid plans skip the count
    expect((await planOf(t.db, owner.orgId)).features.performanceTargets).toBe(true);
    await call(t.app, 'POST', `/api/billing/subscription/cancel?orgId=${owner.orgId}`, { token: owner.token });
    const end = new Date((await info(owner)).currentPeriodEnd);
    const report = await runRenewals(t.db, t.app.billing, new Date(end.getTime() + 60_000));
    expect(report.ended).toBeGreaterThanOrEqual(1);
    expect(await info(owner)).toMatchObject({ plan: 'free', status: 'ended' });
    await expect(assertWithinPlan(t.db, owner.orgId, 'contacts', 5000)).rejects.toMatchObject({ code: 'PLAN_LIMIT_REACHED' });
    await expect(assertWithinPlan(t.db, owner.orgId, 'storageBytes', 1024 ** 3, 1)).rejects.toMatchObject({ code: 'PLAN_LIMIT_REACHED' });
  });

  it('coupons: percentage off the first charge, once per workspace, window and redemption limit; free months lengthen the period', async () => {
    await couponsService.createCoupon(t.db, { code: 'WELCOME20', kind: 'percent', value: 20, validFrom: null, validUntil: null, maxRedemptions: 2, plans: [] });
    await couponsService.createCoupon(t.db, { code: 'OLD', kind: 'amount', value: 100, validFrom: null, validUntil: '2020-01-01T00:00:00Z', maxRedemptions: null, plans: [] });
    await couponsService.createCoupon(t.db, { code: 'TWOFREE', kind: 'freeMonths', value: 2, validFrom: null, validUntil: null, maxRedemptions: null, plans: [] });
    const redeem = (owner: Owner, code: string) => call(t.app, 'POST', `/api/billing/coupons/redeem?orgId=${owner.orgId}`, { token: owner.token, body: { code } });

    const a = await signedInOwner(t.app, 'Coupon A');
    const redeemed = await redeem(a, 'welcome20');
    expect(redeemed.body.data.pendingCoupon).toEqual({ code: 'WELCOME20', kind: 'percent', value: 20 });
    expect((await redeem(a, 'WELCOME20')).body.errorCode).toBe('BILLING_COUPON_ALREADY_REDEEMED');
    const paid = await checkout(a, {});
    expect(paid.body.data.charge).toMatchObject({ listAmount: 1490, amount: 1192, couponCode: 'WELCOME20' });
    expect((await info(a)).pendingCoupon).toBeNull();

    const b = await signedInOwner(t.app, 'Coupon B');
    expect((await checkout(b, { couponCode: 'WELCOME20', plan: 'basic' })).body.data.charge).toMatchObject({ amount: 232 });
    const c = await signedInOwner(t.app, 'Coupon C');
    expect((await redeem(c, 'WELCOME20')).status).toBe(400); // used up
    expect((await redeem(c, 'OLD')).status).toBe(400); // expired
    expect((await redeem(c, 'NOPE')).status).toBe(400);

    const before = new Date((await info(b)).currentPeriodEnd);
    await redeem(b, 'TWOFREE');
    const after = new Date((await info(b)).currentPeriodEnd);
    const months = (after.getUTCFullYear() - before.getUTCFullYear()) * 12 + after.getUTCMonth() - before.getUTCMonth();
    expect(months).toBe(2);
  });

  it('the profile\'s purchaseInfo is the workspace plan', async () => {
    const owner = await signedInOwner(t.app, 'Profile Co');
    expect((await call(t.app, 'GET', '/api/profile', { token: owner.token })).body.data.purchaseInfo).toEqual({ productId: 'free' });
    await checkout(owner, { plan: 'pro' });
    expect((await call(t.app, 'GET', '/api/profile', { token: owner.token })).body.data.purchaseInfo).toEqual({ productId: 'pro' });
  });

  it('sandbox card 4000 0000 0000 0341: renewals declined; cancelling stops the retries and the workspace returns to Free', async () => {
    const owner = await signedInOwner(t.app, 'Cancel While Failing Co');
    await checkout(owner, { plan: 'basic', payment: sandboxCard('4000 0000 0000 0341') });
    const end = new Date((await info(owner)).currentPeriodEnd).getTime();
    const report = await runRenewals(t.db, t.app.billing, new Date(end - 23 * 3_600_000));
    expect(report.declined).toBeGreaterThanOrEqual(1);
    expect(await info(owner)).toMatchObject({ status: 'payment_failed', amountDue: 290 });
    const cancelled = await call(t.app, 'POST', `/api/billing/subscription/cancel?orgId=${owner.orgId}`, { token: owner.token });
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', amountDue: null });
    await runRenewals(t.db, t.app.billing, new Date(end + 2 * 24 * 3_600_000));
    expect(await info(owner)).toMatchObject({ plan: 'free', status: 'ended', frozen: false });
    const charges = (await call(t.app, 'GET', `/api/billing/charges?orgId=${owner.orgId}`, { token: owner.token })).body.data;
    expect(charges[0]).toMatchObject({ kind: 'renewal', status: 'failed', failureMessage: 'cancelled' });
  });
});
