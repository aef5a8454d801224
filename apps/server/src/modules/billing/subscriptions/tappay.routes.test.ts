import { monthlyAmount, type PurchasablePlan } from '@lodestar/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMember, call, readMail, registerUser, signedInOwner, type TestUser } from '../../../test/factories.ts';
import { startTapPayDouble, tappayTestMerchantId, tappayTestPartnerKey, type TapPayDouble } from '../../../test/tappay-double.ts';
import { billingPaymentMethods } from './subscriptions.table.ts';
import { runRenewals } from './renewals.ts';

const encryptionKey = 'ab'.repeat(32);
const cardholder = { name: 'Ada Lin', email: 'ada@example.com', phone: '0912345678' };
const hour = 3_600_000;

async function setup(double: TapPayDouble, threeDomainSecure: boolean): Promise<TestApp> {
  return buildTestApp({
    BILLING_PROVIDER: 'tappay',
    TAPPAY_PARTNER_KEY: tappayTestPartnerKey,
    TAPPAY_MERCHANT_ID: tappayTestMerchantId,
    TAPPAY_API_URL: double.url,
    TAPPAY_APP_ID: '12345',
    TAPPAY_APP_KEY: 'app_test_key',
    TAPPAY_THREE_DOMAIN_SECURE: String(threeDomainSecure),
    ENCRYPTION_KEY: encryptionKey,
  });
}

function checkout(t: TestApp, owner: TestUser & { orgId: string }, prime: string, plan = 'subscribe_team') {
  return call(t.app, 'POST', `/api/billing/checkout?orgId=${owner.orgId}`, {
    token: owner.token,
    body: { plan, extraSeats: 0, extraStorageBlocks: 0, expectedAmount: monthlyAmount({ plan: plan as PurchasablePlan, extraSeats: 0, extraStorageBlocks: 0 }), payment: { kind: 'prime', prime }, cardholder },
  });
}

