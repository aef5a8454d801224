import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoWorkspaces } from '../../../test/workspaces.ts';
import { type TestApp } from '../../../test/build-test-app.ts';
import { call, type TestUser } from '../../../test/factories.ts';

/**
 * Issue 21: a custom field's "show in list" did nothing — the list rows never carried the values, so the web's
 * custom-field columns (dynamicFieldColumns) stayed away. The contact and company list rows carry them.
 */
let t: TestApp;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };

beforeAll(async () => {
  ({ t, owner, other } = await twoWorkspaces());
});
afterAll(async () => {
  await t?.close();
});

const url = (path: string, orgId = owner.orgId) => `/api${path}?orgId=${orgId}`;

describe('custom fields shown in the lists', () => {
  it.each([
    ['contact', '/customer', { firstName: '小明', lastName: '王' }, '/page/customer/listV2'],
    ['company', '/company', { name: '台灣電子' }, '/page/company/listV2'],
  ])('a %s list row carries its custom field values', async (entity, createPath, base, listPath) => {
    const field = await call(t.app, 'POST', url(`/field/${entity}`), { token: owner.token, body: { title: '來源', inputType: 'text', isShow: true } });
    expect(field.status).toBe(200);
    const created = await call(t.app, 'POST', url(createPath), { token: owner.token, body: { ...base, dynamicFields: { [field.body.data.id]: '展覽' } } });
    expect(created.status).toBe(200);
    const list = await call(t.app, 'GET', url(listPath), { token: owner.token });
    expect(list.status).toBe(200);
    const row = list.body.data.items.find((item: { id: string }) => item.id === created.body.data.id);
    expect(row.dynamicFields).toEqual({ [field.body.data.id]: '展覽' });
    // Another workspace's list shows none of it.
    const foreign = await call(t.app, 'GET', url(listPath, other.orgId), { token: other.token });
    expect(foreign.body.data.items).toEqual([]);
  });
});
