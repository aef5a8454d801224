import { freePlanLimits } from '@lodestar/contract';
import { count, eq, sql } from 'drizzle-orm';
import { contacts } from '../../records/contacts/contacts.table.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoWorkspaces } from '../../../test/workspaces.ts';
import { type TestApp } from '../../../test/build-test-app.ts';
import { saveBusiness } from '../../../test/booking.ts';
import { call, readMail, signedInOwner, type TestUser } from '../../../test/factories.ts';
import { injectMultipart, multipart, setOrgPlan } from '../../../test/records.ts';

let t: TestApp;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let member: TestUser;

beforeAll(async () => {
  ({ t, owner, other, member } = await twoWorkspaces({ ownerOrgName: '北極星科技' }));
});
afterAll(async () => {
  await t?.close();
});

const url = (orgId: string, path = '/businesscard') => `/api${path}?orgId=${orgId}`;
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const content = {
  firstName: '小明',
  lastName: '王',
  title: '業務經理',
  company: '北極星科技股份有限公司',
  phones: [{ value: '0912-345-678', type: 'mobile' }],
  email: 'ming@example.tw',
  address: '台北市信義區信義路五段7號',
  links: [{ label: 'Website', url: 'https://example.tw' }],
  intro: '專注企業軟體十年。',
  videoUrl: 'https://www.youtube.com/watch?v=abc',
  lineId: '@ming',
  isPublic: true,
};

