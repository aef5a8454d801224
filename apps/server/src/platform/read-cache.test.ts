import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { TestApp } from '../test/build-test-app.ts';
import { createDeal } from '../test/deals.ts';
import { call, countStatements, type Json, type TestUser } from '../test/factories.ts';
import { createCompany, crmFixture } from '../test/records.ts';
import { companies } from '../modules/records/companies/companies.table.ts';
import { deals } from '../modules/deals/deals/deals.table.ts';
import { schedules } from '../modules/calendar/schedules/schedules.table.ts';
import { users } from '../modules/access/users/users.table.ts';
import { cachedRead, pruneDataChanges } from './read-cache.ts';
import { dataChanges } from './read-cache.table.ts';

/**
 * The deal board and the calendar feed are reused between calls (read-cache.ts). Writes here go straight to the
 * database, past every service — as another app server's would — and must show on the very next call.
 */
let t: TestApp;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
const target = inject('testDatabase');
const url = (path: string, orgId = owner.orgId) => `/api${path}${path.includes('?') ? '&' : '?'}orgId=${orgId}`;

beforeAll(async () => {
  ({ t, owner, other } = await crmFixture());
});
afterAll(async () => {
  await t?.close();
});

async function board(): Promise<Json[]> {
  const res = await call(t.app, 'GET', url('/deal/board?limit=20'), { token: owner.token });
  expect(res.status).toBe(200);
  return (res.body.data.columns as Json[]).flatMap((column) => column.items as Json[]);
}

async function month(): Promise<Json[]> {
  const res = await call(t.app, 'GET', url('/schedule/getMonth?year=2026&month=12'), { token: owner.token });
  expect(res.status).toBe(200);
  return res.body.data.items as Json[];
}

