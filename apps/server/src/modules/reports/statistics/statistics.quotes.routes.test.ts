import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { createDeal } from '../../../test/deals.ts';
import { call, type Json, type TestUser } from '../../../test/factories.ts';
import { twoWorkspaces } from '../../../test/workspaces.ts';
import { addDays, todayInTaipei } from '../../deals/quotes/quotes.answers.ts';

/**
 * Quoted vs won (issue 36), counted by hand. Every line is one product at a price, 5 % added (total = price × 1.05):
 *   owner's deal   q1 1000 sent, accepted     q2 2000 sent, declined     q3 500 sent, validity over → expired
 *                  q4 draft (never sent)       q5 sent, then edited: v1 superseded, v2 a draft → neither counted
 *                  q6 700 sent in 2020 (outside the period)
 *   member's deal  q7 3000 sent, accepted     q8 1000 sent, open
 * owner:  sent 3, accepted 1, declined 1, expired 1, quoted 1050 + 2100 + 525 = 3675, won 1050, conversion 33.3 %
 * member: sent 2, accepted 1, quoted 3150 + 1050 = 4200, won 3150, conversion 50 %
 * total:  sent 5, accepted 2, declined 1, expired 1, quoted 7875, won 4200, conversion 40 %
 */

let t: TestApp;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let member: TestUser;
const today = todayInTaipei();
const period = `from=${addDays(today, -30)}&to=${addDays(today, 1)}&timeZone=Asia%2FTaipei`;
const url = (p: string, orgId = owner.orgId) => `/api${p}${p.includes('?') ? '&' : '?'}orgId=${orgId}`;
const as = (user: TestUser, method: 'GET' | 'POST' | 'PUT', p: string, body?: unknown, orgId = owner.orgId) => call(t.app, method, url(p, orgId), { token: user.token, body });

async function quote(dealId: string, price: string, sent: boolean, extra: Record<string, unknown> = {}): Promise<Json> {
  const created = await as(owner, 'POST', '/quote', { dealId, lines: [{ name: '方案', unitPrice: price, quantity: 1 }], ...extra });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  if (sent) expect((await as(owner, 'POST', `/quote/${created.body.data.id}/send`, {})).status).toBe(200);
  return created.body.data;
}
const answer = (q: Json, verb: 'accept' | 'decline') =>
  call(t.app, 'POST', `/api/public/quote/${q.publicPath.slice(3)}/${verb}`, { body: verb === 'accept' ? { name: '王小明' } : { reason: '預算不足' } });

beforeAll(async () => {
  ({ t, owner, other, member } = await twoWorkspaces());
  const settings = (await as(owner, 'GET', '/settings/quotes')).body.data;
  const { logoUrl: _logo, ...body } = settings;
  expect((await as(owner, 'PUT', '/settings/quotes', { ...body, markDealWon: false })).status).toBe(200);
  const ownerDeal = await createDeal(t.app, owner.token, owner.orgId, { name: '總部案' });
  const memberDeal = await createDeal(t.app, owner.token, owner.orgId, { name: '分店案', ownerUserId: member.user.id });

  expect((await answer(await quote(ownerDeal, '1000', true), 'accept')).status).toBe(200);
  expect((await answer(await quote(ownerDeal, '2000', true), 'decline')).status).toBe(200);
  await quote(ownerDeal, '500', true, { validUntil: addDays(today, -2) });
  await quote(ownerDeal, '400', false);
  const q5 = await quote(ownerDeal, '900', true);
  expect((await as(owner, 'PUT', `/quote/${q5.id}`, { title: '修訂' })).body.data.version).toBe(2);
  const q6 = await quote(ownerDeal, '700', true);
  await t.db.execute(sql`update quotes set sent_at = '2020-05-01T02:00:00Z' where id = ${q6.id}`);
  expect((await answer(await quote(memberDeal, '3000', true), 'accept')).status).toBe(200);
  await quote(memberDeal, '1000', true);
}, 240_000);
afterAll(async () => {
  await t?.close();
});

describe('statistics: quoted vs won', () => {
  it('counts per owner and in total, as counted by hand', async () => {
    const { status, body } = await as(owner, 'GET', `/statistics/quotes?${period}`);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data.owners).toBeNull();
    expect(body.data.items).toEqual([
      { user: { id: member.user.id, name: expect.any(String) }, sent: 2, accepted: 1, declined: 0, expired: 0, quotedAmount: '4200.00', wonAmount: '3150.00', conversion: 50 },
      { user: { id: owner.user.id, name: expect.any(String) }, sent: 3, accepted: 1, declined: 1, expired: 1, quotedAmount: '3675.00', wonAmount: '1050.00', conversion: 33.3 },
    ]);
    expect(body.data.total).toEqual({ sent: 5, accepted: 2, declined: 1, expired: 1, quotedAmount: '7875.00', wonAmount: '4200.00', conversion: 40 });
  });

  it('narrows to one person; the 2020 send counts only in its own period', async () => {
    const one = await as(owner, 'GET', `/statistics/quotes?${period}&uid=${member.user.id}`);
    expect(one.body.data.owners).toEqual([member.user.id]);
    expect(one.body.data.items.map((i: Json) => i.user.id)).toEqual([member.user.id]);
    expect(one.body.data.total).toMatchObject({ sent: 2, quotedAmount: '4200.00' });
    const old = await as(owner, 'GET', '/statistics/quotes?from=2020-05-01&to=2020-05-01&timeZone=Asia%2FTaipei');
    expect(old.body.data.total).toEqual({ sent: 1, accepted: 0, declined: 0, expired: 0, quotedAmount: '735.00', wonAmount: '0.00', conversion: 0 });
  });

  it('bad periods are a 400 naming the field; another workspace counts none of them and cannot name their people', async () => {
    const bad = await as(owner, 'GET', `/statistics/quotes?from=${today}&to=2000-01-01`);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('to');
    const theirs = await as(other, 'GET', `/statistics/quotes?${period}`, undefined, other.orgId);
    expect(theirs.body.data).toEqual({ owners: null, items: [], total: { sent: 0, accepted: 0, declined: 0, expired: 0, quotedAmount: '0.00', wonAmount: '0.00', conversion: null } });
    expect((await as(other, 'GET', `/statistics/quotes?${period}&uid=${member.user.id}`, undefined, other.orgId)).status).toBe(404);
  });

  it("a member counts within their statistics privilege's scope (their own deals by default), or is refused", async () => {
    const mine = await as(member, 'GET', `/statistics/quotes?${period}`);
    if (mine.status === 403) return;
    expect(mine.status).toBe(200);
    expect(mine.body.data.items.map((i: Json) => i.user.id)).toEqual([member.user.id]);
  });
});
