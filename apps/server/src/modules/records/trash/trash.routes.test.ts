import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../../../platform/jobs.ts';
import { jobs } from '../../../platform/jobs.table.ts';
import { scheduledJobs } from '../../../scheduled-jobs.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { addMember, call, registerUser, signedInOwner, type TestUser } from '../../../test/factories.ts';
import { createCompany, createContact, crmFixture, setOrgPlan } from '../../../test/records.ts';
import { companies } from '../companies/companies.table.ts';
import { contacts } from '../contacts/contacts.table.ts';
import { notes } from '../notes/notes.table.ts';

let t: TestApp;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };

beforeAll(async () => {
  ({ t, owner, other } = await crmFixture());
});
afterAll(async () => {
  await t?.close();
});

const url = (path: string, orgId = owner.orgId) => `/api${path}${path.includes('?') ? '&' : '?'}orgId=${orgId}`;

describe('trash', () => {
  it('lists deleted contacts and companies, restores them with a timeline entry', async () => {
    const contact = await createContact(t.app, owner.token, owner.orgId, { firstName: '明', lastName: '孔' });
    const company = await createCompany(t.app, owner.token, owner.orgId, { name: 'Trash Co' });
    await call(t.app, 'DELETE', url(`/customer/${contact}`), { token: owner.token });
    await call(t.app, 'DELETE', url(`/company/${company}`), { token: owner.token });
    const list = await call(t.app, 'GET', url('/trash'), { token: owner.token });
    expect(list.body.data.items.map((i: { type: string; name: string }) => `${i.type}:${i.name}`).sort()).toEqual(['company:Trash Co', 'contact:孔明']);
    const item = list.body.data.items[0];
    expect(Date.parse(item.purgeAt) - Date.parse(item.deletedAt)).toBe(30 * 86400_000);
    const restored = await call(t.app, 'POST', url('/trash/restore'), {
      token: owner.token,
      body: { items: [{ type: 'contact', id: contact }, { type: 'company', id: company }] },
    });
    expect(restored.body.data.count).toBe(2);
    const view = await call(t.app, 'GET', url(`/page/customer/view/${contact}`), { token: owner.token });
    expect(view.body.data.timeline.map((e: { action: string }) => e.action)).toEqual(['restore', 'delete', 'create']);
    expect((await call(t.app, 'GET', url('/trash'), { token: owner.token })).body.data.items).toEqual([]);
  });

  it('pages the trash with a cursor', async () => {
    const boss = await signedInOwner(t.app, 'Paging');
    await setOrgPlan(t.db, boss.orgId, 'subscribe_team');
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await createContact(t.app, boss.token, boss.orgId, { firstName: `T${i}` }));
    await call(t.app, 'DELETE', url('/customer/deleteMuti', boss.orgId), { token: boss.token, body: { ids } });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: { data: { items: { id: string }[]; nextCursor: string | null } } } = await call(
        t.app,
        'GET',
        url(`/trash?limit=2${cursor ? `&cursor=${cursor}` : ''}`, boss.orgId),
        { token: boss.token },
      );
      seen.push(...res.body.data.items.map((i) => i.id));
      cursor = res.body.data.nextCursor;
    } while (cursor);
    expect(seen.sort()).toEqual([...ids].sort());
  });

  it('deletes forever and empties, taking notes along', async () => {
    const a = await createContact(t.app, owner.token, owner.orgId);
    const b = await createContact(t.app, owner.token, owner.orgId);
    await call(t.app, 'POST', url('/notes'), { token: owner.token, body: { entityType: 'contact', entityId: a, content: 'remember' } });
    await call(t.app, 'DELETE', url('/customer/deleteMuti'), { token: owner.token, body: { ids: [a, b] } });
    // Only deleted records can be deleted forever.
    const live = await createContact(t.app, owner.token, owner.orgId);
    expect((await call(t.app, 'POST', url('/trash/deleteForever'), { token: owner.token, body: { items: [{ type: 'contact', id: live }] } })).status).toBe(404);
    expect((await call(t.app, 'POST', url('/trash/deleteForever'), { token: owner.token, body: { items: [{ type: 'contact', id: a }] } })).body.data.count).toBe(1);
    expect(await t.db.select().from(notes).where(eq(notes.entityId, a))).toEqual([]);
    expect((await call(t.app, 'POST', url('/trash/empty'), { token: owner.token })).body.data.count).toBe(1);
    expect(await t.db.select().from(contacts).where(eq(contacts.id, b))).toEqual([]);
    expect(await t.db.select().from(contacts).where(eq(contacts.id, live))).toHaveLength(1);
  });

  it('a member with scope mine sees and restores only their own deleted records', async () => {
    const m = await registerUser(t.app);
    await addMember(t.db, owner.orgId, m.user.id);
    const theirs = await createContact(t.app, m.token, owner.orgId);
    const boss = await createContact(t.app, owner.token, owner.orgId);
    await call(t.app, 'DELETE', url(`/customer/${theirs}`), { token: m.token });
    await call(t.app, 'DELETE', url(`/customer/${boss}`), { token: owner.token });
    const list = await call(t.app, 'GET', url('/trash'), { token: m.token });
    expect(list.body.data.items.map((i: { id: string }) => i.id)).toEqual([theirs]);
    expect((await call(t.app, 'POST', url('/trash/restore'), { token: m.token, body: { items: [{ type: 'contact', id: boss }] } })).status).toBe(404);
  });

  it('another workspace gets 404 with nothing changed', async () => {
    const id = await createContact(t.app, owner.token, owner.orgId);
    await call(t.app, 'DELETE', url(`/customer/${id}`), { token: owner.token });
    for (const path of ['/trash/restore', '/trash/deleteForever']) {
      const res = await call(t.app, 'POST', url(path, other.orgId), { token: other.token, body: { items: [{ type: 'contact', id }] } });
      expect(res.status, path).toBe(404);
    }
    await call(t.app, 'POST', url('/trash/empty', other.orgId), { token: other.token });
    expect((await call(t.app, 'GET', url('/trash', other.orgId), { token: other.token })).body.data.items).toEqual([]);
    const [row] = await t.db.select().from(contacts).where(eq(contacts.id, id));
    expect(row!.deletedAt).not.toBeNull();
  });
});

