import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeal, createStage } from '../../../test/deals.ts';
import { call, type Json } from '../../../test/factories.ts';
import { createCompany, createContact, crmFixture, type CrmFixture } from '../../../test/records.ts';
import { schedules } from '../schedules/schedules.table.ts';

let f: CrmFixture;
let clientId: string;
let companyId: string;
let firstStage: number;

const url = (path: string, orgId = f.owner.orgId) => `/api${path}${path.includes('?') ? '&' : '?'}orgId=${orgId}`;
type Method = 'GET' | 'POST' | 'PUT';
const owner = (method: Method, path: string, body?: unknown, locale?: string) =>
  call(f.t.app, method, url(path), { token: f.owner.token, ...(body === undefined ? {} : { body }), ...(locale ? { locale } : {}) });

beforeAll(async () => {
  f = await crmFixture();
  clientId = await createContact(f.t.app, f.owner.token, f.owner.orgId, { firstName: '孔', lastName: '明' });
  companyId = await createCompany(f.t.app, f.owner.token, f.owner.orgId, { name: 'Formosa Freight' });
  firstStage = (await createStage(f.t.app, f.owner.token, f.owner.orgId, { title: 'Qualify' })).id;
});
afterAll(async () => {
  await f?.t.close();
});

const followUpsOf = (dealId: string) => f.t.db.select().from(schedules).where(and(eq(schedules.orgId, f.owner.orgId), eq(schedules.dealId, dealId)));

describe('settings/automation', () => {
  it('answers the default (off), saves, and validates naming the field in three languages', async () => {
    expect((await owner('GET', '/settings/automation')).body.data).toEqual({ followUpEnabled: false, followUpDelay: 'oneWeek', customDays: null, titlePrefix: '售後追蹤' });
    for (const locale of ['zh-TW', 'zh-CN', 'en-US']) {
      const bad = await owner('POST', '/settings/automation', { followUpEnabled: true, followUpDelay: 'custom', customDays: null, titlePrefix: 'Follow up' }, locale);
      expect(bad.status).toBe(400);
      expect(bad.body.details[0].field).toBe('customDays');
      expect(bad.body.errorMessage).toBeTruthy();
    }
    expect((await owner('POST', '/settings/automation', { followUpEnabled: true, followUpDelay: 'custom', customDays: 0, titlePrefix: 'x' })).body.details[0].field).toBe('customDays');
    expect((await owner('POST', '/settings/automation', { followUpEnabled: true, followUpDelay: 'fortnight', customDays: null, titlePrefix: 'x' })).body.details[0].field).toBe('followUpDelay');
    const saved = await owner('POST', '/settings/automation', { followUpEnabled: true, followUpDelay: 'oneWeek', customDays: 30, titlePrefix: 'Follow up' });
    expect(saved.body.data).toEqual({ followUpEnabled: true, followUpDelay: 'oneWeek', customDays: null, titlePrefix: 'Follow up' });
  });

  it('is for system administrators only (403), and another workspace keeps its own', async () => {
    expect((await call(f.t.app, 'GET', url('/settings/automation'), { token: f.member.token })).status).toBe(403);
    expect((await call(f.t.app, 'POST', url('/settings/automation'), { token: f.member.token, body: { followUpEnabled: false, followUpDelay: 'oneWeek', customDays: null, titlePrefix: 'x' } })).status).toBe(403);
    const other = await call(f.t.app, 'GET', url('/settings/automation', f.other.orgId), { token: f.other.token });
    expect(other.body.data.followUpEnabled).toBe(false);
  });
});

describe('the follow-up after a deal is closed won', () => {
  it('creates exactly one follow-up schedule, linked to the deal, its client and company, a week after the close', async () => {
    const dealId = await createDeal(f.t.app, f.owner.token, f.owner.orgId, { name: 'Fleet renewal', clientId, companyId });
    expect(await followUpsOf(dealId)).toHaveLength(0);
    const closed = await owner('PUT', `/deal/${dealId}/stage`, { stage: 1000, completedDate: '2026-03-02' });
    expect(closed.status).toBe(200);
    const [followUp, ...more] = await followUpsOf(dealId);
    expect(more).toHaveLength(0);
    expect(followUp).toMatchObject({ title: 'Follow up: Fleet renewal', startDate: '2026-03-09', fullDay: true, clientId, companyId, ownerUserId: f.owner.user.id, completed: false });
    // Visible in the calendar.
    const events = (await owner('GET', '/schedule/getBetween?start=2026-03-09&end=2026-03-09')).body.data.items as Json[];
    expect(events.some((e) => e.scheduleId === followUp!.id)).toBe(true);

    // Re-saved, re-opened and closed again: still one.
    await owner('PUT', `/deal/${dealId}`, { name: 'Fleet renewal' });
    await owner('PUT', `/deal/${dealId}/stage`, { stage: firstStage });
    await owner('PUT', `/deal/${dealId}/stage`, { stage: 1000, completedDate: '2026-04-01' });
    await owner('PUT', `/deal/${dealId}`, { stage: firstStage });
    await owner('PUT', `/deal/${dealId}`, { stage: 1000 });
    expect(await followUpsOf(dealId)).toHaveLength(1);
  });

  it('follows the delay chosen, for deals created won and closed through the edit form', async () => {
    await owner('POST', '/settings/automation', { followUpEnabled: true, followUpDelay: 'custom', customDays: 10, titlePrefix: 'Check in' });
    const created = await createDeal(f.t.app, f.owner.token, f.owner.orgId, { name: 'Won at once', stage: 1000, completedDate: '2026-05-01' });
    expect((await followUpsOf(created)).map((s) => [s.title, s.startDate])).toEqual([['Check in: Won at once', '2026-05-11']]);
    await owner('POST', '/settings/automation', { followUpEnabled: true, followUpDelay: 'sixMonths', customDays: null, titlePrefix: 'Check in' });
    const edited = await createDeal(f.t.app, f.owner.token, f.owner.orgId, { name: 'Edited' });
    await owner('PUT', `/deal/${edited}`, { stage: 1000, completedDate: '2026-08-31' });
    expect((await followUpsOf(edited)).map((s) => s.startDate)).toEqual(['2027-02-28']);
  });

  it('creates nothing when automation is off, or for a lost deal', async () => {
    await owner('POST', '/settings/automation', { followUpEnabled: true, followUpDelay: 'oneMonth', customDays: null, titlePrefix: 'Check in' });
    const lost = await createDeal(f.t.app, f.owner.token, f.owner.orgId, { name: 'Lost' });
    await owner('PUT', `/deal/${lost}/stage`, { stage: -9999 });
    expect(await followUpsOf(lost)).toHaveLength(0);
    await owner('POST', '/settings/automation', { followUpEnabled: false, followUpDelay: 'oneMonth', customDays: null, titlePrefix: 'Check in' });
    const off = await createDeal(f.t.app, f.owner.token, f.owner.orgId, { name: 'Off' });
    await owner('PUT', `/deal/${off}/stage`, { stage: 1000, completedDate: '2026-03-02' });
    expect(await followUpsOf(off)).toHaveLength(0);
  });
});