describe('read cache: the deal board and the calendar feed', () => {
  it('show a write made outside this app process on the next call: deal, company, user name, schedule', async () => {
    const companyId = await createCompany(t.app, owner.token, owner.orgId, { name: '星辰貿易' });
    const dealId = await createDeal(t.app, owner.token, owner.orgId, { name: '年度合約', companyId });
    expect((await board()).find((card) => card.id === dealId)).toMatchObject({ title: '年度合約', company: { name: '星辰貿易' } });

    await t.db.update(deals).set({ name: '年度合約（續約）' }).where(eq(deals.id, dealId));
    expect((await board()).find((card) => card.id === dealId)?.title).toBe('年度合約（續約）');
    await t.db.update(companies).set({ name: '星辰國際' }).where(eq(companies.id, companyId));
    expect((await board()).find((card) => card.id === dealId)?.company.name).toBe('星辰國際');
    await t.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, owner.user.id));
    expect((await board()).find((card) => card.id === dealId)?.owner.name).toContain('Renamed');

    const created = await call(t.app, 'POST', url('/task'), {
      token: owner.token,
      body: { title: '拜訪客戶', startDate: '2026-12-07', startDateTime: '09:00', endDate: '2026-12-07', endDateTime: '10:00' },
    });
    expect(created.status).toBe(200);
    expect((await month()).map((event) => event.title)).toEqual(['拜訪客戶']);
    await t.db.update(schedules).set({ title: '拜訪客戶（改期）' }).where(eq(schedules.orgId, owner.orgId));
    expect((await month()).map((event) => event.title)).toEqual(['拜訪客戶（改期）']);
  });

  it('keep an answer while only another workspace writes (one check statement beyond session and actor)', async () => {
    await board();
    await createDeal(t.app, other.token, other.orgId, { name: 'Elsewhere' });
    const statements = await countStatements(t.db, () => board());
    expect(statements).toBe(3);
  });

  it('send a kept answer compressed once to a browser that accepts it, the same bytes on every hit', async () => {
    const plain = await t.app.inject({ method: 'GET', url: url('/deal/board?limit=20'), headers: { authorization: `Bearer ${owner.token}` } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    for (const [accept, encoding, decode] of [
      ['gzip, deflate', 'gzip', gunzipSync],
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
    ] as const) {
      const first = await t.app.inject({ method: 'GET', url: url('/deal/board?limit=20'), headers: { authorization: `Bearer ${owner.token}`, 'accept-encoding': accept } });
      const again = await t.app.inject({ method: 'GET', url: url('/deal/board?limit=20'), headers: { authorization: `Bearer ${owner.token}`, 'accept-encoding': accept } });
      expect(first.headers['content-encoding']).toBe(encoding);
      expect(first.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(decode(first.rawPayload).toString()).toBe(plain.body);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    }
  });

  it('compress every other JSON answer of 1 KB or more for a browser that accepts it, and not a small one', async () => {
    const get = (path: string, accept?: string) =>
      t.app.inject({ method: 'GET', url: url(path), headers: { authorization: `Bearer ${owner.token}`, ...(accept ? { 'accept-encoding': accept } : {}) } });
    // The OpenAPI document: JSON of the same kind as any answer, and large.
    const plain = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const zipped = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(1024);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(plain.json());
    const small = await get('/settings/stage', 'gzip, deflate');
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.json().result).toBe('success');
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('record one change row per write statement and workspace, pruned after an hour', async () => {
    await t.db.delete(dataChanges);
    await createDeal(t.app, owner.token, owner.orgId, { name: 'One more' });
    const rows = await t.db.select().from(dataChanges);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.orgId))).toEqual(new Set([owner.orgId]));
    await t.db.update(dataChanges).set({ changedAt: sql`now() - interval '61 minutes'` });
    await pruneDataChanges(t.db);
    expect(await t.db.select().from(dataChanges)).toEqual([]);
  });

  it('compute an answer once for callers that miss it together, and again for one that comes after a write', async () => {
    let computed = 0;
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const scope = { orgId: owner.orgId, areas: ['deals'] as const, key: `together-${Date.now()}` };
    const compute = async () => {
      const nth = (computed += 1);
      await gate;
      return { computed: nth };
    };
    const first = cachedRead(t.db, scope, compute);
    await vi.waitFor(() => expect(computed).toBe(1));
    // Misses while the first is under way, no write between: they wait for it.
    const joined = [cachedRead(t.db, scope, compute), cachedRead(t.db, scope, compute)];
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(computed).toBe(1);
    // A write of the answer's area commits: the next caller must not get the answer begun before it.
    await createDeal(t.app, owner.token, owner.orgId, { name: 'While computing' });
    const after = cachedRead(t.db, scope, compute);
    await vi.waitFor(() => expect(computed).toBe(2));
    release();
    const answers = await Promise.all([first, ...joined, after]);
    expect(answers.map((answer) => JSON.parse(answer.envelope.toString()).data.computed)).toEqual([1, 1, 1, 2]);
    expect(answers[1]).toBe(answers[0]);
  });

  it('compute an answer once for callers that arrive at the same instant (none finds a computation under way when it asks)', async () => {
    let computed = 0;
    const scope = { orgId: owner.orgId, areas: ['statistics'] as const, key: `same-instant-${Date.now()}` };
    const compute = async () => {
      computed += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
      return { computed };
    };
    const answers = await Promise.all(Array.from({ length: 8 }, () => cachedRead(t.db, scope, compute)));
    expect(computed).toBe(1);
    expect(new Set(answers).size).toBe(1);
  });

  it('compute an answer once when a caller\'s check returns only after another caller\'s computation has finished', async () => {
    let computed = 0;
    const scope = { orgId: owner.orgId, areas: ['statistics'] as const, key: `slow-check-${Date.now()}` };
    const compute = async () => ({ computed: (computed += 1) });
    // The same database, but every statement answers 150 ms late (a loaded machine; the CI run of 2026-12-07).
    const slow = new Proxy(t.db, {
      get: (target, name, receiver) =>
        name === 'execute'
          ? async (...args: unknown[]) => {
              const result = await (target.execute as (...a: unknown[]) => Promise<unknown>)(...args);
              await new Promise((resolve) => setTimeout(resolve, 150));
              return result;
            }
          : Reflect.get(target, name, receiver),
    });
    const late = cachedRead(slow, scope, compute);
    const first = await cachedRead(t.db, scope, compute);
    expect(computed).toBe(1);
    expect(await late).toBe(first);
  });

  it('pass a failed computation\'s error to the callers that waited for it, and compute again on the next call', async () => {
    const scope = { orgId: owner.orgId, areas: ['statistics'] as const, key: `failing-${Date.now()}` };
    let calls = 0;
    let fail = (_error: Error) => {};
    const failing = () => {
      calls += 1;
      return new Promise((_, reject) => (fail = reject));
    };
    const first = cachedRead(t.db, scope, failing);
    await vi.waitFor(() => expect(calls).toBe(1));
    const joined = cachedRead(t.db, scope, failing);
    await new Promise((resolve) => setTimeout(resolve, 50));
    fail(new Error('lost connection'));
    await expect(first).rejects.toThrow('lost connection');
    await expect(joined).rejects.toThrow('lost connection');
    expect(calls).toBe(1);
    const again = await cachedRead(t.db, scope, async () => ({ ok: true }));
    expect(JSON.parse(again.envelope.toString()).data).toEqual({ ok: true });
  });

  // Two connections at once: the PostgreSQL pass (the embedded database runs one statement at a time).
  it.runIf(target.kind === 'postgres')('show a write whose transaction was still open while the answer was computed', async () => {
    const dealId = await createDeal(t.app, owner.token, owner.orgId, { name: 'Before' });
    await t.db.transaction(async (tx) => {
      await tx.update(deals).set({ name: 'After' }).where(eq(deals.id, dealId));
      // Computed and kept while the rename is uncommitted: the old name, correctly.
      expect((await board()).find((card) => card.id === dealId)?.title).toBe('Before');
    });
    expect((await board()).find((card) => card.id === dealId)?.title).toBe('After');
  });
});
