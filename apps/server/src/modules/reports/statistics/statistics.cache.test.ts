import { memberPrivilegeFeatures, statisticsEndpoints } from '@lodestar/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { clearStages, createDeal, createStage } from '../../../test/deals.ts';
import { addMember, call, countStatements, registerUser, type Json, type TestUser } from '../../../test/factories.ts';
import { importKit } from '../../../test/import-kit.ts';
import { createCompany, crmFixture } from '../../../test/records.ts';
import { departments } from '../../access/departments/departments.table.ts';
import { loadActor } from '../../access/privileges/access-core.ts';
import { privileges } from '../../access/privileges/privileges.table.ts';
import * as statisticsService from './statistics.service.ts';

/*
 * The statistics answers come from the read cache (statistics.routes.ts): a kept answer is reused until a table it
 * reads changes. This property test warms every answer, applies a random sequence of writes of every kind — create,
 * amount, stage, owner, delete, restore, targets, import, undo of the import, company merge — and after each write
 * checks that every answer the API gives (cached or not) equals a recount by the service, for four callers whose
 * scopes differ (all, subordinates, same department, mine) and for one person and one department.
 */
let t: TestApp;
let owner: TestUser & { orgId: string };
let member: TestUser;
let ann: TestUser;
let boss: TestUser;
let departmentId: string;
let kit: ReturnType<typeof importKit>;
let stages: number[];
let stageLabels: string[];
let companyId: string;
let productId: string;
const live: string[] = [];
const trashed: string[] = [];
const imports: string[] = [];

const url = (path: string) => `/api${path}${path.includes('?') ? '&' : '?'}orgId=${owner.orgId}`;
const users = () => [owner, member, ann, boss];

beforeAll(async () => {
  ({ t, owner, member } = await crmFixture({ DATA_DIR: `/tmp/lodestar-statistics-cache-test-${process.pid}` }));
  kit = importKit(t, 'deal');
  ann = await registerUser(t.app, { firstName: 'Ann', lastName: 'Lee' });
  boss = await registerUser(t.app, { firstName: 'Bo', lastName: 'Wu' });
  const [department] = await t.db.insert(departments).values({ orgId: owner.orgId, name: 'North', supervisorUserId: boss.user.id }).returning();
  departmentId = department!.id;
  const withScope = async (name: string, scope: 'subordinates' | 'sameDepartment') => {
    const features = memberPrivilegeFeatures();
    features.opportunity.scope = scope;
    features.performanceReport.scope = scope;
    features.productSalesRanking.scope = scope;
    const [row] = await t.db.insert(privileges).values({ orgId: owner.orgId, name, features }).returning();
    return row!.id;
  };
  await addMember(t.db, owner.orgId, ann.user.id, { departmentId, privilegeId: await withScope('Peer', 'sameDepartment') });
  await addMember(t.db, owner.orgId, boss.user.id, { privilegeId: await withScope('Manager', 'subordinates') });
  await clearStages(t.db, owner.orgId);
  const qualify = await createStage(t.app, owner.token, owner.orgId, { title: 'Qualify', closingRate: 20, alertNotice: 5 });
  const proposal = await createStage(t.app, owner.token, owner.orgId, { title: 'Proposal', closingRate: 60 });
  stages = [qualify.id, proposal.id, 1000, -9999];
  stageLabels = ['Qualify', 'Proposal'];
  companyId = await createCompany(t.app, owner.token, owner.orgId, { name: 'Keep Co' });
  productId = (await call(t.app, 'POST', url('/settings/product'), { token: owner.token, body: { name: 'Truck', color: '#13C2C2', defaultPrice: '1' } })).body.data.id;
});
afterAll(async () => {
  await t?.close();
});

const period = { from: '2026-01-01', to: '2026-03-31', timeZone: 'Asia/Taipei' };
/** Every statistics answer: path and the query the service receives. */
const screens = () => [
  { name: 'dashboard', path: '/statistics/dashboard', query: period },
  { name: 'performance', path: '/statistics/performance', query: period },
  { name: 'forecast', path: '/statistics/pointOpportunity', query: period },
  { name: 'productRanking', path: '/statistics/productRanking', query: { ...period, includeOpen: 'true' } },
  { name: 'salesRanking', path: '/statistics/performanceRanking', query: period },
  { name: 'dashboard', path: '/statistics/dashboard', query: { ...period, uid: ann.user.id }, ownerOnly: true },
  { name: 'salesRanking', path: '/statistics/performanceRanking', query: { ...period, departmentId }, ownerOnly: true },
] as const;

