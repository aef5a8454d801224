import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createDeal } from '../../../test/deals.ts';
import { call, signedInOwner, type TestUser } from '../../../test/factories.ts';

let t: TestApp;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInOwner(t.app, 'Acme');
  other = await signedInOwner(t.app, 'Other');
});
afterAll(async () => {
  await t?.close();
});

const url = (path: string, orgId = owner.orgId) => `/api${path}${path.includes('?') ? '&' : '?'}orgId=${orgId}`;

describe('deal margin (issue 30, defect 3)', () => {
  it('a deal without product lines measures its margin from its amount; with products, from the products', async () => {
    const cost = (await call(t.app, 'POST', url('/settings/cost'), { token: owner.token, body: { name: 'Travel', defaultPrice: '1500' } })).body.data;
    const dealId = await createDeal(t.app, owner.token, owner.orgId, { name: 'Amount only', amount: '120000', costs: [{ costId: cost.id, name: 'Travel', singlePrice: '1500', num: 1 }] });
    const deal = (await call(t.app, 'GET', url(`/page/deal/view/${dealId}`), { token: owner.token })).body.data.deal;
    expect(deal).toMatchObject({ productTotal: '0.00', costTotal: '1500.00', marginBasis: 'amount', margin: '118500.00' });

    const product = (await call(t.app, 'POST', url('/settings/product'), { token: owner.token, body: { name: 'Licence', color: '#13C2C2', defaultPrice: '1000' } })).body.data;
    const withProducts = await createDeal(t.app, owner.token, owner.orgId, {
      name: 'With products',
      amount: '120000',
      products: [{ productId: product.id, name: 'Licence', singlePrice: '1000', quotedPrice: '1000', num: 2 }],
      costs: [{ costId: cost.id, name: 'Travel', singlePrice: '1500', num: 1 }],
    });
    const priced = (await call(t.app, 'GET', url(`/page/deal/view/${withProducts}`), { token: owner.token })).body.data.deal;
    expect(priced).toMatchObject({ productTotal: '2000.00', marginBasis: 'products', margin: '500.00' });

    // Another workspace cannot read either figure.
    const foreign = await call(t.app, 'GET', url(`/page/deal/view/${dealId}`, other.orgId), { token: other.token });
    expect(foreign.status).toBe(404);
  });
});