describe('billing with TapPay (local double)', () => {
  let double: TapPayDouble;
  let t: TestApp;

  beforeAll(async () => {
    double = await startTapPayDouble();
    t = await setup(double, false);
  });
  afterAll(async () => {
    await t.close();
    await double.close();
  });

  it('offers TapPay Fields to the browser, not test mode', async () => {
    const owner = await registerUser(t.app);
    const { body } = await call(t.app, 'GET', '/api/billing/plans', { token: owner.token });
    expect(body.data).toMatchObject({ provider: 'tappay', testMode: false, tappay: { appId: 12345, appKey: 'app_test_key', serverType: 'sandbox' }, testCards: [] });
  });

  it('first payment: pay-by-prime with remember, the card key and token kept encrypted, the plan working at once', async () => {
    const owner = await signedInOwner(t.app, 'Prime Co');
    const { status, body } = await checkout(t, owner, double.prime('4242 4242 4242 4242'));
    expect(status).toBe(200);
    expect(body.data.charge).toMatchObject({ status: 'paid', kind: 'first', amount: 1490, currency: 'TWD', card: { brand: 'VISA', last4: '4242' } });

    const sent = double.requests.filter((r) => r.path === '/tpc/payment/pay-by-prime').at(-1)!;
    expect(sent.apiKey).toBe(tappayTestPartnerKey);
    expect(sent.body).toMatchObject({ remember: true, amount: 1490, currency: 'TWD', merchant_id: tappayTestMerchantId, three_domain_secure: false });
    expect(JSON.stringify(sent.body)).not.toContain('4242424242424242');

    const [saved] = await t.db.select().from(billingPaymentMethods).where(eq(billingPaymentMethods.orgId, owner.orgId));
    const secret = [...double.trades.values()].find((trade) => trade.recTradeId === body.data.charge.providerTradeId)!.cardKey!;
    expect(saved!.cardKey).not.toContain(secret);
    expect(saved!.cardKey.startsWith('v1.')).toBe(true);

    const info = await call(t.app, 'GET', `/api/billing/subscription?orgId=${owner.orgId}`, { token: owner.token });
    expect(info.body.data).toMatchObject({ plan: 'subscribe_team', status: 'subscribed', seatLimit: 5, nextAmount: 1490, card: { last4: '4242' } });
    const invite = await call(t.app, 'POST', `/api/settings/user/create?orgId=${owner.orgId}`, { token: owner.token, body: { emails: ['mate@example.com'] } });
    expect(invite.status).toBe(200);
    const profile = await call(t.app, 'GET', '/api/profile', { token: owner.token });
    expect(profile.body.data.purchaseInfo).toEqual({ productId: 'subscribe_team' });
  });

  it('a declined card: Payment Failed, nothing bought', async () => {
    const owner = await signedInOwner(t.app, 'Declined Co');
    const { body } = await checkout(t, owner, double.prime('4000 0000 0000 0002'));
    expect(body.data.charge).toMatchObject({ status: 'failed' });
    const info = await call(t.app, 'GET', `/api/billing/subscription?orgId=${owner.orgId}`, { token: owner.token });
    expect(info.body.data).toMatchObject({ plan: 'free', status: null });
  });

  it('renews with the saved card 24 hours before the end, exactly once under two concurrent runners', async () => {
    const owner = await signedInOwner(t.app, 'Renew Co');
    await checkout(t, owner, double.prime('4242424242424242'), 'pro');
    const info = (await call(t.app, 'GET', `/api/billing/subscription?orgId=${owner.orgId}`, { token: owner.token })).body.data;
    const end = new Date(info.currentPeriodEnd);
    expect(new Date(info.nextRenewalAt).getTime()).toBe(end.getTime() - 24 * hour);

    // Other workspaces of this file renew at about the same time: count this one's calls (its card key).
    const cardKey = [...double.trades.values()].find((trade) => trade.orderNumber.startsWith(info.orgId) || trade.amount === 590)!.cardKey;
    const ours = () => double.requests.filter((r) => r.path === '/tpc/payment/pay-by-token' && r.body.card_key === cardKey);
    const before = ours().length;
    // A day and a half early: nothing is due yet.
    await runRenewals(t.db, t.app.billing, new Date(end.getTime() - 36 * hour));
    expect(ours().length).toBe(before);

    const due = new Date(end.getTime() - 24 * hour + 60_000);
    await Promise.all([runRenewals(t.db, t.app.billing, due), runRenewals(t.db, t.app.billing, due)]);
    await runRenewals(t.db, t.app.billing, due);
    const tokenCalls = ours().slice(before);
    expect(tokenCalls).toHaveLength(1);
    expect(tokenCalls[0]!.body).toMatchObject({ amount: 590, currency: 'TWD' });

    const charges = (await call(t.app, 'GET', `/api/billing/charges?orgId=${owner.orgId}`, { token: owner.token })).body.data;
    expect(charges.map((c: { kind: string; status: string }) => `${c.kind}:${c.status}`)).toEqual(['renewal:paid', 'first:paid']);
    const after = (await call(t.app, 'GET', `/api/billing/subscription?orgId=${owner.orgId}`, { token: owner.token })).body.data;
    expect(after.currentPeriodStart).toBe(info.currentPeriodEnd);
  });

  it('declined renewal → retries on schedule → frozen (423 for every member) → payment → unfrozen at once', async () => {
    const owner = await signedInOwner(t.app, 'Dunning Co');
    const member = await registerUser(t.app);
    await addMember(t.db, owner.orgId, member.user.id);
    await checkout(t, owner, double.prime('4242424242424242'), 'basic');
    const info = (await call(t.app, 'GET', `/api/billing/subscription?orgId=${owner.orgId}`, { token: owner.token })).body.data;
    const end = new Date(info.currentPeriodEnd).getTime();
    const at = (hours: number) => new Date(end - 24 * hour + hours * hour + 60_000);

    double.declineSavedCards(true);
    try {
      const first = await runRenewals(t.db, t.app.billing, at(0));
      expect(first).toMatchObject({ created: 1, declined: 1, frozen: 0 });
      const failing = (await call(t.app, 'GET', `/api/billing/subscription?orgId=${owner.orgId}`, { token: owner.token })).body.data;
      expect(failing).toMatchObject({ status: 'payment_failed', frozen: false, amountDue: 290, notices: [{ kind: 'paymentFailed', amount: 290 }] });
      const mail = await readMail(t.app, t.db, owner.email);
      expect(mail[0]!.subject).toContain('Dunning Co');

      // Not yet time for the retry; then the three retries (24, 72, 120 hours after the first attempt).
      expect((await runRenewals(t.db, t.app.billing, at(12))).declined).toBe(0);
      expect((await runRenewals(t.db, t.app.billing, at(24))).declined).toBe(1);
      expect((await runRenewals(t.db, t.app.billing, at(72))).declined).toBe(1);
      expect((await runRenewals(t.db, t.app.billing, at(120))).declined).toBe(1);
      expect((await runRenewals(t.db, t.app.billing, at(150))).declined).toBe(0);
      // Grace: frozen 7 days after the period end.
      expect((await runRenewals(t.db, t.app.billing, at(24 + 7 * 24 - 2))).frozen).toBe(0);
      expect((await runRenewals(t.db, t.app.billing, at(24 + 7 * 24))).frozen).toBe(1);
    } finally {
      double.declineSavedCards(false);
    }

    for (const user of [member, owner]) {
      const { status } = await call(t.app, 'GET', `/api/organizations/get?orgId=${owner.orgId}`, { token: user.token });
      expect(status).toBe(423);
    }
    // The administrator still reaches billing, pays with a new card: unfrozen at once, nothing lost.
    const frozen = (await call(t.app, 'GET', `/api/billing/subscription?orgId=${owner.orgId}`, { token: owner.token })).body.data;
    expect(frozen).toMatchObject({ frozen: true, amountDue: 290 });
    const paid = await checkout(t, owner, double.prime('5555555555554444'), 'basic');
    expect(paid.body.data.charge).toMatchObject({ status: 'paid', kind: 'renewal', amount: 290, card: { last4: '4444' } });
    const { status } = await call(t.app, 'GET', `/api/organizations/get?orgId=${owner.orgId}`, { token: member.token });
    expect(status).toBe(200);
    const after = (await call(t.app, 'GET', `/api/billing/subscription?orgId=${owner.orgId}`, { token: owner.token })).body.data;
    expect(after).toMatchObject({ status: 'subscribed', frozen: false, amountDue: null });
  });
});