type ScreenName = 'dashboard' | 'performance' | 'forecast' | 'productRanking' | 'salesRanking';
const endpointOf = { dashboard: 'dashboard', performance: 'performance', forecast: 'forecast', productRanking: 'productRanking', salesRanking: 'salesRanking' } as const;

async function recount(user: TestUser, name: ScreenName, raw: Record<string, string>): Promise<unknown> {
  const actor = await loadActor(t.db, user.user.id, owner.orgId);
  const query = statisticsEndpoints[endpointOf[name]].query.parse({ ...raw, orgId: owner.orgId });
  const service = statisticsService[name] as (db: typeof t.db, a: typeof actor, q: typeof query) => Promise<unknown>;
  try {
    return { data: JSON.parse(JSON.stringify(await service(t.db, actor, query))) };
  } catch (error) {
    return { code: (error as { code?: string }).code ?? 'unexpected' };
  }
}

/** Each caller's answers through the API (the cache) against a recount, after the last write. */
async function expectExact(step: string) {
  for (const user of users()) {
    for (const screen of screens()) {
      if ('ownerOnly' in screen && user !== owner) continue;
      const search = new URLSearchParams(screen.query as Record<string, string>).toString();
      const answer = await call(t.app, 'GET', url(`${screen.path}?${search}`), { token: user.token });
      const expected = (await recount(user, screen.name, screen.query as Record<string, string>)) as { code?: string; data?: Json };
      if (expected.code) expect(answer.status, `${step}: ${user.user.firstName} ${screen.path} ${expected.code}`).not.toBe(200);
      else expect(answer.body.data, `${step}: ${user.user.firstName} ${screen.path} ${search}`).toEqual(expected.data);
    }
  }
}

const day = (n: number) => `2026-${String(1 + (n % 3)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`;
const money = (n: number) => `${n}.${String(n % 100).padStart(2, '0')}`;
const pick = <T>(list: T[], n: number) => list[n % list.length]!;

type Write =
  | { kind: 'create'; who: number; stage: number; amount: number; date: number; isPublic: boolean; withProduct: boolean }
  | { kind: 'amount' | 'stage' | 'owner' | 'delete' | 'restore' | 'target' | 'import' | 'undo' | 'merge'; n: number; m: number };

const writes: fc.Arbitrary<Write> = fc.oneof(
  fc.record({
    kind: fc.constant('create' as const),
    who: fc.nat(3),
    stage: fc.nat(3),
    amount: fc.integer({ min: 1, max: 90_000 }),
    date: fc.nat(200),
    isPublic: fc.boolean(),
    withProduct: fc.boolean(),
  }),
  fc.record({
    kind: fc.constantFrom('amount' as const, 'stage' as const, 'owner' as const, 'delete' as const, 'restore' as const, 'target' as const, 'import' as const, 'undo' as const, 'merge' as const),
    n: fc.nat(1000),
    m: fc.nat(1000),
  }),
);

