import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { call, registerUser, signedInOwner, type TestUser } from '../../../test/factories.ts';
import { gcisDouble } from '../../../test/gcis-double.ts';
import { clearCompanyRegistryCache } from './company-registry.ts';

let t: TestApp;
let registry: Awaited<ReturnType<typeof gcisDouble>>;
let owner: TestUser & { orgId: string };
let stranger: TestUser;

beforeAll(async () => {
  registry = await gcisDouble();
  t = await buildTestApp({ GCIS_API_URL: registry.url });
  owner = await signedInOwner(t.app, 'Registry');
  stranger = await registerUser(t.app);
});
afterAll(async () => {
  await t?.close();
  await registry?.close();
});
beforeEach(() => {
  clearCompanyRegistryCache();
  registry.state.mode = 'up';
});

const lookUp = (taxId: string, user: TestUser = owner, locale?: string) =>
  call(t.app, 'GET', `/api/company-registry?orgId=${owner.orgId}&taxId=${encodeURIComponent(taxId)}`, { token: user.token, ...(locale ? { locale } : {}) });

describe('company registry lookup (統編)', () => {
  it('answers the registered company: name, status, representative, address, capital and dates from ROC dates', async () => {
    const found = await lookUp('22099131');
    expect(found.status).toBe(200);
    expect(found.body.data).toEqual({
      status: 'found',
      entry: {
        taxId: '22099131',
        name: '台灣積體電路製造股份有限公司',
        statusText: '核准設立',
        active: true,
        representative: '魏哲家',
        address: '新竹科學園區新竹市力行六路8號',
        capital: 280500000000,
        paidInCapital: 259323700670,
        setupDate: '1987-02-21',
        lastChangeDate: '2026-06-18',
      },
    });
  });

  it('tells a dissolved company apart, and reads blanks written as spaces and a paid-in capital of 0 as none', async () => {
    const found = await lookUp('10007919');
    expect(found.body.data.entry).toMatchObject({ statusText: '解散', active: false, paidInCapital: null, capital: 500000, setupDate: '2009-03-15' });
  });

  it('answers notFound for a valid 統編 the registry does not know (its empty body)', async () => {
    const answer = await lookUp('04595257');
    expect(answer.body.data).toEqual({ status: 'notFound', entry: null });
  });

  it('answers unavailable, not an error, when the registry is down, and asks again once it is back', async () => {
    registry.state.mode = 'down';
    expect((await lookUp('22099131')).body.data).toEqual({ status: 'unavailable', entry: null });
    registry.state.mode = 'up';
    expect((await lookUp('22099131')).body.data.status).toBe('found');
  });

  it('asks the registry once a day per 統編', async () => {
    const before = registry.state.requests;
    await lookUp('22099131');
    await lookUp('22099131');
    expect(registry.state.requests - before).toBe(1);
  });

  it('refuses a 統編 that fails the checksum with a localized 400 naming the field, without asking the registry', async () => {
    const before = registry.state.requests;
    const bad = await lookUp('22099132', owner, 'en-US');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ result: 'fail', errorCode: 'VALIDATION_FAILED' });
    expect(bad.body.errorMessage).toContain('taxId');
    expect(registry.state.requests).toBe(before);
  });

  it('is for members of the workspace only', async () => {
    const refused = await lookUp('22099131', stranger);
    expect([403, 404]).toContain(refused.status);
    const anonymous = await call(t.app, 'GET', `/api/company-registry?orgId=${owner.orgId}&taxId=22099131`, {});
    expect(anonymous.status).toBe(401);
  });
});
