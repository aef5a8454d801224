import { and, eq, isNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { call, type Json, type TestUser } from '../../../test/factories.ts';
import { importKit } from '../../../test/import-kit.ts';
import { createContact, crmFixture } from '../../../test/records.ts';
import { deals } from '../../deals/deals/deals.table.ts';
import { companies } from '../../records/companies/companies.table.ts';

let t: TestApp;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let member: TestUser;
let kit: ReturnType<typeof importKit>;
let stages: { id: number; label: string }[];

beforeAll(async () => {
  ({ t, owner, other, member } = await crmFixture({ DATA_DIR: `/tmp/lodestar-deal-imports-test-${process.pid}` }));
  kit = importKit(t, 'deal');
  const types = (await call(t.app, 'GET', `/api/settings/stage?orgId=${owner.orgId}`, { token: owner.token })).body.data;
  stages = types.items.find((x: Json) => x.isDefault).stages;
});
afterAll(async () => {
  await t?.close();
});

const liveDeals = (orgId = owner.orgId) => t.db.select().from(deals).where(and(eq(deals.orgId, orgId), isNull(deals.deletedAt)));
const dealNamed = async (name: string) => (await liveDeals()).find((d) => d.name === name);

describe('deal import', () => {
  it('matches stage, owner, company and client by name, and validates with the create API\'s rules in three languages', async () => {
    const client = await createContact(t.app, owner.token, owner.orgId, { firstName: '小美', lastName: '王' });
    const field = (await call(t.app, 'POST', `/api/field/deal?orgId=${owner.orgId}`, { token: owner.token, body: { title: 'Source', inputType: 'text' } })).body.data;
    const stage = stages[1]!;
    const text = [
      '商機名稱,金額,開始日期,預計結案日期,階段,成交機率,負責人,公司,聯絡人,Source',
      `ERP 導入,"NT$ 120,000",2026/1/5,2026-03-31,${stage.label},30%,Ada Lin,Deal Co,王小美,Referral`,
      'Won one,5000,2026-01-01,2026-02-01,won,,,,,',
      'No amount,,2026-01-01,2026-02-01,,,,,,',
      'Bad date,100,2026-02-30,2026-03-01,,,,,,',
      'Bad stage,100,2026-01-01,2026-03-01,Nowhere,,,,,',
      'Bad client,100,2026-01-01,2026-03-01,,,,,Nobody Here,',
      'Bad owner,100,2026-01-01,2026-03-01,,,Someone Else,,,',
    ].join('\n');
    const up = await kit.upload(owner, Buffer.from(text));
    const id = up.body.data.id as string;
    const check = (await kit.detail(owner, id)).body.data;
    expect(check.mapping).toEqual(['name', 'amount', 'startDate', 'estimatedEndDate', 'stage', 'closingRate', 'owner', 'company', 'client', `custom:${field.id}`]);
    // Before anything is written: the rows the dialog would refuse.
    expect(check.problems.map((p: Json) => [p.row, p.column, p.reason])).toEqual([
      [3, '金額', 'required'],
      [4, '開始日期', 'invalidDate'],
    ]);
    const messages = await Promise.all(['en-US', 'zh-TW', 'zh-CN'].map(async (l) => (await kit.detail(owner, id, l)).body.data.problems[1].message));
    expect(messages[0]).toBe('Incorrect Date Format');
    expect(new Set(messages).size).toBe(3);

    const { detail } = await kit.run(owner, text);
    expect(detail).toMatchObject({ state: 'done', created: 2, failed: 5 });
    expect(detail.problems.map((p: Json) => [p.row, p.column, p.reason])).toEqual([
      [3, '金額', 'required'],
      [4, '開始日期', 'invalidDate'],
      [5, '階段', 'notFound'],
      [6, '聯絡人', 'notFound'],
      [7, '負責人', 'notFound'],
    ]);
    const zh = (await kit.detail(owner, detail.id, 'zh-TW')).body.data.problems[2].message;
    expect(zh).toBe('找不到這個名稱');
    const erp = (await dealNamed('ERP 導入'))!;
    expect(erp).toMatchObject({ amount: '120000.00', startDate: '2026-01-05', estimatedEndDate: '2026-03-31', stage: stage.id, closingRate: 30, clientId: client, ownerUserId: owner.user.id });
    expect(erp.dynamicFields[field.id]).toBe('Referral');
    const [company] = await t.db.select().from(companies).where(eq(companies.id, erp.companyId!));
    expect(company!.name).toBe('Deal Co');
    const won = (await dealNamed('Won one'))!;
    expect(won.stage).toBe(1000);
    expect(won.completedDate).not.toBeNull();
  });

  it('handles duplicates by name per choice; undo restores the amount and stage an update changed', async () => {
    const first = await kit.run(owner, `Deal name,Amount,Start date,Expected close,Stage\nDup Deal,1000,2026-01-01,2026-02-01,${stages[0]!.label}\n`);
    expect(first.detail.created).toBe(1);
    const text = `Deal name,Amount,Start date,Expected close,Stage\ndup deal,2500,2026-01-01,2026-02-01,${stages[2]!.label}\n`;
    expect((await kit.run(owner, text, { duplicates: 'skip' })).detail).toMatchObject({ skipped: 1 });
    const updated = await kit.run(owner, text, { duplicates: 'update' });
    expect(updated.detail).toMatchObject({ updated: 1 });
    expect(await dealNamed('dup deal')).toMatchObject({ amount: '2500.00', stage: stages[2]!.id });
    expect((await kit.undo(owner, updated.id)).status).toBe(202);
    expect(await dealNamed('Dup Deal')).toMatchObject({ amount: '1000.00', stage: stages[0]!.id });
    expect((await kit.run(owner, text, { duplicates: 'create' })).detail).toMatchObject({ created: 1 });
    expect((await liveDeals()).filter((d) => d.name.toLowerCase() === 'dup deal')).toHaveLength(2);
  });
});

describe('deal export', () => {
  it('holds only the deals in the caller\'s scope and the list\'s filter, as XLSX text cells (never formulas, no visible marker)', async () => {
    const body = { name: '@SUM(A1)', amount: '900', startDate: '2026-01-01', estimatedEndDate: '2026-02-01' };
    expect((await call(t.app, 'POST', `/api/deal?orgId=${owner.orgId}`, { token: member.token, body })).status).toBe(200);
    const res = await kit.exportFile({ token: member.token, orgId: owner.orgId }, { fields: ['name', 'amount', 'stage', 'status', 'owner'], range: 'all', format: 'xlsx' });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const values = workbook.worksheets[0]!.getSheetValues().filter(Boolean).map((r) => (r as ExcelJS.CellValue[]).slice(1));
    expect(values).toEqual([
      ['Deal name', 'Amount', 'Stage', 'Status', 'Owner'],
      // Text cells (never formulas) need no visible marker.
      ['@SUM(A1)', '900.00', stages[0]!.label, 'Open', `Mia Member <${member.email}>`],
    ]);
    // The owner sees every deal; the filter is the deal list's query.
    const filtered = await kit.exportFile(owner, { fields: ['name'], range: 'filter', listQuery: { keywords: 'ERP', status: 'developing' } });
    expect(filtered.body.trim().split('\r\n').slice(1)).toEqual(['ERP 導入']);
    const bad = await kit.exportFile(owner, { fields: ['name'], range: 'filter', listQuery: { status: 'nope' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('deal import access', () => {
  it('another workspace cannot read, undo or download an import (404); a member without the privilege gets 403', async () => {
    const up = await kit.upload(owner, Buffer.from('Deal name\nMine\n'));
    const id = up.body.data.id as string;
    const stranger = { token: other.token, orgId: other.orgId };
    expect((await kit.detail(stranger, id)).status).toBe(404);
    expect((await kit.undo(stranger, id)).status).toBe(404);
    expect((await call(t.app, 'GET', kit.url(`/import/failed/${id}`, other.orgId), { token: other.token })).status).toBe(404);
    expect((await kit.upload({ token: member.token, orgId: owner.orgId }, Buffer.from('Deal name\nX\n'))).status).toBe(403);
  });
});
