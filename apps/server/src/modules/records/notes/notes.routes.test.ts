import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { call, type TestUser } from '../../../test/factories.ts';
import { createCompany, createContact, crmFixture } from '../../../test/records.ts';
import { notes } from './notes.table.ts';

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

describe('notes and timeline', () => {
  it('adds notes to a contact and a company, stored as typed (XSS stays text), newest first, on the detail page', async () => {
    const contact = await createContact(t.app, owner.token, owner.orgId);
    const company = await createCompany(t.app, owner.token, owner.orgId);
    const xss = '<img src=x onerror=alert(1)>';
    await call(t.app, 'POST', url('/notes'), { token: owner.token, body: { entityType: 'contact', entityId: contact, content: 'first' } });
    const added = await call(t.app, 'POST', url('/notes'), { token: owner.token, body: { entityType: 'contact', entityId: contact, content: xss } });
    expect(added.body.data).toMatchObject({ content: xss, entityType: 'contact' });
    await call(t.app, 'POST', url('/notes'), { token: owner.token, body: { entityType: 'company', entityId: company, content: 'co note' } });
    const view = await call(t.app, 'GET', url(`/page/customer/view/${contact}`), { token: owner.token });
    expect(view.body.data.notes.map((n: { content: string }) => n.content)).toEqual([xss, 'first']);
    expect(view.body.data.notes[0].author.userId).toBe(owner.user.id);
    const list = await call(t.app, 'GET', url(`/notes?entityType=company&entityId=${company}`), { token: owner.token });
    expect(list.body.data.map((n: { content: string }) => n.content)).toEqual(['co note']);
    const timeline = await call(t.app, 'GET', url(`/timeline?entityType=contact&entityId=${contact}`), { token: owner.token });
    expect(timeline.body.data.map((e: { action: string }) => e.action)).toEqual(['note', 'note', 'create']);
  });

  it('requires content and a known entity type', async () => {
    const contact = await createContact(t.app, owner.token, owner.orgId);
    const empty = await call(t.app, 'POST', url('/notes'), { token: owner.token, body: { entityType: 'contact', entityId: contact, content: '  ' } });
    expect(empty.body.details[0].field).toBe('content');
    const bad = await call(t.app, 'POST', url('/notes'), { token: owner.token, body: { entityType: 'task', entityId: contact, content: 'x' } });
    expect(bad.body.details[0].field).toBe('entityType');
  });

  it('follows record visibility: a member cannot note or read a contact they cannot see', async () => {
    const contact = await createContact(t.app, owner.token, owner.orgId);
    expect((await call(t.app, 'POST', url('/notes'), { token: member.token, body: { entityType: 'contact', entityId: contact, content: 'x' } })).status).toBe(404);
    expect((await call(t.app, 'GET', url(`/notes?entityType=contact&entityId=${contact}`), { token: member.token })).status).toBe(404);
  });

  it('another workspace gets 404 with nothing changed', async () => {
    const contact = await createContact(t.app, owner.token, owner.orgId);
    const note = await call(t.app, 'POST', url('/notes'), { token: owner.token, body: { entityType: 'contact', entityId: contact, content: 'keep' } });
    expect((await call(t.app, 'DELETE', url(`/notes/${note.body.data.id}`, other.orgId), { token: other.token })).status).toBe(404);
    expect((await call(t.app, 'POST', url('/notes', other.orgId), { token: other.token, body: { entityType: 'contact', entityId: contact, content: 'x' } })).status).toBe(404);
    expect((await call(t.app, 'GET', url(`/timeline?entityType=contact&entityId=${contact}`, other.orgId), { token: other.token })).status).toBe(404);
    expect(await t.db.select().from(notes).where(eq(notes.id, note.body.data.id))).toHaveLength(1);
    expect((await call(t.app, 'DELETE', url(`/notes/${note.body.data.id}`), { token: owner.token })).status).toBe(200);
    expect(await t.db.select().from(notes).where(eq(notes.id, note.body.data.id))).toHaveLength(0);
  });
});
