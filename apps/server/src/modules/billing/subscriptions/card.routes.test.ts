import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMember, call, registerUser, signedInOwner, type TestUser } from '../../../test/factories.ts';
import { startTapPayDouble, tappayTestMerchantId, tappayTestPartnerKey, type TapPayDouble } from '../../../test/tappay-double.ts';
import { runRenewals } from './renewals.ts';
import { billingPaymentMethods } from './subscriptions.table.ts';

const cardholder = { name: 'Ada Lin', email: 'ada@example.com', phone: '0912345678' };
const sandboxCard = (number: string) => ({ kind: 'sandboxCard', number, expiry: '12/30', cvc: '123' });
type Owner = TestUser & { orgId: string };
const hour = 3_600_000;

const bind = (t: TestApp, owner: Owner, payment: Record<string, unknown>, token = owner.token) =>
  call(t.app, 'POST', `/api/billing/card?orgId=${owner.orgId}`, { token, body: { payment, cardholder } });
const info = async (t: TestApp, owner: Owner) => (await call(t.app, 'GET', `/api/billing/subscription?orgId=${owner.orgId}`, { token: owner.token })).body.data;

describe('changing the saved card without paying: TapPay bind card (local double)', () => {
  let double: TapPayDouble;
  let t: TestApp;
  beforeAll(async () => {
    double = await startTapPayDouble();
    t = await buildTestApp({
      BILLING_PROVIDER: 'tappay',
      TAPPAY_PARTNER_KEY: tappayTestPartnerKey,
      TAPPAY_MERCHANT_ID: tappayTestMerchantId,
      TAPPAY_API_URL: double.url,
      TAPPAY_THREE_DOMAIN_SECURE: 'false',
      ENCRYPTION_KEY: 'ef'.repeat(32),
    });
  });
  afterAll(async () => {
    await t.close();
    await double.close();
  });

  const subscribe = async (owner: Owner) => {
    const { body } = await call(t.app, 'POST', `/api/billing/checkout?orgId=${owner.orgId}`, {
      token: owner.token,
      body: { plan: 'subscribe_team', extraSeats: 0, extraStorageBlocks: 0, expectedAmount: 1490, payment: { kind: 'prime', prime: double.prime('4242 4242 4242 4242') }, cardholder },
    });
    expect(body.data.charge.status).toBe('paid');
  };

  it('binds the new card (no charge), keeps only its key and token encrypted, and renews with it', async () => {
    const owner = await signedInOwner(t.app, 'Bind Co');
    await subscribe(owner);
    const firstCardKey = [...double.trades.values()].at(-1)!.cardKey;
    const trades = double.trades.size;
    const { status, body } = await bind(t, owner, { kind: 'prime', prime: double.prime('5555 5555 5555 4444') });
    expect(status).toBe(200);
    expect(body.data.card).toEqual({ brand: 'MASTERCARD', last4: '4444' });
    expect(double.trades.size).toBe(trades); // nothing charged

    const sent = double.requests.filter((r) => r.path === '/tpc/card/bind').at(-1)!;
    expect(sent.apiKey).toBe(tappayTestPartnerKey);
    expect(sent.body).toMatchObject({ partner_key: tappayTestPartnerKey, merchant_id: tappayTestMerchantId, currency: 'TWD', cardholder: { name: 'Ada Lin', email: 'ada@example.com', phone_number: '0912345678' } });
    expect(sent.body.amount).toBeUndefined();

    const [stored] = await t.db.select().from(billingPaymentMethods).where(eq(billingPaymentMethods.orgId, owner.orgId));
    expect(stored!.last4).toBe('4444');
    expect(stored!.cardKey).not.toMatch(/^ck_/); // encrypted at rest

    // The next renewal goes to the new card.
    const end = new Date((await info(t, owner)).currentPeriodEnd);
    await runRenewals(t.db, t.app.billing, new Date(end.getTime() - hour), { orgId: owner.orgId });
    // The double answers pay-by-token only for a card it bound or remembered: paid with a key other than the first.
    const renewal = double.requests.filter((r) => r.path === '/tpc/payment/pay-by-token').at(-1)!;
    expect(renewal.body.card_key).not.toBe(firstCardKey);
    expect(await info(t, owner)).toMatchObject({ status: 'subscribed', card: { last4: '4444' } });
  });

  it('a declined card or a used prime is refused and the old card stays', async () => {
    const owner = await signedInOwner(t.app, 'Bind Declined Co');
    await subscribe(owner);
    const declined = await bind(t, owner, { kind: 'prime', prime: double.prime('4000 0000 0000 0002') });
    expect(declined.status).toBe(400);
    expect(declined.body.errorCode).toBe('BILLING_CARD_DECLINED');
    const prime = double.prime('5555 5555 5555 4444');
    expect((await bind(t, owner, { kind: 'prime', prime })).status).toBe(200);
    expect((await bind(t, owner, { kind: 'prime', prime })).body.errorCode).toBe('BILLING_CARD_DECLINED');
    expect((await info(t, owner)).card).toEqual({ brand: 'MASTERCARD', last4: '4444' });
  });

  it('administrator only (403), another workspace 404, Free workspaces have no card to change (409)', async () => {
    const owner = await signedInOwner(t.app, 'Bind Perm Co');
    await subscribe(owner);
    const member = await registerUser(t.app);
    await addMember(t.db, owner.orgId, member.user.id, { isSystemAdministrator: true });
    expect((await bind(t, owner, { kind: 'prime', prime: double.prime('4242 4242 4242 4242') }, member.token)).status).toBe(403);
    const stranger = await signedInOwner(t.app, 'Bind Stranger');
    expect((await bind(t, owner, { kind: 'prime', prime: double.prime('4242 4242 4242 4242') }, stranger.token)).status).toBe(404);
    expect((await bind(t, stranger, { kind: 'prime', prime: double.prime('4242 4242 4242 4242') })).status).toBe(409);
    expect((await bind(t, owner, { kind: 'savedCard' })).status).toBe(400);
  });
});

