import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { call, signedInOwner, type Json, type TestUser } from '../../../test/factories.ts';
import { gcisDouble } from '../../../test/gcis-double.ts';
import { runEnrichments, type EnrichmentDeps } from './company-enrichment.service.ts';
import { clearCompanyRegistryCache } from './company-registry.ts';

let t: TestApp;
let registry: Awaited<ReturnType<typeof gcisDouble>>;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let deps: EnrichmentDeps;

beforeAll(async () => {
  registry = await gcisDouble();
  t = await buildTestApp({ GCIS_API_URL: registry.url });
  owner = await signedInOwner(t.app, 'Enrich');
  other = await signedInOwner(t.app, 'Other');
  deps = { apiUrl: registry.url, ratePerSecond: 50 };
});
afterAll(async () => {
  await t?.close();
  await registry?.close();
});
beforeEach(async () => {
  clearCompanyRegistryCache();
  registry.state.mode = 'up';
  // Each case starts with no unfinished enrichment (one at a time per workspace).
  await t.db.execute(sql`update company_enrichments set status = 'done'`);
});

async function createCompany(body: Json, user = owner): Promise<string> {
  const answer = await call(t.app, 'POST', `/api/company?orgId=${user.orgId}`, { token: user.token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.id;
}
const start = (body: Json, user = owner, orgId = user.orgId) => call(t.app, 'POST', `/api/company-registry/enrichments?orgId=${orgId}`, { token: user.token, body });
const progress = (id: string, user = owner) => call(t.app, 'GET', `/api/company-registry/enrichments/${id}?orgId=${user.orgId}`, { token: user.token });
const company = async (id: string) => (await call(t.app, 'GET', `/api/company/${id}?orgId=${owner.orgId}`, { token: owner.token })).body.data;

describe('bulk 統編 enrichment', () => {
  it('fills only empty values through the company save (history path "registry"), lists dissolved ones and sums up', async () => {
    const tsmc = await createCompany({ name: '台積電', tax: '22099131' });
    const dissolved = await createCompany({ name: '福爾摩沙測試有限公司', tax: '10007919', address: '我們記的地址' });
    const unknown = await createCompany({ name: '個人工作室', tax: '12345675' });
    const noTax = await createCompany({ name: '沒有統編' });

    const started = await start({ companyIds: [tsmc, dissolved, unknown, noTax] });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body.data).toMatchObject({ status: 'running', total: 4, processed: 0 });
    // One at a time per workspace.
    expect((await start({ all: true })).status).toBe(409);

    const requestsBefore = registry.state.requests;
    await runEnrichments(t.db, deps);
    const done = (await progress(started.body.data.id)).body.data;
    expect(done).toMatchObject({ status: 'done', total: 4, processed: 4, filled: 1, unchanged: 1, notFound: 1, skipped: 1 });
    expect(done.flagged).toEqual([{ companyId: dissolved, name: '福爾摩沙測試有限公司', statusText: '解散' }]);
    expect(done.finishedAt).not.toBeNull();
    // The company without a 統編 was never asked about.
    expect(registry.state.requests - requestsBefore).toBe(3);

    // The name the user wrote stays; the registered one joins the other names; the empty address is filled.
    expect(await company(tsmc)).toMatchObject({ name: '台積電', otherNames: ['台灣積體電路製造股份有限公司'], address: '新竹科學園區新竹市力行六路8號' });
    // The user's address is never overwritten.
    expect((await company(dissolved)).address).toBe('我們記的地址');

    const history = await call(t.app, 'GET', `/api/history/company/${tsmc}?orgId=${owner.orgId}`, { token: owner.token });
    expect(history.body.data.items[0]).toMatchObject({ action: 'updated', source: 'registry' });
    expect(history.body.data.items[0].changes.map((c: Json) => c.field).sort()).toEqual(['address', 'otherNames']);
  });

  it('waits and asks again later when the registry is unavailable, continuing where it stopped', async () => {
    const first = await createCompany({ name: '測試一', tax: '12345670' });
    const second = await createCompany({ name: '測試二', tax: '12345671' });
    const started = await start({ companyIds: [first, second] });
    registry.state.mode = 'down';
    await runEnrichments(t.db, deps);
    const waiting = (await progress(started.body.data.id)).body.data;
    expect(waiting).toMatchObject({ status: 'waiting', processed: 0 });
    expect(new Date(waiting.retryAt).getTime()).toBeGreaterThan(Date.now());

    // Not due yet: nothing happens.
    registry.state.mode = 'up';
    expect(await runEnrichments(t.db, deps)).toBe(0);
    await t.db.execute(sql`update company_enrichments set next_at = now() where id = ${started.body.data.id}`);
    await runEnrichments(t.db, deps);
    expect((await progress(started.body.data.id)).body.data).toMatchObject({ status: 'done', processed: 2, notFound: 2, retryAt: null });
  });

  it("starts for an import's companies, and refuses a bad choice naming the field", async () => {
    const noImport = await start({ importId: '00000000-0000-4000-8000-000000000000' });
    expect(noImport.status).toBe(400);
    expect(noImport.body.errorMessage).toMatch(/importId/);
    const both = await start({ all: true, companyIds: ['00000000-0000-4000-8000-000000000000'] });
    expect(both.status).toBe(400);
    expect(both.body.errorMessage).toMatch(/companyIds/);
  });

  it("is the workspace's own: another workspace cannot read it, and its companies are out of reach", async () => {
    const mine = await createCompany({ name: '別人的公司', tax: '22099131' }, other);
    const started = await start({ companyIds: [mine] });
    await runEnrichments(t.db, deps);
    expect((await progress(started.body.data.id)).body.data).toMatchObject({ status: 'done', skipped: 1, filled: 0 });
    const theirs = await call(t.app, 'GET', `/api/company/${mine}?orgId=${other.orgId}`, { token: other.token });
    expect(theirs.body.data.address).toBeNull();

    expect((await progress(started.body.data.id, other)).status).toBe(404);
    const list = await call(t.app, 'GET', `/api/company-registry/enrichments?orgId=${other.orgId}`, { token: other.token });
    expect(list.body.data.items).toEqual([]);
    expect((await start({ all: true }, other, owner.orgId)).status).toBe(403);
  });
});
