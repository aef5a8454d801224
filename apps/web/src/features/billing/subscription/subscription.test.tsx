import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import { planDefinitions, planOptions, plans, type BillingCatalog, type Charge, type PlanInfo } from '@lodestar/contract';
import { stubApi } from '../../../test/fetch-stub.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { formatBytes, formatTwd } from './format.ts';
import { subscriptionAccountRoutes, subscriptionRoutes } from './routes.tsx';
import { PlanLimitHint } from './components/plan-limit-hint.tsx';

afterEach(() => vi.unstubAllGlobals());
// The pages load on demand (lazy routes): on a busy machine that takes longer than the default second.
configure({ asyncUtilTimeout: 10_000 });

const orgId = '00000000-0000-4000-8000-000000000001';
const catalog: BillingCatalog = {
  currency: 'TWD',
  plans: plans.map((id) => planDefinitions[id]),
  options: planOptions,
  defaultPlan: 'subscribe_team',
  provider: 'sandbox',
  testMode: true,
  tappay: null,
  testCards: [{ number: '4242 4242 4242 4242', brand: 'VISA', outcome: 'approved' }],
};
const info = (patch: Partial<PlanInfo> = {}): PlanInfo => ({
  orgId, workspaceName: 'Acme', plan: 'free', status: null, extraSeats: 0, extraStorageBlocks: 0, seatsUsed: 1, seatLimit: 1,
  storageUsedBytes: 512 * 1024 ** 2, storageLimitBytes: 1024 ** 3, currentPeriodStart: null, currentPeriodEnd: null, nextRenewalAt: null,
  nextAmount: null, currency: 'TWD', cancelAtPeriodEnd: false, pendingChange: null, pendingCoupon: null, card: null, provider: null,
  frozen: false, amountDue: null, isAdministrator: true, notices: [], ...patch,
});

describe('billing formats', () => {
  it('shows whole New Taiwan dollars and storage sizes', () => {
    expect(formatTwd(1490)).toBe('NT$1,490');
    expect(formatBytes(20 * 1024 ** 3)).toBe('20 GB');
    expect(formatBytes(512 * 1024 ** 2)).toBe('512 MB');
  });
});

