import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { call, type Json, type TestUser } from '../../../test/factories.ts';
import { gcisDouble } from '../../../test/gcis-double.ts';
import { importKit } from '../../../test/import-kit.ts';
import { createCompany, crmFixture } from '../../../test/records.ts';
import { runEnrichments } from '../../records/companies/company-enrichment.service.ts';
import { companies } from '../../records/companies/companies.table.ts';
import { contacts } from '../../records/contacts/contacts.table.ts';

// Issue 37 part 2: a contact or company import whose rows carry 統編 offers to fill its companies from the registry
// (the done page's registryCompanies), and the enrichment started with its importId fills them.
let t: TestApp;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let registry: Awaited<ReturnType<typeof gcisDouble>>;
let contactKit: ReturnType<typeof importKit>;
let companyKit: ReturnType<typeof importKit>;

beforeAll(async () => {
  registry = await gcisDouble();
  ({ t, owner, other } = await crmFixture({ DATA_DIR: `/tmp/lodestar-import-enrichment-test-${process.pid}`, GCIS_API_URL: registry.url }));
  contactKit = importKit(t, 'customer');
  companyKit = importKit(t, 'company');
});
afterAll(async () => {
  await t?.close();
  await registry?.close();
});

const companyNamed = async (name: string, orgId = owner.orgId) =>
  (await t.db.select().from(companies).where(and(eq(companies.orgId, orgId), eq(companies.name, name), isNull(companies.deletedAt))))[0];
const contactNamed = async (lastName: string) => (await t.db.select().from(contacts).where(and(eq(contacts.orgId, owner.orgId), eq(contacts.lastName, lastName))))[0];
const startEnrichment = (who: TestUser & { orgId: string }, importId: string) =>
  call(t.app, 'POST', `/api/company-registry/enrichments?orgId=${who.orgId}`, { token: who.token, body: { importId } });
const runJob = () => runEnrichments(t.db, { apiUrl: registry.url, ratePerSecond: 50 });

describe('registry enrichment of an import', () => {
  it("a contact file's company 統編 column: checked, the company found by it or created with it, then filled from the registry", async () => {
    const known = await createCompany(t.app, owner.token, owner.orgId, { name: '舊名稱公司', tax: '04595257' });
    const text = [
      'Last name,Company,公司統編',
      '王小明,台積電,22099131',
      '李大華,台積電,22099131',
      '陳美麗,另一個名字,04595257',
      '林一,沒有統編公司,',
      '錯誤,錯誤公司,12345678',
      '孤單,,22099131',
    ].join('\n');
    const up = await contactKit.upload(owner, Buffer.from(text));
    const check = (await contactKit.detail(owner, up.body.data.id)).body.data;
    expect(check.mapping).toEqual(['lastName', 'company', 'companyTaxId']);
    expect(check.registryCompanies).toBe(0);
    expect(check.problems.map((p: Json) => [p.row, p.column, p.reason])).toEqual([
      [5, '公司統編', 'invalidTaxId'],
      [6, 'Company', 'required'],
    ]);

    const { id, detail } = await contactKit.run(owner, text);
    expect(detail).toMatchObject({ state: 'done', created: 4, failed: 2 });
    // The 統編 found the company that holds it, whatever the row called it; a new one was created with its 統編, once.
    expect((await contactNamed('陳美麗'))!.companyId).toBe(known);
    expect(await companyNamed('另一個名字')).toBeUndefined();
    const tsmc = (await companyNamed('台積電'))!;
    expect(tsmc.tax).toBe('22099131');
    expect((await contactNamed('李大華'))!.companyId).toBe(tsmc.id);
    expect((await companyNamed('沒有統編公司'))!.tax).toBeNull();
    // Only the companies it created with a 統編 are offered.
    expect(detail.registryCompanies).toBe(1);

    expect((await startEnrichment(other, id)).status).toBe(400);
    const started = await startEnrichment(owner, id);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body.data).toMatchObject({ importId: id, total: 2 });
    await runJob();
    const done = (await call(t.app, 'GET', `/api/company-registry/enrichments/${started.body.data.id}?orgId=${owner.orgId}`, { token: owner.token })).body.data;
    expect(done).toMatchObject({ status: 'done', filled: 1, skipped: 1 });
    expect(await companyNamed('台積電')).toMatchObject({ address: '新竹科學園區新竹市力行六路8號', otherNames: ['台灣積體電路製造股份有限公司'] });
  });

  it("a company import counts its companies with a 統編; an import without any offers nothing", async () => {
    const withTax = await companyKit.run(owner, 'Name,Tax ID\n福爾摩沙測試有限公司,10007919\n無統編企業,\n');
    expect(withTax.detail).toMatchObject({ state: 'done', created: 2, registryCompanies: 1 });
    const without = await companyKit.run(owner, 'Name\n只有名字\n');
    expect(without.detail).toMatchObject({ state: 'done', created: 1, registryCompanies: 0 });
    const plainContacts = await contactKit.run(owner, 'Name,Company\n張三,新公司\n');
    expect(plainContacts.detail).toMatchObject({ state: 'done', registryCompanies: 0 });
  });
});
