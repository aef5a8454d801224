import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { call, signedInOwner, type TestUser } from '../../../test/factories.ts';
import { createContact, crmFixture, setOrgPlan } from '../../../test/records.ts';
import { customFields } from './custom-fields.table.ts';

let t: TestApp;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let member: TestUser;

beforeAll(async () => {
  ({ t, owner, other, member } = await crmFixture());
});
afterAll(async () => {
  await t?.close();
});

const url = (path: string, orgId = owner.orgId) => `/api${path}${path.includes('?') ? '&' : '?'}orgId=${orgId}`;
const define = (entity: string, body: object, token = owner.token, orgId = owner.orgId) => call(t.app, 'POST', url(`/field/${entity}`, orgId), { token, body });

describe('custom fields', () => {
  it('defines fields of every type, sorts them and answers them on field/contact', async () => {
    const text = (await define('contact', { title: 'Source', inputType: 'text', required: true })).body.data;
    const date = (await define('contact', { title: 'Anniversary', inputType: 'date' })).body.data;
    const pick = (await define('contact', { title: 'Tier', inputType: 'options', options: [{ label: 'Gold', value: 'gold' }] })).body.data;
    await define('contact', { title: 'Follow up', inputType: 'notification' });
    await define('contact', { title: 'Remarks', inputType: 'textArea' });
    const sorted = await call(t.app, 'POST', url('/field/contact/sort'), { token: owner.token, body: { ids: [pick.id, text.id, date.id] } });
    expect(sorted.status).toBe(200);
    const list = await call(t.app, 'GET', url('/field/contact'), { token: member.token });
    expect(list.body.data.slice(0, 3).map((f: { title: string }) => f.title)).toEqual(['Tier', 'Source', 'Anniversary']);
    expect(list.body.data.map((f: { inputType: string }) => f.inputType).sort()).toEqual(['date', 'notification', 'options', 'text', 'textArea']);
  });

  it('requires options for a dropdown and a title', async () => {
    expect((await define('company', { title: 'Size', inputType: 'options' })).body.details[0].field).toBe('options');
    expect((await define('company', { title: '', inputType: 'text' })).body.details[0].field).toBe('title');
  });

  it('enforces required fields, dates and options when a record is saved', async () => {
    const boss = await signedInOwner(t.app, 'Fields');
    await setOrgPlan(t.db, boss.orgId, 'subscribe_team');
    const req = (await define('company', { title: 'Region', inputType: 'text', required: true }, boss.token, boss.orgId)).body.data.id;
    const day = (await define('company', { title: 'Founded', inputType: 'date' }, boss.token, boss.orgId)).body.data.id;
    const tier = (await define('company', { title: 'Tier', inputType: 'options', options: [{ label: 'A', value: 'a' }] }, boss.token, boss.orgId)).body.data.id;
    const save = (dynamicFields: object, locale = 'en-US') =>
      call(t.app, 'POST', url('/company', boss.orgId), { token: boss.token, locale, body: { name: 'Fielded', dynamicFields } });
    const missing = await save({}, 'zh-CN');
    expect(missing.status).toBe(400);
    expect(missing.body.details[0]).toMatchObject({ field: `dynamicFields.${req}`, reason: 'required', message: '此字段为必填', label: 'Region' });
    // The message names the field by its title, never by its id.
    expect(missing.body.errorMessage).toBe('字段“Region”：此字段为必填');
    expect((await save({ [req]: 'North', [day]: '2024-02-30' })).body.details[0]).toMatchObject({ field: `dynamicFields.${day}`, message: 'Incorrect Date Format' });
    expect((await save({ [req]: 'North', [tier]: 'z' })).body.details[0].field).toBe(`dynamicFields.${tier}`);
    const ok = await save({ [req]: 'North', [day]: '2024-02-29', [tier]: 'a', stray: 'dropped' });
    expect(ok.status).toBe(200);
    const company = await call(t.app, 'GET', url(`/company/${ok.body.data.id}`, boss.orgId), { token: boss.token });
    expect(company.body.data.dynamicFields).toEqual({ [req]: 'North', [day]: '2024-02-29', [tier]: 'a' });
    // Contacts are checked against contact fields only.
    await createContact(t.app, boss.token, boss.orgId);
  });

  it('only system administrators change definitions', async () => {
    expect((await define('contact', { title: 'Nope', inputType: 'text' }, member.token)).status).toBe(403);
  });

  it('another workspace gets 404 with nothing changed', async () => {
    const field = (await define('contact', { title: 'Mine', inputType: 'text' })).body.data.id;
    const body = { title: 'Stolen', inputType: 'text' };
    expect((await call(t.app, 'PUT', url(`/field/contact/${field}`, other.orgId), { token: other.token, body })).status).toBe(404);
    expect((await call(t.app, 'DELETE', url(`/field/contact/${field}`, other.orgId), { token: other.token })).status).toBe(404);
    expect((await call(t.app, 'POST', url('/field/contact/sort', other.orgId), { token: other.token, body: { ids: [field] } })).status).toBe(404);
    const [row] = await t.db.select().from(customFields).where(eq(customFields.id, field));
    expect(row!.title).toBe('Mine');
    // Updating and deleting in the own workspace work.
    expect((await call(t.app, 'PUT', url(`/field/contact/${field}`), { token: owner.token, body: { ...body, title: 'Renamed' } })).body.data.title).toBe('Renamed');
    expect((await call(t.app, 'DELETE', url(`/field/contact/${field}`), { token: owner.token })).status).toBe(200);
  });
});