async function saveCard(token: string, orgId: string, body: Record<string, unknown> = content) {
  const answer = await call(t.app, 'PUT', url(orgId), { token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

describe('business card', () => {
  it('is prefilled from the profile and workspace before it is saved, then saves, edits and keeps one slug', async () => {
    const draft = (await call(t.app, 'GET', url(owner.orgId), { token: owner.token })).body.data;
    expect(draft).toMatchObject({ id: null, slug: null, company: '北極星科技', email: owner.email, themeId: 'harbor' });
    const saved = await saveCard(owner.token, owner.orgId);
    expect(saved).toMatchObject({ ...content, themeId: 'harbor', photoUrl: null, bookingPath: null });
    expect(saved.slug).toMatch(/^[A-Za-z0-9]{20}$/);
    const edited = await saveCard(owner.token, owner.orgId, { ...content, title: '協理' });
    expect(edited).toMatchObject({ id: saved.id, slug: saved.slug, title: '協理' });
    // A colleague in the same workspace has their own card.
    const colleague = await saveCard(member.token, owner.orgId, { lastName: 'Lin', firstName: 'Ada' });
    expect(colleague.id).not.toBe(saved.id);
    expect(colleague.slug).not.toBe(saved.slug);
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const before = (await call(t.app, 'GET', url(owner.orgId), { token: owner.token })).body.data;
    for (const [body, field] of [
      [{ ...content, lastName: '' }, 'lastName'],
      [{ ...content, email: 'not-an-email' }, 'email'],
      [{ ...content, videoUrl: 'javascript:alert(1)' }, 'videoUrl'],
      [{ ...content, links: [{ label: 'x', url: 'data:text/html,hi' }] }, 'links'],
      [{ ...content, phones: [{ value: 'abc', type: 'mobile' }] }, 'phones'],
    ] as const) {
      const answer = await call(t.app, 'PUT', url(owner.orgId), { token: owner.token, locale: 'en-US', body });
      expect(answer.status).toBe(400);
      expect(answer.body.errorCode).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(answer.body.data ?? answer.body)).toContain(field);
    }
    const badTheme = await call(t.app, 'PUT', url(owner.orgId, '/businesscard/theme'), { token: owner.token, body: { themeId: 'no-such' } });
    expect(badTheme.status).toBe(400);
    expect(JSON.stringify(badTheme.body)).toContain('themeId');
    expect((await call(t.app, 'GET', url(owner.orgId), { token: owner.token })).body.data).toEqual(before);
  });

  it('shows a theme store by plan: included themes apply, a paid one on Free answers the upgrade message', async () => {
    const store = (await call(t.app, 'GET', url(owner.orgId, '/businesscard/themes'), { token: owner.token })).body.data;
    expect(store.currentThemeId).toBe('harbor');
    expect(store.themes.filter((th: { included: boolean }) => th.included).length).toBeGreaterThanOrEqual(8);
    const paid = store.themes.find((th: { included: boolean }) => !th.included);
    expect(paid).toBeTruthy();
    const refused = await call(t.app, 'PUT', url(owner.orgId, '/businesscard/theme'), { token: owner.token, locale: 'en-US', body: { themeId: paid.id } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ errorCode: 'PLAN_LIMIT_REACHED', errorMessage: 'Please upgrade to the Pro version' });
    const ink = await call(t.app, 'PUT', url(owner.orgId, '/businesscard/theme'), { token: owner.token, body: { themeId: 'ink' } });
    expect(ink.body.data.themeId).toBe('ink');
    await setOrgPlan(t.db, owner.orgId, 'pro');
    const upgraded = await call(t.app, 'PUT', url(owner.orgId, '/businesscard/theme'), { token: owner.token, body: { themeId: paid.id } });
    expect(upgraded.body.data.themeId).toBe(paid.id);
    await call(t.app, 'PUT', url(owner.orgId, '/businesscard/theme'), { token: owner.token, body: { themeId: 'ink' } });
    await setOrgPlan(t.db, owner.orgId, 'free');
  });

  it('uploads a photo through the upload path, served publicly only through the public card', async () => {
    const form = multipart({}, { field: 'photo', filename: 'me.png', contentType: 'image/png', data: png });
    const uploaded = await injectMultipart(t.app, url(owner.orgId, '/businesscard/photo'), owner.token, form);
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.data.photoUrl).toMatch(/^\/api\/files\//);
    const wrong = multipart({}, { field: 'photo', filename: 'x.html', contentType: 'text/html', data: Buffer.from('<b>') });
    const refused = await injectMultipart(t.app, url(owner.orgId, '/businesscard/photo'), owner.token, wrong);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('photo');
  });

  it('answers the public page by slug with only public fields, the booking link and a vCard', async () => {
    await saveBusiness(t.app, owner.token, owner.orgId, { idName: 'polaris-sales' });
    const card = (await call(t.app, 'GET', url(owner.orgId), { token: owner.token })).body.data;
    const { status, body } = await call(t.app, 'GET', `/api/public/card/${card.slug}`, {});
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ firstName: '小明', lastName: '王', bookingPath: '/book/polaris-sales', vcardPath: `/api/public/card/${card.slug}/vcard` });
    expect(body.data.theme).toMatchObject({ id: 'ink', dark: true });
    // Nothing beyond the card: no ids of the card, owner or workspace, no slug, no switch.
    const keys = Object.keys(body.data);
    for (const hidden of ['id', 'orgId', 'userId', 'slug', 'isPublic', 'ownerUserId']) expect(keys).not.toContain(hidden);
    expect(JSON.stringify(body.data)).not.toContain(owner.orgId);
    expect(body.data.photoUrl).toBe(`/api/public/card/${card.slug}/photo`);
    const photo = await t.app.inject({ method: 'GET', url: body.data.photoUrl });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');

    const vcard = await t.app.inject({ method: 'GET', url: body.data.vcardPath });
    expect(vcard.statusCode).toBe(200);
    expect(vcard.headers['content-type']).toContain('text/vcard');
    expect(vcard.headers['content-disposition']).toContain(encodeURIComponent('王小明.vcf'));
    expect(vcard.body).toContain('N:王;小明;;;\r\n');
    expect(vcard.body).toContain('FN:王小明\r\n');
    expect(vcard.body).toContain('TEL;TYPE=CELL:0912-345-678\r\n');
    expect(vcard.body).toContain(`/card/${card.slug}`);
  });

  it('vCard of an English name', async () => {
    const card = await saveCard(other.token, other.orgId, { firstName: 'John', lastName: 'Smith', company: 'Acme, Inc.' });
    const vcard = await t.app.inject({ method: 'GET', url: `/api/public/card/${card.slug}/vcard` });
    expect(vcard.body).toContain('N:Smith;John;;;\r\nFN:John Smith\r\n');
    expect(vcard.body).toContain('ORG:Acme\\, Inc.\r\n');
  });

  it('turned off, or a guessed slug, is 404', async () => {
    const card = await saveCard(owner.token, owner.orgId, { ...content, isPublic: false });
    for (const path of [`/api/public/card/${card.slug}`, `/api/public/card/${card.slug}/vcard`, `/api/public/card/${card.slug}/photo`, '/api/public/card/AAAAAAAAAAAAAAAAAAAA']) {
      const answer = await t.app.inject({ method: 'GET', url: path, headers: { 'accept-language': 'en-US' } });
      expect(answer.statusCode, path).toBe(404);
    }
    const exchange = await call(t.app, 'POST', `/api/public/card/${card.slug}/exchange`, { body: { name: 'X', phone: '0911000000' } });
    expect(exchange.status).toBe(404);
    await saveCard(owner.token, owner.orgId, content);
  });

  it('a visitor exchanging cards creates a contact owned by the card owner once, then links it; the owner sees the leads', async () => {
    const card = (await call(t.app, 'GET', url(owner.orgId), { token: owner.token })).body.data;
    const path = `/api/public/card/${card.slug}/exchange`;
    const missing = await call(t.app, 'POST', path, { locale: 'en-US', body: { name: '陳美玲' } });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('phone');
    const first = await call(t.app, 'POST', path, { body: { name: '陳美玲', phone: '0987 654 321', note: '想了解方案' } });
    expect(first.body).toMatchObject({ result: 'success', data: { received: true } });
    const again = await call(t.app, 'POST', path, { body: { name: '陳美玲', phone: '0987-654-321', email: 'mei@example.tw' } });
    expect(again.status).toBe(200);
    const leads = (await call(t.app, 'GET', url(owner.orgId, '/businesscard/leads'), { token: owner.token })).body.data;
    expect(leads).toHaveLength(2);
    expect(leads[0].contactId).toBeTruthy();
    expect(leads[0].contactId).toBe(leads[1].contactId);
    const contact = (await call(t.app, 'GET', `/api/customer/${leads[0].contactId}?orgId=${owner.orgId}`, { token: owner.token })).body.data;
    expect(contact).toMatchObject({ firstName: '美玲', lastName: '陳' });
    expect(contact.owner?.userId ?? contact.ownerUserId).toBe(owner.user.id);
    const timeline = (await call(t.app, 'GET', `/api/timeline?orgId=${owner.orgId}&entityType=contact&entityId=${contact.id}`, { token: owner.token })).body.data;
    expect(timeline.filter((e: { action: string }) => e.action === 'businessCard')).toHaveLength(2);
    // The owner is told each time, with a link to the contact.
    const mails = await readMail(t.app, t.db, owner.user.email);
    const told = mails.filter((m) => m.subject.includes('陳美玲'));
    expect(told).toHaveLength(2);
    expect(told[0]!.text).toContain(`/${owner.orgId}/contact/detail/${contact.id}`);
    // The colleague's leads are their own.
    expect((await call(t.app, 'GET', url(owner.orgId, '/businesscard/leads'), { token: member.token })).body.data).toEqual([]);
  });

  it('on a Free workspace at its contact limit the lead is kept without a contact', async () => {
    const free = await signedInOwner(t.app, 'Free');
    await t.db.execute(sql`insert into contacts (org_id, first_name, last_name, owner_user_id)
      select ${free.orgId}, 'F' || g, 'L', ${free.user.id} from generate_series(1, ${freePlanLimits.contacts}) g`);
    const card = await saveCard(free.token, free.orgId, { lastName: 'Free' });
    const answer = await call(t.app, 'POST', `/api/public/card/${card.slug}/exchange`, { body: { name: 'Visitor One', email: 'v1@example.com' } });
    expect(answer.status).toBe(200);
    const leads = (await call(t.app, 'GET', url(free.orgId, '/businesscard/leads'), { token: free.token })).body.data;
    expect(leads).toMatchObject([{ name: 'Visitor One', contactId: null }]);
    const [row] = await t.db.select({ n: count() }).from(contacts).where(eq(contacts.orgId, free.orgId));
    expect(row!.n).toBe(freePlanLimits.contacts);
  });

  it("another workspace cannot read or change this workspace's card (its own card only)", async () => {
    const mine = (await call(t.app, 'GET', url(owner.orgId), { token: owner.token })).body.data;
    // Not a member of the owner's workspace: 403 at the door, and its own calls answer its own card.
    expect((await call(t.app, 'GET', url(owner.orgId), { token: other.token })).status).toBe(403);
    expect((await call(t.app, 'PUT', url(owner.orgId), { token: other.token, body: content })).status).toBe(403);
    const theirs = (await call(t.app, 'GET', url(other.orgId), { token: other.token })).body.data;
    expect(theirs.id).not.toBe(mine.id);
    expect((await call(t.app, 'GET', url(other.orgId, '/businesscard/leads'), { token: other.token })).body.data).toEqual([]);
    expect((await call(t.app, 'GET', url(owner.orgId), { token: owner.token })).body.data).toEqual(mine);
  });
});
