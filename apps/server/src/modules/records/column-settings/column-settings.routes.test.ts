import { companyListColumns, contactListColumns, contactTextFields } from '@lodestar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoWorkspaces } from '../../../test/workspaces.ts';
import { type TestApp } from '../../../test/build-test-app.ts';
import { call, type TestUser } from '../../../test/factories.ts';

let t: TestApp;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let member: TestUser;

beforeAll(async () => {
  ({ t, owner, other, member } = await twoWorkspaces());
});
afterAll(async () => {
  await t?.close();
});

const url = (path: string, orgId = owner.orgId) => `/api${path}?orgId=${orgId}`;

describe('list column settings', () => {
  it("shows the field list's first columns until a system administrator saves an order; text fields start hidden", async () => {
    const contacts = await call(t.app, 'GET', url('/customerFieldSetting'), { token: member.token });
    expect(contacts.status).toBe(200);
    const shown = ['company', 'phones', 'email', 'tags', 'owner', 'lastContactAt'];
    expect(contacts.body.data.columns).toEqual(contactListColumns.map((key) => ({ key, isShow: shown.includes(key) })));
    expect(contactListColumns).toEqual(expect.arrayContaining([...shown, ...contactTextFields]));
    const companies = await call(t.app, 'GET', url('/companyFieldSetting'), { token: member.token });
    expect(companies.body.data.columns).toEqual(companyListColumns.map((key) => ({ key, isShow: true })));
  });

  it('saves order and visibility per workspace and per list; a partial list gets the rest appended hidden', async () => {
    const columns = [
      { key: 'owner', isShow: true },
      { key: 'phones', isShow: false },
    ];
    const saved = await call(t.app, 'POST', url('/customerFieldSetting'), { token: owner.token, body: { columns } });
    expect(saved.status).toBe(200);
    expect(saved.body.data.columns.slice(0, 2)).toEqual(columns);
    expect(saved.body.data.columns.slice(2).every((c: { isShow: boolean }) => !c.isShow)).toBe(true);
    expect(saved.body.data.columns).toHaveLength(contactListColumns.length);
    const again = await call(t.app, 'GET', url('/customerFieldSetting'), { token: member.token });
    expect(again.body.data).toEqual(saved.body.data);
    // The company list and the other workspace are untouched.
    expect((await call(t.app, 'GET', url('/companyFieldSetting'), { token: owner.token })).body.data.columns.every((c: { isShow: boolean }) => c.isShow)).toBe(true);
    const foreign = await call(t.app, 'GET', url('/customerFieldSetting', other.orgId), { token: other.token });
    expect(foreign.body.data.columns.find((c: { key: string }) => c.key === 'phones').isShow).toBe(true);
  });

  it('refuses unknown or repeated keys (400 naming columns), members (403) and another workspace (403, nothing changes)', async () => {
    for (const columns of [[{ key: 'nope', isShow: true }], [{ key: 'owner', isShow: true }, { key: 'owner', isShow: false }]]) {
      const res = await call(t.app, 'POST', url('/customerFieldSetting'), { token: owner.token, locale: 'en-US', body: { columns } });
      expect(res.status).toBe(400);
      expect(res.body.details[0].field).toMatch(/^columns/);
    }
    const body = { columns: [{ key: 'taxId', isShow: false }] };
    expect((await call(t.app, 'POST', url('/companyFieldSetting'), { token: member.token, body })).status).toBe(403);
    expect((await call(t.app, 'POST', url('/companyFieldSetting', owner.orgId), { token: other.token, body })).status).toBe(403);
    expect((await call(t.app, 'GET', url('/companyFieldSetting', owner.orgId), { token: other.token })).status).toBe(403);
    expect((await call(t.app, 'GET', url('/companyFieldSetting'), { token: owner.token })).body.data.columns.every((c: { isShow: boolean }) => c.isShow)).toBe(true);
  });
});