describe('the purge job', () => {
  it('purges records deleted more than 30 days ago, keeps younger ones, and keeps its schedule across a restart', async () => {
    const old = await createContact(t.app, owner.token, owner.orgId);
    const young = await createContact(t.app, owner.token, owner.orgId);
    const oldCompany = await createCompany(t.app, owner.token, owner.orgId, { name: 'Old Co' });
    await call(t.app, 'DELETE', url('/customer/deleteMuti'), { token: owner.token, body: { ids: [old, young] } });
    await call(t.app, 'DELETE', url(`/company/${oldCompany}`), { token: owner.token });
    await t.db.update(contacts).set({ deletedAt: sql`now() - interval '31 days'` }).where(eq(contacts.id, old));
    await t.db.update(companies).set({ deletedAt: sql`now() - interval '30 days 1 minute'` }).where(eq(companies.id, oldCompany));
    await t.db.update(contacts).set({ deletedAt: sql`now() - interval '29 days'` }).where(eq(contacts.id, young));

    // Every scheduled job is due on a fresh database (the list grows as modules add jobs).
    expect(await runDueJobs(t.db, t.app.log, scheduledJobs)).toEqual(scheduledJobs.map((job) => job.name));
    expect(await t.db.select().from(contacts).where(eq(contacts.id, old))).toEqual([]);
    expect(await t.db.select().from(companies).where(eq(companies.id, oldCompany))).toEqual([]);
    expect(await t.db.select().from(contacts).where(eq(contacts.id, young))).toHaveLength(1);

    // Not due again until its interval has passed, even after a restart.
    await t.rebuild();
    expect(await runDueJobs(t.db, t.app.log, scheduledJobs)).toEqual([]);
    const [job] = await t.db.select().from(jobs).where(eq(jobs.name, 'trash.purgeExpired'));
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    expect(job!.lockedUntil).toBeNull();
  });

  it('a job claimed by another worker is skipped; a failed one records its error and retries later', async () => {
    let runs = 0;
    const failing = [{ name: 'test.failing', intervalMs: 3600_000, run: async () => { runs++; throw new Error('boom'); } }];
    await t.db.insert(jobs).values({ name: 'test.failing', runAt: new Date(Date.now() - 1000), lockedUntil: new Date(Date.now() + 60_000) });
    expect(await runDueJobs(t.db, t.app.log, failing)).toEqual([]);
    await t.db.update(jobs).set({ lockedUntil: null }).where(eq(jobs.name, 'test.failing'));
    expect(await runDueJobs(t.db, t.app.log, failing)).toEqual(['test.failing']);
    expect(runs).toBe(1);
    const [job] = await t.db.select().from(jobs).where(eq(jobs.name, 'test.failing'));
    expect(job).toMatchObject({ lastError: 'boom', lockedUntil: null });
  });
});
