import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { createDeal } from '../../../test/deals.ts';
import { call, type Json, type TestUser } from '../../../test/factories.ts';
import { solidPng } from '../../../test/png.ts';
import { createCompany, createContact, injectMultipart, multipart } from '../../../test/records.ts';
import { twoWorkspaces } from '../../../test/workspaces.ts';

/** Issue 36's rest: the workspace logo on the letterhead (PDF and public page) and the quotes' CSV export. */

let t: TestApp;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let member: TestUser;
let dealId: string;

const url = (p: string, orgId = owner.orgId) => `/api${p}${p.includes('?') ? '&' : '?'}orgId=${orgId}`;
const logoForm = (data: Buffer, contentType = 'image/png', field = 'logo') => multipart({}, { field, filename: 'logo.png', contentType, data });

/** The images of a PDF as poppler's pdfimages lists them (an extractor independent of the writer): width × height each. */
function pdfImages(pdf: Buffer): string[] {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'quote-logo-')), 'q.pdf');
  fs.writeFileSync(file, pdf);
  const listing = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' });
  return listing
    .split('\n')
    .slice(2)
    .filter((line) => line.trim())
    .map((line) => line.trim().split(/\s+/).slice(3, 5).join('x'));
}

async function newQuote(body: Record<string, unknown> = {}): Promise<Json> {
  const answer = await call(t.app, 'POST', url('/quote'), { token: owner.token, body: { dealId, ...body } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

beforeAll(async () => {
  ({ t, owner, other, member } = await twoWorkspaces());
  const companyId = await createCompany(t.app, owner.token, owner.orgId, { name: '台灣測試股份有限公司', tax: '04595257' });
  const clientId = await createContact(t.app, owner.token, owner.orgId, { firstName: '小明', lastName: '王', emails: [{ value: 'ming@example.com' }] });
  dealId = await createDeal(t.app, owner.token, owner.orgId, { name: 'CRM 導入', companyId, clientId, products: [{ name: '年費', singlePrice: '1000', quotedPrice: '1000', num: 2 }] });
}, 240_000);
afterAll(async () => {
  await t?.close();
});

describe('the letterhead logo', () => {
  it('is uploaded by an administrator as a PNG or JPEG of at most 1 MB; others get 403, other types a 400 naming the field', async () => {
    expect((await injectMultipart(t.app, url('/settings/quotes/logo'), member.token, logoForm(solidPng(40, 20)))).status).toBe(403);
    const html = await injectMultipart(t.app, url('/settings/quotes/logo'), owner.token, logoForm(Buffer.from('<b>'), 'text/html'));
    expect(html.status).toBe(400);
    expect(JSON.stringify(html.body)).toContain('logo');
    const gif = await injectMultipart(t.app, url('/settings/quotes/logo'), owner.token, logoForm(Buffer.from('GIF89a'), 'image/gif'));
    expect(gif.status).toBe(400);
    const big = await injectMultipart(t.app, url('/settings/quotes/logo'), owner.token, logoForm(Buffer.alloc(1024 * 1024 + 1), 'image/png'));
    expect(big.status).toBe(400);
    const wrongField = await injectMultipart(t.app, url('/settings/quotes/logo'), owner.token, logoForm(solidPng(40, 20), 'image/png', 'photo'));
    expect(wrongField.status).toBe(400);
    expect((await call(t.app, 'GET', url('/settings/quotes'), { token: owner.token })).body.data.logoUrl).toBeNull();
  });

  it('new quotes carry it: in the PDF (read back by pdfimages) and on the public page; older versions keep theirs', async () => {
    const before = await newQuote();
    expect(before.seller.hasLogo).toBe(false);
    const uploaded = await injectMultipart(t.app, url('/settings/quotes/logo'), owner.token, logoForm(solidPng(300, 100, [20, 60, 160])));
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    expect(uploaded.body.data.logoUrl).toMatch(/^\/api\/files\/[0-9a-f-]{36}\?orgId=/);
    const served = await t.app.inject({ method: 'GET', url: uploaded.body.data.logoUrl, headers: { authorization: `Bearer ${owner.token}` } });
    expect(served.headers['content-type']).toBe('image/png');

    const quote = await newQuote();
    expect(quote.seller.hasLogo).toBe(true);
    const pdf = await t.app.inject({ method: 'GET', url: url(`/quote/${quote.id}/pdf`), headers: { authorization: `Bearer ${owner.token}` } });
    expect(pdf.statusCode).toBe(200);
    expect(pdfImages(pdf.rawPayload)).toEqual(['300x100']);
    const plain = await t.app.inject({ method: 'GET', url: url(`/quote/${before.id}/pdf`), headers: { authorization: `Bearer ${owner.token}` } });
    expect(pdfImages(plain.rawPayload)).toEqual([]);

    const token = quote.publicPath.slice(3);
    const page = await call(t.app, 'GET', `/api/public/quote/${token}`);
    expect(page.body.data.seller.hasLogo).toBe(true);
    expect(page.body.data.seller.logoFileId).toBeUndefined();
    const logo = await t.app.inject({ method: 'GET', url: `/api/public/quote/${token}/logo` });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload.equals(solidPng(300, 100, [20, 60, 160]))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/api/public/quote/${before.publicPath.slice(3)}/logo` })).statusCode).toBe(404);

    // Removed: new versions have none; the version made with it keeps it.
    const removed = await call(t.app, 'DELETE', url('/settings/quotes/logo'), { token: owner.token });
    expect(removed.body.data.logoUrl).toBeNull();
    expect((await newQuote()).seller.hasLogo).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/api/public/quote/${token}/logo` })).statusCode).toBe(200);
  });

  it("another workspace's administrator cannot change this one's logo", async () => {
    const theirs = await injectMultipart(t.app, url('/settings/quotes/logo', other.orgId), other.token, logoForm(solidPng(10, 10)));
    expect(theirs.status).toBe(200);
    expect((await call(t.app, 'GET', url('/settings/quotes'), { token: owner.token })).body.data.logoUrl).toBeNull();
    expect((await call(t.app, 'DELETE', url('/settings/quotes/logo'), { token: other.token })).status).toBe(403);
  });
});