describe('/subscription', { timeout: 60_000 }, () => {
  it('compares the plans with Team preselected, says test mode and totals the month', async () => {
    stubApi({ '/billing/plans': catalog, '/billing/subscription': info() });
    renderRoutes(subscriptionRoutes, `/subscription?orgId=${orgId}`);
    expect(await screen.findByText(/Test mode: this server uses the sandbox payment provider/)).toBeTruthy();
    expect(screen.getAllByRole('listitem').length).toBeGreaterThanOrEqual(5);
    expect(screen.getByRole('button', { name: 'Selected' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('monthly-total').textContent).toBe('Monthly total: NT$1,490');
    expect(screen.getByRole('button', { name: /Pay NT\$1,490/ })).toBeTruthy();
  });

  it('tells a member who is not the administrator that only the administrator buys', async () => {
    stubApi({ '/billing/plans': catalog, '/billing/subscription': info({ isAdministrator: false }) });
    renderRoutes(subscriptionRoutes, `/subscription?orgId=${orgId}`);
    expect(await screen.findByText('Only the workspace administrator can buy, change or cancel the plan.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
  });
});

describe('/account/planInfo and the payment record', { timeout: 20_000 }, () => {
  it('shows plan, seats, storage of the quota and the next renewal', async () => {
    stubApi({
      '/billing/subscription': info({
        plan: 'subscribe_team', status: 'subscribed', seatsUsed: 3, seatLimit: 5, storageLimitBytes: 20 * 1024 ** 3,
        currentPeriodStart: '2027-01-31T04:00:00.000Z', currentPeriodEnd: '2027-02-28T04:00:00.000Z',
        nextRenewalAt: '2027-02-27T04:00:00.000Z', nextAmount: 1490, card: { brand: 'VISA', last4: '4242' }, provider: 'sandbox',
      }),
    });
    renderRoutes([{ path: '/account', children: subscriptionAccountRoutes }], `/account/planInfo?orgId=${orgId}`);
    expect((await screen.findByTestId('plan-name')).textContent).toBe('Team');
    expect(screen.getByText('3 of 5 used')).toBeTruthy();
    expect(screen.getByText('512 MB of 20 GB')).toBeTruthy();
    expect(screen.getByText('2027-02-27, NT$1,490')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel at period end' })).toBeTruthy();
  });

  it('lists every charge with its state', async () => {
    const charge: Charge = {
      id: 'c1', kind: 'first', status: 'paid', plan: 'pro', extraSeats: 0, extraStorageBlocks: 0, listAmount: 590, amount: 590, currency: 'TWD',
      couponCode: null, periodStart: '2027-01-31T04:00:00.000Z', periodEnd: '2027-02-28T04:00:00.000Z', provider: 'sandbox', providerTradeId: 'SBX1',
      orderNumber: 'LS20270131ABCDE', receiptNumber: 'LS20270131ABCDE', card: null, attempts: 1, failureMessage: null,
      paidAt: '2027-01-31T04:00:00.000Z', createdAt: '2027-01-31T04:00:00.000Z', workspaceName: 'Acme',
      invoice: { status: 'issued', number: 'TM12345678', randomCode: '0420', issuedAt: '2027-01-31T04:00:01.000Z', testMode: true },
    };
    stubApi({ '/billing/charges': [charge] });
    renderRoutes([{ path: '/account', children: subscriptionAccountRoutes }], `/account/purchase/history?orgId=${orgId}`);
    // The test screen is phone-sized: the receipt number, plan and period columns show from md up.
    expect(await screen.findByText('Paid')).toBeTruthy();
    expect(screen.getByText('NT$590')).toBeTruthy();
    // Its e-invoice: number, random code, status, test mode (docs/decisions/0021).
    expect(screen.getByText('TM12345678')).toBeTruthy();
    expect(screen.queryByText('LS20270131ABCDE')).toBeNull();
    expect(screen.getByText('Random code 0420')).toBeTruthy();
    expect(screen.getByText('Issued')).toBeTruthy();
  });
});

describe('plan limit hints on settings pages', { timeout: 20_000 }, () => {
  const renderHint = () => renderRoutes([{ path: '/:orgId/settings', element: <PlanLimitHint orgId={orgId} limit="salesStages" /> }], `/${orgId}/settings`);

  it('quote the workspace’s own limit with an upgrade link on Free', async () => {
    stubApi({ '/billing/subscription': info({ plan: 'free' }) });
    renderHint();
    expect((await screen.findByTestId('plan-limit-hint')).textContent).toContain('Your Free plan includes 6 sales stages.');
    expect(screen.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe(`/subscription?orgId=${orgId}`);
  });

  it('say nothing on a plan without that limit (Team)', async () => {
    const calls = stubApi({ '/billing/subscription': info({ plan: 'subscribe_team', status: 'subscribed' }) });
    renderHint();
    await waitFor(() => expect(calls.some((call) => call.startsWith('/api/billing/subscription'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('plan-limit-hint')).toBeNull();
  });
});

describe('/subscription/verify (the sandbox 3-D Secure page)', { timeout: 20_000 }, () => {
  it('says test mode and shows the payment with approve and fail', async () => {
    const tradeId = `SBX${'a'.repeat(32)}`;
    stubApi({ [`/billing/sandbox/verification/${tradeId}`]: { tradeId, orderNumber: 'LS20270131ABCDE-1', amount: 1490, currency: 'TWD', status: 'pending' } });
    renderRoutes(subscriptionRoutes, `/subscription/verify?trade=${tradeId}`);
    expect(await screen.findByText(/Test mode: this page stands in for your bank/)).toBeTruthy();
    expect(await screen.findByText('NT$1,490')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Approve the payment' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Fail the verification' })).toBeTruthy();
  });
});