async function apply(write: Write): Promise<void> {
  const ok = (answer: { status: number; body: Json }) => expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  const at = (n: number) => (live.length ? live[n % live.length]! : undefined);
  switch (write.kind) {
    case 'create': {
      const stage = stages[write.stage]!;
      const who = users()[write.who]!;
      live.push(
        await createDeal(t.app, owner.token, owner.orgId, {
          name: `Deal ${live.length}`,
          amount: money(write.amount),
          startDate: day(write.date),
          estimatedEndDate: day(write.date + 20),
          stage,
          ...(stage === 1000 ? { completedDate: day(write.date + 5) } : {}),
          ownerUserId: who.user.id,
          permission: write.isPublic ? 'public' : 'private',
          companyId,
          products: write.withProduct ? [{ productId, name: 'Truck', singlePrice: '10', quotedPrice: '12', num: 1 + (write.amount % 4) }] : [],
        }),
      );
      return;
    }
    case 'amount': {
      const id = at(write.n);
      if (id) ok(await call(t.app, 'PUT', url(`/deal/${id}`), { token: owner.token, body: { amount: money(write.m * 37), estimatedEndDate: day(write.m) } }));
      return;
    }
    case 'stage': {
      const id = at(write.n);
      const stage = pick(stages, write.m);
      if (id) ok(await call(t.app, 'PUT', url(`/deal/${id}/stage`), { token: owner.token, body: { stage, ...(stage === 1000 ? { completedDate: day(write.m) } : {}) } }));
      return;
    }
    case 'owner': {
      const id = at(write.n);
      if (id) ok(await call(t.app, 'POST', url('/dealTransfer'), { token: owner.token, body: { dealId: id, transferUserId: pick(users(), write.m).user.id } }));
      return;
    }
    case 'delete': {
      const id = at(write.n);
      if (!id) return;
      ok(await call(t.app, 'DELETE', url(`/deal/${id}`), { token: owner.token }));
      live.splice(live.indexOf(id), 1);
      trashed.push(id);
      return;
    }
    case 'restore': {
      const id = trashed.pop();
      if (!id) return;
      ok(await call(t.app, 'POST', url('/trash/restore'), { token: owner.token, body: { items: [{ type: 'deal', id }] } }));
      live.push(id);
      return;
    }
    case 'target': {
      const who = pick(users(), write.n);
      ok(await call(t.app, 'POST', url('/dealTarget'), { token: owner.token, body: { year: 2026, month: 1 + (write.m % 3), target: money(write.m * 11), uid: who.user.id } }));
      return;
    }
    case 'import': {
      const label = write.m % 3 === 0 ? 'won' : pick(stageLabels, write.m);
      const rows = [
        'Name,Amount,Start date,Expected close date,Stage,Owner',
        `Imported ${write.n},${write.m + 1},${day(write.n)},${day(write.n + 9)},${label},Ann Lee`,
        `Imported ${write.n}b,${write.m + 7},${day(write.m)},${day(write.m + 3)},${pick(stageLabels, write.n)},`,
      ].join('\n');
      const { id, detail } = await kit.run(owner, rows, { mapping: ['name', 'amount', 'startDate', 'estimatedEndDate', 'stage', 'owner'], duplicates: 'create' });
      expect(detail.state, JSON.stringify(detail)).toBe('done');
      imports.push(id);
      return;
    }
    case 'undo': {
      const id = imports.pop();
      if (id) expect((await kit.undo(owner, id)).status).toBe(202);
      return;
    }
    case 'merge': {
      // A second company takes one deal, then is merged into the first: the merge moves the deal back.
      const id = at(write.n);
      if (!id) return;
      const twin = await createCompany(t.app, owner.token, owner.orgId, { name: `Twin ${write.m}` });
      ok(await call(t.app, 'PUT', url(`/deal/${id}`), { token: owner.token, body: { companyId: twin } }));
      await expectExact('before merge');
      ok(await call(t.app, 'POST', url('/merges'), { token: owner.token, body: { kind: 'company', survivorId: companyId, mergedIds: [twin] } }));
      return;
    }
  }
}

describe('statistics from the read cache', () => {
  it('a repeated answer costs one check statement beyond the caller, and a write is seen at once', async () => {
    const path = url(`/statistics/dashboard?from=${period.from}&to=${period.to}`);
    const cold = await countStatements(t.db, () => call(t.app, 'GET', path, { token: owner.token }));
    const warm = await countStatements(t.db, () => call(t.app, 'GET', path, { token: owner.token }));
    expect(warm).toBeLessThan(cold);
    await apply({ kind: 'create', who: 0, stage: 2, amount: 500, date: 3, isPublic: false, withProduct: true });
    let answer: { body: Json } | undefined;
    expect(await countStatements(t.db, async () => (answer = await call(t.app, 'GET', path, { token: owner.token })))).toBe(cold);
    expect(answer!.body.data.won.count).toBe(1);
  });

  it('equals a recount for every scope after every kind of write', { timeout: 600_000 }, async () => {
    await expectExact('start');
    await fc.assert(
      fc.asyncProperty(fc.array(writes, { minLength: 3, maxLength: 8 }), async (sequence) => {
        for (const write of sequence) {
          await apply(write);
          await expectExact(JSON.stringify(write));
        }
      }),
      { numRuns: Number(process.env.STATISTICS_CACHE_RUNS ?? 6), seed: Number(process.env.STATISTICS_CACHE_SEED ?? 38), endOnFailure: true },
    );
  });
});