describe('the CSV export', () => {
  const exported = async (token: string, query = '', orgId = owner.orgId, locale = 'en-US') => {
    const answer = await t.app.inject({ method: 'GET', url: url(`/quotes/export${query}`, orgId), headers: { authorization: `Bearer ${token}`, 'accept-language': locale } });
    return { status: answer.statusCode, type: answer.headers['content-type'], lines: answer.body.replace(/^\uFEFF/, '').trim().split('\r\n') };
  };

  it('writes the current version of each visible quote, in the caller language, formulas neutralised', async () => {
    const draft = await newQuote({ title: '=HYPERLINK("x")' });
    const edited = await call(t.app, 'POST', url(`/quote/${draft.id}/send`), { token: owner.token, body: {} });
    expect(edited.status).toBe(200);
    const v2 = await call(t.app, 'PUT', url(`/quote/${draft.id}`), { token: owner.token, body: { taxMode: 'inclusive' } });
    expect(v2.body.data.version).toBe(2);

    const { status, type, lines } = await exported(owner.token);
    expect(status).toBe(200);
    expect(type).toContain('text/csv');
    expect(lines[0]).toBe('Number,Version,Status,Title,Deal,Company,Tax ID,Contact,Issued on,Valid until,Sent at,Accepted at,Accepted by,Declined at,Decline reason,Tax,Subtotal,Tax amount,Total');
    const rows = lines.slice(1);
    expect(rows).toHaveLength(4); // three quotes of the logo tests and the edited one (its v1 superseded, left out)
    const row = rows.find((line) => line.startsWith(`${draft.number},2,`))!;
    expect(row).toContain(`,Draft,"'=HYPERLINK(""x"")",CRM 導入,台灣測試股份有限公司,04595257,`);
    expect(row).toMatch(/,5% included,2000\.00,95\.00,2000\.00$/);
    expect(rows.some((line) => line.startsWith(`${draft.number},1,`))).toBe(false);

    const zh = await exported(owner.token, '', owner.orgId, 'zh-TW');
    expect(zh.lines[0]!.startsWith('報價單號,版本,狀態')).toBe(true);
    expect(zh.lines.find((line) => line.startsWith(`${draft.number},2,`))).toContain(',草稿,');
  });

  it('filters by the day a quote was made; a member who cannot see the deal, or another workspace, gets none of them', async () => {
    expect((await exported(owner.token, '?from=2000-01-01&to=2000-12-31')).lines).toHaveLength(1);
    expect((await exported(owner.token, '?from=bad')).status).toBe(400);
    expect((await exported(member.token)).lines).toHaveLength(1);
    expect((await exported(other.token, '', other.orgId)).lines).toHaveLength(1);
  });
});
