import { operatorEndpoints, fillPath } from '@lodestar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMember, call, registerUser, signedInOwner, type TestUser } from '../../../test/factories.ts';

const operatorEmail = 'ops@lodestar.test';
const coupon = { code: 'spring30', kind: 'percent', value: 30, plans: ['subscribe_team'], maxRedemptions: 2, validUntil: '2099-01-01T00:00:00+08:00' };

describe('the operator console (OPERATOR_EMAILS)', () => {
  let t: TestApp;
  let operator: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({ ENCRYPTION_KEY: 'ab'.repeat(32), OPERATOR_EMAILS: ` Someone@else.test, ${operatorEmail.toUpperCase()} ` });
    operator = await registerUser(t.app, { email: operatorEmail });
  });
  afterAll(() => t.close());

  const asOperator = (method: 'GET' | 'POST', url: string, body?: unknown, locale?: string) => call(t.app, method, `/api/operator${url}`, { token: operator.token, body, locale });

  it('the profile says who is an operator; nobody else, however privileged in a workspace, even sees the routes (404 on every one)', async () => {
    expect((await call(t.app, 'GET', '/api/profile', { token: operator.token })).body.data.isOperator).toBe(true);
    const owner = await signedInOwner(t.app, 'Top Admin Co');
    const systemAdmin = await registerUser(t.app);
    await addMember(t.db, owner.orgId, systemAdmin.user.id, { isSystemAdministrator: true });
    expect((await call(t.app, 'GET', '/api/profile', { token: owner.token })).body.data.isOperator).toBe(false);
    const id = '00000000-0000-4000-8000-000000000000';
    for (const endpoint of Object.values(operatorEndpoints)) {
      const url = `/api${fillPath(endpoint.path, { id, source: 'billing' })}`;
      // A body that would fail validation: refused as an unknown route before it is looked at.
      for (const token of [owner.token, systemAdmin.token]) {
        const res = await call(t.app, endpoint.method, url, { token, body: endpoint.method === 'POST' ? { nonsense: true } : undefined });
        expect(res.status, `${endpoint.method} ${url}`).toBe(404);
        expect(res.body.errorCode).toBe('ROUTE_NOT_FOUND');
      }
      expect((await call(t.app, endpoint.method, url)).status).toBe(401);
    }
    expect((await call(t.app, 'GET', `/api/operator/workspaces?orgId=${owner.orgId}`, { token: owner.token })).status).toBe(404);
  });

  it('creates a coupon (validated, unique), lists and searches it, disables it; each write is audited', async () => {
    const created = await asOperator('POST', '/coupons', coupon);
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ code: 'SPRING30', kind: 'percent', value: 30, plans: ['subscribe_team'], maxRedemptions: 2, redemptions: 0, disabledAt: null });
    expect((await asOperator('POST', '/coupons', coupon)).body.errorCode).toBe('BILLING_COUPON_EXISTS');

    const badPercent = await asOperator('POST', '/coupons', { ...coupon, code: 'BAD', value: 120 }, 'en-US');
    expect(badPercent.status).toBe(400);
    expect(JSON.stringify(badPercent.body)).toContain('value');
    expect((await asOperator('POST', '/coupons', { ...coupon, code: 'BAD2', plans: ['enterprise'] })).status).toBe(400);
    expect((await asOperator('POST', '/coupons', { ...coupon, code: 'BAD3', validFrom: '2099-02-01T00:00:00Z' })).status).toBe(400);
    expect((await asOperator('POST', '/coupons', { ...coupon, code: 'x' })).status).toBe(400);

    const list = await asOperator('GET', '/coupons?keyword=spring');
    expect(list.body.data).toMatchObject({ total: 1, items: [{ code: 'SPRING30' }] });
    expect((await asOperator('GET', '/coupons?keyword=nothing-like-it')).body.data).toEqual({ items: [], total: 0 });

    const disabled = await asOperator('POST', `/coupons/${created.body.data.id}/disable`);
    expect(disabled.body.data.disabledAt).not.toBeNull();
    // Twice changes nothing (and is audited once).
    expect((await asOperator('POST', `/coupons/${created.body.data.id}/disable`)).body.data.disabledAt).toBe(disabled.body.data.disabledAt);
    expect((await asOperator('POST', '/coupons/00000000-0000-4000-8000-000000000000/disable')).status).toBe(404);

    const audit = (await asOperator('GET', '/audit')).body.data;
    expect(audit.items.map((event: { action: string }) => event.action)).toEqual(['couponDisabled', 'couponCreated']);
    expect(audit.items[1]).toMatchObject({ operatorEmail, targetLabel: 'SPRING30', details: { kind: 'percent', value: 30 } });
  });

  it('a disabled coupon redeems no more, and a coupon for Team does not apply to Basic', async () => {
    const owner = await signedInOwner(t.app, 'Redeem Co');
    const quote = (body: Record<string, unknown>) => call(t.app, 'POST', `/api/billing/checkout/quote?orgId=${owner.orgId}`, { token: owner.token, body });
    expect((await quote({ plan: 'subscribe_team', couponCode: 'SPRING30' })).body.data).toMatchObject({ amount: 1490, couponRefusal: 'disabled' });
    await asOperator('POST', '/coupons', { ...coupon, code: 'TEAMONLY' });
    expect((await quote({ plan: 'basic', couponCode: 'TEAMONLY' })).body.data).toMatchObject({ amount: 290, couponRefusal: 'wrongPlan' });
    expect((await quote({ plan: 'subscribe_team', couponCode: 'teamonly' })).body.data).toMatchObject({ amount: 1043, discount: 447, renewalAmount: 1490, couponRefusal: null });
  });

  it('lists workspaces by name or owner e-mail with plan, seats, frozen and last activity; freezes, unfreezes and sets a plan, audited', async () => {
    const owner = await signedInOwner(t.app, 'Formosa Tea Operator');
    const found = await asOperator('GET', '/workspaces?keyword=formosa tea');
    expect(found.body.data.total).toBe(1);
    expect(found.body.data.items[0]).toMatchObject({ id: owner.orgId, name: 'Formosa Tea Operator', ownerEmail: owner.email, plan: 'free', frozen: false, seatsUsed: 1, seatLimit: 1, subscriptionStatus: null });
    expect((await asOperator('GET', `/workspaces?keyword=${encodeURIComponent(owner.email)}`)).body.data.items[0].id).toBe(owner.orgId);
    expect((await asOperator('GET', '/workspaces?pageSize=1&page=1')).body.data.items).toHaveLength(1);
    expect((await asOperator('GET', '/workspaces?pageSize=500')).status).toBe(400);

    const frozen = await asOperator('POST', `/workspaces/${owner.orgId}/freeze`, { frozen: true });
    expect(frozen.body.data.frozen).toBe(true);
    expect((await call(t.app, 'GET', `/api/settings/user/list?orgId=${owner.orgId}`, { token: owner.token })).status).toBe(423);
    await asOperator('POST', `/workspaces/${owner.orgId}/freeze`, { frozen: false });
    expect((await call(t.app, 'GET', `/api/settings/user/list?orgId=${owner.orgId}`, { token: owner.token })).status).toBe(200);

    const enterprise = await asOperator('POST', `/workspaces/${owner.orgId}/plan`, { plan: 'enterprise' });
    expect(enterprise.body.data).toMatchObject({ plan: 'enterprise', seatLimit: null });
    expect((await asOperator('POST', `/workspaces/${owner.orgId}/plan`, { plan: 'gold' })).status).toBe(400);
    expect((await asOperator('POST', '/workspaces/00000000-0000-4000-8000-000000000000/freeze', { frozen: true })).status).toBe(404);

    const audit = (await asOperator('GET', '/audit?pageSize=3')).body.data.items;
    expect(audit.map((event: { action: string; targetLabel: string }) => [event.action, event.targetLabel])).toEqual([
      ['planChanged', 'Formosa Tea Operator'],
      ['workspaceUnfrozen', 'Formosa Tea Operator'],
      ['workspaceFrozen', 'Formosa Tea Operator'],
    ]);
  });

  it('lists every workspace’s charges by workspace, status and date; a workspace paying by card keeps its plan (409)', async () => {
    const owner = await signedInOwner(t.app, 'Charged Operator Co');
    const paid = await call(t.app, 'POST', `/api/billing/checkout?orgId=${owner.orgId}`, {
      token: owner.token,
      body: { plan: 'pro', extraSeats: 0, extraStorageBlocks: 0, expectedAmount: 590, payment: { kind: 'sandboxCard', number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }, cardholder: { name: '王小明', email: 'a@example.com' } },
    });
    expect(paid.body.data.charge.status).toBe('paid');
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const charges = await asOperator('GET', `/charges?keyword=charged operator&status=paid&from=${today}&to=${today}`);
    expect(charges.body.data).toMatchObject({ total: 1, items: [{ orgId: owner.orgId, workspaceName: 'Charged Operator Co', amount: 590, status: 'paid', plan: 'pro' }] });
    expect((await asOperator('GET', `/charges?keyword=${owner.orgId}&status=failed`)).body.data.total).toBe(0);
    expect((await asOperator('GET', '/charges?keyword=charged operator&from=2020-01-01&to=2020-01-02')).body.data.total).toBe(0);
    const backwards = await asOperator('GET', '/charges?from=2026-02-01&to=2026-01-01');
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(backwards.body)).toContain('to');
    expect((await asOperator('POST', `/workspaces/${owner.orgId}/plan`, { plan: 'free' })).body.errorCode).toBe('OPERATOR_WORKSPACE_SUBSCRIBED');
  });

  it('the audit trail is append-only in the database itself', async () => {
    await expect(t.db.execute(sql`update operator_audit_events set operator_email = 'someone@else.test'`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from operator_audit_events`)).rejects.toThrow();
    expect((await asOperator('GET', '/audit')).body.data.total).toBeGreaterThan(0);
  });
});
