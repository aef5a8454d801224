import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMember, call, registerUser, signedInOwner, type TestUser } from '../../../test/factories.ts';
import { billingCoupons } from '../coupons/coupons.table.ts';
import * as couponsService from '../coupons/coupons.service.ts';

type Owner = TestUser & { orgId: string };
const cardholder = { name: '王小明', email: 'ming@example.com', phone: '' };
const payment = { kind: 'sandboxCard', number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };
const coupon = (code: string, extra: Partial<Parameters<typeof couponsService.createCoupon>[1]> = {}) =>
  couponsService.createCoupon(t.db, { code, kind: 'percent', value: 20, validFrom: null, validUntil: null, maxRedemptions: null, plans: [], ...extra });
let t: TestApp;

/** Issue 30 #1: the price with a coupon is shown before paying, and exactly that is charged. */
describe('the checkout quote and the amount the administrator saw', () => {
  beforeAll(async () => {
    t = await buildTestApp({ ENCRYPTION_KEY: 'cd'.repeat(32) });
  });
  afterAll(() => t.close());

  const quote = (owner: Owner, body: Record<string, unknown>, token = owner.token) =>
    call(t.app, 'POST', `/api/billing/checkout/quote?orgId=${owner.orgId}`, { token, body: { plan: 'subscribe_team', extraSeats: 0, extraStorageBlocks: 0, ...body }, locale: 'en-US' });
  const checkout = (owner: Owner, body: Record<string, unknown>) =>
    call(t.app, 'POST', `/api/billing/checkout?orgId=${owner.orgId}`, { token: owner.token, body: { plan: 'subscribe_team', extraSeats: 0, extraStorageBlocks: 0, payment, cardholder, ...body }, locale: 'en-US' });
  const redemptions = async (code: string) => (await t.db.select().from(billingCoupons).where(eq(billingCoupons.code, code)))[0]!.redemptions;

  it('20 % off Team: NT$1,192 now, NT$1,490 from the renewal; checking redeems nothing; paying charges exactly the quote', async () => {
    await coupon('QUOTE20');
    const owner = await signedInOwner(t.app, 'Quote Co');
    const { status, body } = await quote(owner, { couponCode: 'quote20' });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ listAmount: 1490, amount: 1192, discount: 298, renewalAmount: 1490, currency: 'TWD', coupon: { code: 'QUOTE20', kind: 'percent', value: 20, waiting: false }, couponRefusal: null });
    expect(await redemptions('QUOTE20')).toBe(0);
    const paid = await checkout(owner, { couponCode: 'QUOTE20', expectedAmount: body.data.amount });
    expect(paid.body.data.charge).toMatchObject({ status: 'paid', listAmount: 1490, amount: 1192, couponCode: 'QUOTE20' });
    expect((await call(t.app, 'GET', `/api/billing/subscription?orgId=${owner.orgId}`, { token: owner.token })).body.data).toMatchObject({ nextAmount: 1490, pendingCoupon: null });
  });

  it('says why a code gives nothing, and the price without it', async () => {
    await coupon('EXPIRED10', { validUntil: '2020-01-01T00:00:00Z' });
    await coupon('BASICONLY', { plans: ['basic'] });
    await coupon('ONCEONLY', { maxRedemptions: 1 });
    const owner = await signedInOwner(t.app, 'Refusal Co');
    const other = await signedInOwner(t.app, 'Refusal Other Co');
    await checkout(other, { couponCode: 'ONCEONLY', expectedAmount: 1192 });
    expect((await quote(owner, { couponCode: 'NOSUCH' })).body.data).toMatchObject({ amount: 1490, coupon: null, couponRefusal: 'notFound' });
    expect((await quote(owner, { couponCode: 'EXPIRED10' })).body.data.couponRefusal).toBe('expired');
    expect((await quote(owner, { couponCode: 'BASICONLY' })).body.data.couponRefusal).toBe('wrongPlan');
    expect((await quote(owner, { couponCode: 'BASICONLY', plan: 'basic' })).body.data).toMatchObject({ amount: 232, couponRefusal: null });
    expect((await quote(owner, { couponCode: 'ONCEONLY' })).body.data.couponRefusal).toBe('exhausted');
  });

  it('validates the choice and the code, naming the field (400), and writes nothing', async () => {
    const owner = await signedInOwner(t.app, 'Invalid Quote Co');
    for (const [body, field] of [
      [{ couponCode: 'a b' }, 'couponCode'],
      [{ plan: 'enterprise' }, 'plan'],
      [{ extraSeats: -1 }, 'extraSeats'],
    ] as const) {
      const res = await quote(owner, body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(field);
    }
    const missing = await checkout(owner, {});
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('expectedAmount');
  });

  it('refuses with 409 when the amount is no longer what was shown (the coupon ran out meanwhile), writing nothing', async () => {
    await coupon('LASTONE', { maxRedemptions: 1 });
    const first = await signedInOwner(t.app, 'Fast Co');
    const second = await signedInOwner(t.app, 'Slow Co');
    // Both pages showed NT$1,192; the first pays, the coupon is used up.
    expect((await quote(second, { couponCode: 'LASTONE' })).body.data.amount).toBe(1192);
    expect((await checkout(first, { couponCode: 'LASTONE', expectedAmount: 1192 })).body.data.charge.amount).toBe(1192);
    const refused = await checkout(second, { couponCode: 'LASTONE', expectedAmount: 1192 });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ errorCode: 'BILLING_AMOUNT_CHANGED' });
    expect(refused.body.errorMessage).toContain('NT$1,490');
    expect(await redemptions('LASTONE')).toBe(1);
    expect((await call(t.app, 'GET', `/api/billing/charges?orgId=${second.orgId}`, { token: second.token })).body.data).toEqual([]);
    // A stale amount without any coupon is refused too; the right one goes through.
    expect((await checkout(second, { expectedAmount: 1000 })).status).toBe(409);
    expect((await checkout(second, { expectedAmount: 1490 })).body.data.charge).toMatchObject({ status: 'paid', amount: 1490 });
  });

  it('a coupon redeemed earlier and waiting is in the quote; a declined payment can be retried with the same code', async () => {
    await coupon('WAITING', { kind: 'amount', value: 100 });
    await coupon('RETRY', { maxRedemptions: 1 });
    const owner = await signedInOwner(t.app, 'Waiting Co');
    await call(t.app, 'POST', `/api/billing/coupons/redeem?orgId=${owner.orgId}`, { token: owner.token, body: { code: 'WAITING' } });
    expect((await quote(owner, {})).body.data).toMatchObject({ amount: 1390, coupon: { code: 'WAITING', waiting: true } });
    // A typed code goes first; the waiting one then lowers the first renewal.
    expect((await quote(owner, { couponCode: 'RETRY' })).body.data).toMatchObject({ amount: 1192, renewalAmount: 1390 });
    const declined = await checkout(owner, { couponCode: 'RETRY', expectedAmount: 1192, payment: { ...payment, number: '4111 1111 1111 1111' } });
    expect(declined.body.data.charge.status).toBe('failed');
    expect((await quote(owner, { couponCode: 'RETRY' })).body.data).toMatchObject({ amount: 1192, coupon: { waiting: true } });
    expect((await checkout(owner, { couponCode: 'RETRY', expectedAmount: 1192 })).body.data.charge).toMatchObject({ status: 'paid', amount: 1192 });
  });

  it('is for the administrator (403); another workspace gets 404', async () => {
    const owner = await signedInOwner(t.app, 'Quote Perm Co');
    const admin = await registerUser(t.app);
    await addMember(t.db, owner.orgId, admin.user.id, { isSystemAdministrator: true });
    expect((await quote(owner, {}, admin.token)).status).toBe(403);
    const stranger = await signedInOwner(t.app, 'Quote Stranger');
    expect((await quote(owner, {}, stranger.token)).status).toBe(404);
  });
});
