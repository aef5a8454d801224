import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { call, type TestUser } from '../../../test/factories.ts';
import { importKit } from '../../../test/import-kit.ts';
import { createCompany, createContact, crmFixture } from '../../../test/records.ts';
import { companies } from '../../records/companies/companies.table.ts';
import { contacts } from '../../records/contacts/contacts.table.ts';
import { tags } from '../../records/tags/tags.table.ts';
import * as importsRepository from './imports.repository.ts';
import { importRecords } from './imports.table.ts';
import { runUndos } from './undo.runner.ts';

let t: TestApp;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let member: TestUser;
let kit: ReturnType<typeof importKit>;

beforeAll(async () => {
  ({ t, owner, other, member } = await crmFixture({ DATA_DIR: `/tmp/lodestar-undo-test-${process.pid}` }));
  kit = importKit(t, 'customer');
});
afterAll(async () => {
  await t?.close();
});

/** Every contact, company and tag of the workspace by name, trash included: undo removes for good. */
const contactNames = async () => (await t.db.select().from(contacts).where(eq(contacts.orgId, owner.orgId))).map((c) => `${c.lastName}${c.firstName}`);
const contactEmails = async () => (await t.db.select().from(contacts).where(eq(contacts.orgId, owner.orgId))).flatMap((c) => c.emails.map((e) => e.value));
const companyNames = async () => (await t.db.select().from(companies).where(eq(companies.orgId, owner.orgId))).map((c) => c.name);
const tagByName = async (name: string) => (await t.db.select().from(tags).where(and(eq(tags.orgId, owner.orgId), eq(tags.name, name))))[0];
const links = async (id: string) => t.db.select().from(importRecords).where(eq(importRecords.importId, id));