describe('sandbox: 3-D Secure through our test-mode verification page, and card changes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ENCRYPTION_KEY: 'ef'.repeat(32), PUBLIC_URL: 'http://lodestar.test' });
  });
  afterAll(() => t.close());

  const checkout = (owner: Owner, number: string) =>
    call(t.app, 'POST', `/api/billing/checkout?orgId=${owner.orgId}`, {
      token: owner.token,
      body: { plan: 'subscribe_team', extraSeats: 0, extraStorageBlocks: 0, expectedAmount: 1490, payment: sandboxCard(number), cardholder },
    });
  const tradeOf = (paymentUrl: string) => new URL(paymentUrl).searchParams.get('trade')!;

  it('4000 0000 0000 3220 goes to the verification page; approving settles it through the notify and returns to success', async () => {
    const owner = await signedInOwner(t.app, 'Sandbox 3DS Co');
    const { body } = await checkout(owner, '4000 0000 0000 3220');
    expect(body.data.charge.status).toBe('pending');
    expect(body.data.paymentUrl).toMatch(/^http:\/\/lodestar\.test\/subscription\/verify\?trade=SBX[0-9a-f]{32}$/);
    const trade = tradeOf(body.data.paymentUrl);
    expect((await info(t, owner)).plan).toBe('free');

    // The page is public (like a bank's) and shows what is being paid.
    const page = await call(t.app, 'GET', `/api/billing/sandbox/verification/${trade}`);
    expect(page.body.data).toMatchObject({ tradeId: trade, amount: 1490, currency: 'TWD', status: 'pending' });

    const approved = await call(t.app, 'POST', `/api/billing/sandbox/verification/${trade}`, { body: { approve: true } });
    expect(approved.status).toBe(200);
    const back = new URL(approved.body.data.redirectUrl);
    expect(back.pathname).toBe('/subscription/success');
    expect(back.searchParams.get('charge')).toBe(body.data.charge.id);
    expect(back.searchParams.get('status')).toBe('0');
    expect(await info(t, owner)).toMatchObject({ plan: 'subscribe_team', status: 'subscribed', card: { last4: '3220' } });
    // Answered once: a second answer is refused.
    expect((await call(t.app, 'POST', `/api/billing/sandbox/verification/${trade}`, { body: { approve: false } })).status).toBe(404);
  });

  it('failing 3-D Secure leaves the workspace on Free with a failed charge', async () => {
    const owner = await signedInOwner(t.app, 'Sandbox 3DS Fail Co');
    const { body } = await checkout(owner, '4000 0000 0000 3220');
    const failed = await call(t.app, 'POST', `/api/billing/sandbox/verification/${tradeOf(body.data.paymentUrl)}`, { body: { approve: false } });
    expect(failed.status).toBe(200);
    const charge = await call(t.app, 'GET', `/api/billing/charges/${body.data.charge.id}?orgId=${owner.orgId}`, { token: owner.token });
    expect(charge.body.data.status).toBe('failed');
    expect((await info(t, owner)).plan).toBe('free');
  });

  it('unknown trades are 404; a sandbox card change needs a test card', async () => {
    expect((await call(t.app, 'GET', `/api/billing/sandbox/verification/SBX${'0'.repeat(32)}`)).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/billing/sandbox/verification/not-a-trade')).status).toBe(400);
    const owner = await signedInOwner(t.app, 'Sandbox Bind Co');
    expect((await checkout(owner, '4000 0000 0000 0341')).body.data.charge.status).toBe('paid');
    expect((await bind(t, owner, sandboxCard('4111 1111 1111 1111'))).status).toBe(400);
    // The renewals-declined card replaced by an approved one: the renewal is paid.
    expect((await bind(t, owner, sandboxCard('5555 5555 5555 4444'))).body.data.card).toEqual({ brand: 'MASTERCARD', last4: '4444' });
    const end = new Date((await info(t, owner)).currentPeriodEnd);
    expect((await runRenewals(t.db, t.app.billing, new Date(end.getTime() - hour), { orgId: owner.orgId })).paid).toBe(1);
  });
});

describe('the sandbox verification page does not exist with TapPay', () => {
  let double: TapPayDouble;
  let t: TestApp;
  beforeAll(async () => {
    double = await startTapPayDouble();
    t = await buildTestApp({ BILLING_PROVIDER: 'tappay', TAPPAY_PARTNER_KEY: tappayTestPartnerKey, TAPPAY_MERCHANT_ID: tappayTestMerchantId, TAPPAY_API_URL: double.url });
  });
  afterAll(async () => {
    await t.close();
    await double.close();
  });

  it('404', async () => {
    expect((await call(t.app, 'POST', `/api/billing/sandbox/verification/SBX${'a'.repeat(32)}`, { body: { approve: true } })).status).toBe(404);
  });
});