describe('TapPay 3-D Secure', () => {
  let double: TapPayDouble;
  let t: TestApp;

  beforeAll(async () => {
    double = await startTapPayDouble();
    t = await setup(double, true);
  });
  afterAll(async () => {
    await t.close();
    await double.close();
  });

  it('redirects to payment_url, refuses tampered notifies, and settles on the verified notify', async () => {
    const owner = await signedInOwner(t.app, '3DS Co');
    const { body } = await checkout(t, owner, double.prime('4242424242424242'));
    expect(body.data.charge.status).toBe('pending');
    expect(body.data.paymentUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/3ds\//);
    const sent = double.requests.filter((r) => r.path === '/tpc/payment/pay-by-prime').at(-1)!;
    expect(sent.body.three_domain_secure).toBe(true);
    expect(sent.body.result_url.frontend_redirect_url).toContain('/subscription/success?orgId=');

    const done = double.completeThreeDomainSecure(body.data.charge.providerTradeId, true);
    expect(done.redirectUrl).toContain(`charge=${body.data.charge.id}`);
    const path = done.notifyUrl.replace('http://lodestar.test', '');

    // A forged token, and a real token with another transaction: 400, nothing changes.
    const forged = await call(t.app, 'POST', path.replace(/token=[^&]+/, `token=${body.data.charge.id}.forged`), { body: done.notifyBody });
    expect(forged.status).toBe(400);
    const swapped = await call(t.app, 'POST', path, { body: { ...done.notifyBody, rec_trade_id: 'D-someone-else' } });
    expect(swapped.status).toBe(400);
    const still = await call(t.app, 'GET', `/api/billing/subscription?orgId=${owner.orgId}`, { token: owner.token });
    expect(still.body.data.plan).toBe('free');

    const notify = await call(t.app, 'POST', path, { body: done.notifyBody });
    expect(notify.status).toBe(200);
    const charge = await call(t.app, 'GET', `/api/billing/charges/${body.data.charge.id}?orgId=${owner.orgId}`, { token: owner.token });
    expect(charge.body.data).toMatchObject({ status: 'paid', card: { last4: '4242' } });
    const info = await call(t.app, 'GET', `/api/billing/subscription?orgId=${owner.orgId}`, { token: owner.token });
    expect(info.body.data).toMatchObject({ plan: 'subscribe_team', status: 'subscribed', card: { last4: '4242' } });
  });

  it('a notify that claims success for a failed 3-D Secure is not believed (the record decides)', async () => {
    const owner = await signedInOwner(t.app, '3DS Fail Co');
    const { body } = await checkout(t, owner, double.prime('4242424242424242'));
    const done = double.completeThreeDomainSecure(body.data.charge.providerTradeId, false);
    const notify = await call(t.app, 'POST', done.notifyUrl.replace('http://lodestar.test', ''), { body: { ...done.notifyBody, status: 0, msg: 'Success' } });
    expect(notify.status).toBe(200);
    const charge = await call(t.app, 'GET', `/api/billing/charges/${body.data.charge.id}?orgId=${owner.orgId}`, { token: owner.token });
    expect(charge.body.data.status).toBe('failed');
    const info = await call(t.app, 'GET', `/api/billing/subscription?orgId=${owner.orgId}`, { token: owner.token });
    expect(info.body.data.plan).toBe('free');
  });

  it('a 3-D Secure payment never completed is failed by the scheduler after a day', async () => {
    const owner = await signedInOwner(t.app, '3DS Abandoned Co');
    const { body } = await checkout(t, owner, double.prime('4242424242424242'));
    expect(body.data.charge.status).toBe('pending');
    await runRenewals(t.db, t.app.billing, new Date(Date.now() + 2 * hour));
    const waiting = await call(t.app, 'GET', `/api/billing/charges/${body.data.charge.id}?orgId=${owner.orgId}`, { token: owner.token });
    expect(waiting.body.data.status).toBe('pending');
    await runRenewals(t.db, t.app.billing, new Date(Date.now() + 25 * hour));
    const failed = await call(t.app, 'GET', `/api/billing/charges/${body.data.charge.id}?orgId=${owner.orgId}`, { token: owner.token });
    expect(failed.body.data).toMatchObject({ status: 'failed', failureMessage: '3ds: 3-D Secure not completed' });
  });
});