describe('undo as a job', () => {
  it('answers 202 at once, then removes the contacts and the companies and tags the import created that nothing else uses', async () => {
    await createCompany(t.app, owner.token, owner.orgId, { name: 'Old Co' });
    const { id, detail } = await kit.run(
      owner,
      ['Name,Email,Company,Tags', 'Ann Lee,ann@undo.example,New Co,"Fresh, Shared"', 'Bob Wu,bob@undo.example,Kept Co,Kept', 'Cy Ho,cy@undo.example,Old Co,Shared'].join('\n'),
    );
    expect(detail).toMatchObject({ state: 'done', created: 3 });
    // Used after the import: a contact made by hand at Kept Co, carrying the Kept tag; a note on nothing else.
    const keptCo = (await t.db.select().from(companies).where(and(eq(companies.orgId, owner.orgId), eq(companies.name, 'Kept Co'))))[0]!;
    await createContact(t.app, owner.token, owner.orgId, { firstName: 'Hand', lastName: 'Made', companyId: keptCo.id, tagIds: [(await tagByName('Kept'))!.id] });
    // 3 contacts + New Co + Kept Co (Old Co existed) + Fresh, Shared and Kept.
    expect(await links(id)).toHaveLength(8);

    const started = await call(t.app, 'POST', kit.url(`/import/undo/${id}`, owner.orgId), { token: owner.token });
    expect(started.status).toBe(202);
    expect(started.body.data).toMatchObject({ state: 'undoing', undoTotal: 8, undoDone: 0, undoUntil: null });
    // A second start while it runs is a conflict, not a second job.
    expect((await call(t.app, 'POST', kit.url(`/import/undo/${id}`, owner.orgId), { token: owner.token })).status).toBe(409);
    await t.app.background.idle();

    expect((await kit.detail(owner, id)).body.data).toMatchObject({ state: 'undone', undoTotal: 8, undoDone: 8 });
    expect((await contactNames()).sort()).toEqual(['MadeHand']);
    expect((await companyNames()).sort()).toEqual(['Kept Co', 'Old Co']);
    expect(await tagByName('Fresh')).toBeUndefined();
    expect(await tagByName('Shared')).toBeUndefined();
    expect(await tagByName('Kept')).toBeDefined();
    expect(await links(id)).toHaveLength(0);
  });

  it('keeps a company the import created once someone edited it, wrote a note on it or linked a contact in the trash to it', async () => {
    const { id } = await kit.run(owner, ['Name,Email,Company', 'Di Ko,di@undo.example,Edited Co', 'Ed Fu,ed@undo.example,Noted Co', 'Fa Lu,fa@undo.example,Trash Co'].join('\n'));
    const byName = async (name: string) => (await t.db.select().from(companies).where(and(eq(companies.orgId, owner.orgId), eq(companies.name, name))))[0]!;
    const edited = await byName('Edited Co');
    expect((await call(t.app, 'POST', `/api/company?orgId=${owner.orgId}`, { token: owner.token, body: { id: edited.id, name: 'Edited Co', url: 'https://edited.example' } })).status).toBe(200);
    const noted = await byName('Noted Co');
    expect((await call(t.app, 'POST', `/api/notes?orgId=${owner.orgId}`, { token: owner.token, body: { entityType: 'company', entityId: noted.id, content: 'Met them' } })).status).toBe(200);
    const trashed = await createContact(t.app, owner.token, owner.orgId, { firstName: 'Gone', lastName: 'Soon', companyId: (await byName('Trash Co')).id });
    expect((await call(t.app, 'DELETE', `/api/customer/${trashed}?orgId=${owner.orgId}`, { token: owner.token })).status).toBe(200);

    expect((await kit.undo(owner, id)).body.data.state).toBe('undone');
    expect((await companyNames()).filter((n) => n.endsWith(' Co') && n !== 'Kept Co' && n !== 'Old Co').sort()).toEqual(['Edited Co', 'Noted Co', 'Trash Co']);
  });

  it('resumes after a chunk failed mid-way: every contact removed once, the progress exact', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => `Res Ume${i},resume${i}@undo.example`);
    const { id } = await kit.run(owner, ['Name,Email', ...rows].join('\n'));
    // What POST …/undo does, minus starting the job here: the runs below take it.
    expect(await importsRepository.transition(t.db, id, 'done', { state: 'undoing', undoTotal: 25, undoDone: 0 })).toBe(true);
    let chunks = 0;
    const crash = { chunkLinks: 10, beforeCommit: () => { if (++chunks === 2) throw new Error('killed mid-chunk'); } };
    await expect(runUndos(t.db, 50_000, crash)).rejects.toThrow('killed mid-chunk');
    expect((await kit.detail(owner, id)).body.data).toMatchObject({ state: 'undoing', undoDone: 10 });
    expect(await links(id)).toHaveLength(15);
    expect((await contactEmails()).filter((e) => e.startsWith('resume'))).toHaveLength(15);
    // The crashed run's lease is still held by this (live) session; an expired lease is what frees it.
    await importsRepository.updateImport(t.db, id, { lockedUntil: new Date(Date.now() - 1000) });
    expect(await runUndos(t.db, 50_000, { chunkLinks: 10 })).toBe(1);
    expect((await kit.detail(owner, id)).body.data).toMatchObject({ state: 'undone', undoDone: 25, undoTotal: 25 });
    expect((await contactEmails()).filter((e) => e.startsWith('resume'))).toHaveLength(0);
  });
});

describe('undo access', () => {
  it('another workspace gets 404; a member without the import privilege gets 403; nothing is undone', async () => {
    const { id } = await kit.run(owner, 'Name,Email\nAcc Ess,access@undo.example\n');
    expect((await kit.undo({ token: other.token, orgId: other.orgId }, id)).status).toBe(404);
    expect((await kit.undo({ token: member.token, orgId: owner.orgId }, id)).status).toBe(403);
    expect((await kit.detail(owner, id)).body.data.state).toBe('done');
    expect(await contactEmails()).toContain('access@undo.example');
  });

  it('a bad id is a 400 naming the field; an unknown one 404', async () => {
    const bad = await call(t.app, 'POST', kit.url('/import/undo/not-a-uuid', owner.orgId), { token: owner.token, headers: { 'accept-language': 'en-US' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('id');
    expect((await kit.undo(owner, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
