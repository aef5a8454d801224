import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test/build-test-app.ts';
import { call, countStatements, type TestUser } from '../test/factories.ts';
import { createDeal } from '../test/deals.ts';
import { createCompany, createContact, crmFixture } from '../test/records.ts';

/**
 * The SQL statements each main screen's call runs, pinned (issue: per-request cost). The workspace grows between
 * two measurements, so a per-row query (an N+1) changes the count and fails here; an extra statement per call
 * must be a deliberate change of its budget. Counts only — timings belong to `npm run bench`.
 */
let t: TestApp;
let owner: TestUser & { orgId: string };
const url = (path: string) => `/api${path}${path.includes('?') ? '&' : '?'}orgId=${owner.orgId}`;

beforeAll(async () => {
  ({ t, owner } = await crmFixture());
});
afterAll(async () => {
  await t?.close();
});

async function grow(n: number): Promise<{ contactId: string; companyId: string; dealId: string }> {
  let last = { contactId: '', companyId: '', dealId: '' };
  for (let i = 0; i < n; i++) {
    const companyId = await createCompany(t.app, owner.token, owner.orgId, { name: `公司 ${i} ${Math.random()}` });
    const contactId = await createContact(t.app, owner.token, owner.orgId, { firstName: `名${i}`, lastName: '陳', companyId, phones: [{ value: '0912345678', type: 'mobile' }] });
    const dealId = await createDeal(t.app, owner.token, owner.orgId, { name: `案 ${i}`, companyId, customerId: contactId });
    const schedule = await call(t.app, 'POST', url('/task'), {
      token: owner.token,
      body: { title: `拜訪 ${i}`, startDate: '2026-12-07', startDateTime: '09:00', endDate: '2026-12-07', endDateTime: '10:00', repeat: i % 2 === 0 ? 'everyWeek' : undefined },
    });
    if (schedule.status !== 200) throw new Error(`schedule: ${schedule.status} ${JSON.stringify(schedule.body)}`);
    last = { contactId, companyId, dealId };
  }
  return last;
}

const statistics = 'from=2026-01-01&to=2026-12-31&timeZone=Asia/Taipei';
const screens = (ids: { contactId: string; companyId: string; dealId: string }): [string, string][] => [
  ['contact list', '/page/customer/listV2?limit=50'],
  ['contact detail', `/page/customer/view/${ids.contactId}`],
  ['company list', '/page/company/listV2?limit=50'],
  ['company detail', `/page/company/view/${ids.companyId}`],
  ['contact summary', `/record/summary?entityType=contact&entityId=${ids.contactId}`],
  ['company summary', `/record/summary?entityType=company&entityId=${ids.companyId}`],
  ['contact timeline', `/timeline/page?entityType=contact&entityId=${ids.contactId}`],
  ['deal list', '/page/deal/list?limit=50'],
  ['deal board', '/deal/board?limit=20'],
  ['deal detail', `/page/deal/view/${ids.dealId}`],
  ['calendar month', '/schedule/getMonth?year=2026&month=12'],
  ['search', `/search?keyword=${encodeURIComponent('陳名')}`],
  ['statistics dashboard', `/statistics/dashboard?${statistics}`],
  ['statistics performance', `/statistics/performance?${statistics}`],
  ['statistics forecast', `/statistics/pointOpportunity?${statistics}`],
  ['statistics product ranking', `/statistics/productRanking?${statistics}`],
  ['statistics product ranking with open deals', `/statistics/productRanking?${statistics}&includeOpen=true`],
  ['statistics sales ranking', `/statistics/performanceRanking?${statistics}`],
  ['lost deals drill-down', `/page/deal/list?limit=50&scope=performanceReport&status=failed&lostFrom=2026-01-01&lostTo=2026-12-31&timeZone=Asia/Taipei`],
  ['activity report (week)', '/activity/report?type=week'],
];

/** Statements per call (session and actor included). Lower one when a change saves a statement. */
const budgets: Record<string, number> = {
  'contact list': 5,
  'contact detail': 6,
  'company list': 5,
  'company detail': 8,
  // Record pages (issue 30): session, actor, the record's check, then every registered section's reads as one
  // statement (db/statement-batch.ts; 16 and 13 statements before, issue 38).
  'contact summary': 4,
  'company summary': 4,
  'contact timeline': 8,
  'deal list': 7,
  // Board and calendar: a first call also reads the snapshot for the read cache (platform/read-cache.ts).
  'deal board': 7,
  'deal detail': 12,
  'calendar month': 9,
  // Session, actor, then one statement per kind: contacts, companies, deals, e-mail (mail's source, issue 34).
  search: 6,
  // Statistics from the read cache too (issue 38): a first call reads the snapshot as well.
  'statistics dashboard': 8,
  'statistics performance': 7,
  'statistics forecast': 8,
  'statistics product ranking': 4,
  'statistics product ranking with open deals': 4,
  'statistics sales ranking': 4,
  'lost deals drill-down': 7,
  'activity report (week)': 7,
};

describe('SQL statements per call (no N+1)', () => {
  it('stay the same when the workspace grows, and equal each screen’s budget', async () => {
    const measure = async (ids: Awaited<ReturnType<typeof grow>>) => {
      const counts: Record<string, number> = {};
      for (const [name, path] of screens(ids)) {
        let status = 0;
        counts[name] = await countStatements(t.db, async () => {
          status = (await call(t.app, 'GET', url(path), { token: owner.token })).status;
        });
        expect(status, `${name} ${path}`).toBe(200);
      }
      return counts;
    };
    const small = await measure(await grow(2));
    const large = await measure(await grow(6));
    expect(large).toEqual(small);
    expect(small).toEqual(budgets);
  }, 120_000);

  it('a repeated board, calendar or statistics call with nothing changed is the session, the actor and one check', async () => {
    for (const path of ['/deal/board?limit=20', '/schedule/getMonth?year=2026&month=12', `/statistics/dashboard?${statistics}`, `/statistics/pointOpportunity?${statistics}`]) {
      await call(t.app, 'GET', url(path), { token: owner.token });
      const statements = await countStatements(t.db, async () => {
        expect((await call(t.app, 'GET', url(path), { token: owner.token })).status).toBe(200);
      });
      expect(statements, path).toBe(3);
    }
  });
});
