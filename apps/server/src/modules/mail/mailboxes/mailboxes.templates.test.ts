import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/factories.ts';
import { crmFixture, createCompany, createContact, type CrmFixture } from '../../../test/records.ts';

/** Mail templates: shared in the workspace, edited by the author only, filled from a record the viewer may see. */
let f: CrmFixture;
let contactId: string;
let otherContactId: string;
const url = (path: string, orgId = f.owner.orgId) => `/api${path}${path.includes('?') ? '&' : '?'}orgId=${orgId}`;
const body = { name: '報價追蹤', locale: 'zh-TW', subject: '{company} 報價', body: '{fullName} 您好，\n附上報價。\n{myName}' };

beforeAll(async () => {
  f = await crmFixture();
  const companyId = await createCompany(f.t.app, f.owner.token, f.owner.orgId, { name: '宏達貿易' });
  contactId = await createContact(f.t.app, f.owner.token, f.owner.orgId, { firstName: '小明', lastName: '王', companyId });
  otherContactId = await createContact(f.t.app, f.other.token, f.other.orgId, { firstName: 'Eve', lastName: 'Other' });
}, 60_000);
afterAll(async () => f?.t.close());

describe('mail templates', () => {
  let id: string;

  it('creates in any of the three languages, lists for the workspace, and refuses an unknown field by name', async () => {
    const created = await call(f.t.app, 'POST', url('/mailboxes/templates'), { token: f.owner.token, body });
    expect(created.status).toBe(200);
    id = created.body.data.id;
    await call(f.t.app, 'POST', url('/mailboxes/templates'), { token: f.owner.token, body: { ...body, name: 'Follow-up', locale: 'en-US', subject: 'Hello {firstName}' } });
    await call(f.t.app, 'POST', url('/mailboxes/templates'), { token: f.owner.token, body: { ...body, name: '跟进', locale: 'zh-CN' } });
    const asMember = await call(f.t.app, 'GET', url('/mailboxes/templates'), { token: f.member.token });
    expect(asMember.body.data.map((t: { locale: string }) => t.locale).sort()).toEqual(['en-US', 'zh-CN', 'zh-TW']);
    expect(asMember.body.data.every((t: { mine: boolean }) => !t.mine)).toBe(true);
    const bad = await call(f.t.app, 'POST', url('/mailboxes/templates'), { token: f.owner.token, locale: 'zh-TW', body: { ...body, subject: 'Hi {nickname}' } });
    expect(bad.status).toBe(400);
    expect(bad.body.details?.[0]).toMatchObject({ field: 'subject' });
  });

  it('fills the fields from a contact the viewer may see', async () => {
    const rendered = await call(f.t.app, 'GET', url(`/mailboxes/templates/${id}/render?entityType=contact&entityId=${contactId}`), { token: f.owner.token });
    expect(rendered.status).toBe(200);
    expect(rendered.body.data.subject).toBe('宏達貿易 報價');
    expect(rendered.body.data.text).toMatch(/^王小明 您好/);
  });

  it('only the author edits or deletes; another workspace neither sees nor fills it', async () => {
    expect((await call(f.t.app, 'PUT', url(`/mailboxes/templates/${id}`), { token: f.member.token, body })).status).toBe(404);
    expect((await call(f.t.app, 'DELETE', url(`/mailboxes/templates/${id}`), { token: f.member.token })).status).toBe(404);
    const edited = await call(f.t.app, 'PUT', url(`/mailboxes/templates/${id}`), { token: f.owner.token, body: { ...body, name: '報價追蹤 v2' } });
    expect(edited.body.data).toMatchObject({ name: '報價追蹤 v2', mine: true });
    expect((await call(f.t.app, 'GET', url('/mailboxes/templates', f.other.orgId), { token: f.other.token })).body.data).toEqual([]);
    expect((await call(f.t.app, 'GET', url(`/mailboxes/templates/${id}/render?entityType=contact&entityId=${otherContactId}`, f.other.orgId), { token: f.other.token })).status).toBe(404);
    // A record of another workspace cannot be read through a template either.
    expect((await call(f.t.app, 'GET', url(`/mailboxes/templates/${id}/render?entityType=contact&entityId=${otherContactId}`), { token: f.owner.token })).status).toBe(404);
    expect((await call(f.t.app, 'DELETE', url(`/mailboxes/templates/${id}`), { token: f.owner.token })).status).toBe(200);
  });
});
