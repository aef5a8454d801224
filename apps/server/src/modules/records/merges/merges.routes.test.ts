import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/paging.ts';
import { snapshotRows } from '../../../db/record-snapshots.ts';
import { listEvents } from '../../../platform/events.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { createDeal } from '../../../test/deals.ts';
import { call, type TestUser } from '../../../test/factories.ts';
import { createCompany, createContact, crmFixture } from '../../../test/records.ts';
import { companies } from '../companies/companies.table.ts';
import { contacts } from '../contacts/contacts.table.ts';

let t: TestApp;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let member: TestUser;

beforeAll(async () => {
  ({ t, owner, other, member } = await crmFixture({ DATA_DIR: `/tmp/lodestar-merges-test-${process.pid}` }));
});
afterAll(async () => {
  await t?.close();
});

const url = (path: string, orgId = owner.orgId) => `/api${path}${path.includes('?') ? '&' : '?'}orgId=${orgId}`;

/** Two stored messages of a mailbox of the owner's (mail/mailboxes), to link to contacts. */
async function twoEmails(db: Db): Promise<[string, string]> {
  const [box] = await queryRows<{ id: string }>(
    db,
    sql`insert into mailboxes (org_id, user_id, email, imap_host, imap_port, imap_security, smtp_host, smtp_port, smtp_security, username, password)
        values (${owner.orgId}, ${owner.user.id}, 'owner@example.com', 'imap.example.com', 993, 'tls', 'smtp.example.com', 465, 'tls', 'owner', 'x') returning id::text`,
  );
  const ids: string[] = [];
  for (const n of [1, 2]) {
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`insert into emails (org_id, mailbox_id, owner_user_id, message_id, thread_id, direction, subject, "from", sent_at)
          values (${owner.orgId}, ${box!.id}, ${owner.user.id}, ${`<m${n}-${Date.now()}@example.com>`}, ${`<t${n}@example.com>`}, 'in', ${`Quote ${n}`}, '{"address":"amy@example.com"}', now())
          returning id::text`,
    );
    ids.push(row!.id);
  }
  return ids as [string, string];
}

/** Every row that points at one of the ids, in the tables merges move (what the undo must restore). */
async function links(db: Db, ids: string[]) {
  const list = `{${ids.join(',')}}`;
  return queryRows<{ tbl: string; id: string; ref: string }>(
    db,
    sql`select 'notes' as tbl, id::text, entity_id::text as ref from notes where entity_id = any(${list}::uuid[])
        union all select 'timeline', id::text, entity_id::text from timeline_events where entity_id = any(${list}::uuid[])
        union all select 'deals.client', id::text, client_id::text from deals where client_id = any(${list}::uuid[])
        union all select 'deals.company', id::text, company_id::text from deals where company_id = any(${list}::uuid[])
        union all select 'contacts.company', id::text, company_id::text from contacts where company_id = any(${list}::uuid[])
        union all select 'email_links', email_id::text, entity_id::text from email_links where entity_id = any(${list}::uuid[])
        union all select 'saved_attachments', id::text, entity_id::text from saved_attachments where entity_id = any(${list}::uuid[])
        order by 1, 2, 3`,
  );
}

describe('merging contacts and undoing it', () => {
  it('merges two contacts with picked fields, moves what was attached, and the undo restores both exactly', async () => {
    const a = await createContact(t.app, owner.token, owner.orgId, {
      firstName: 'Amy',
      lastName: 'Lin',
      position: 'Engineer',
      phones: [{ value: '0912-345-678', type: 'mobile' }],
      emails: [{ value: 'amy@example.com' }],
    });
    const b = await createContact(t.app, owner.token, owner.orgId, {
      firstName: 'Amy',
      lastName: 'Lin',
      position: 'CTO',
      phones: [{ value: '+886 912 345 678', type: 'mobile' }, { value: '02-2345-6789', type: 'companyPhone' }],
      emails: [{ value: 'amy.lin@gmail.com' }],
    });
    await call(t.app, 'POST', url('/notes'), { token: owner.token, body: { entityType: 'contact', entityId: b, content: 'Met at the fair' } });
    const deal = await createDeal(t.app, owner.token, owner.orgId, { clientId: b });
    // E-mail: one message on b only, one on both (the survivor keeps a single link to it).
    const [onB, onBoth] = await twoEmails(t.db);
    await t.db.execute(sql`insert into email_links (email_id, org_id, entity_type, entity_id, via) values
      (${onB}, ${owner.orgId}, 'contact', ${b}, 'user'), (${onBoth}, ${owner.orgId}, 'contact', ${a}, 'match'), (${onBoth}, ${owner.orgId}, 'contact', ${b}, 'match')`);
    // An attachment saved on b is a file of the survivor after the merge.
    const [file] = await queryRows<{ id: string }>(t.db, sql`insert into files (org_id, name, mime_type, size) values (${owner.orgId}, 'quote.pdf', 'application/pdf', 3) returning id::text`);
    await t.db.execute(sql`insert into saved_attachments (org_id, file_id, email_id, attachment_index, entity_type, entity_id, filename, content_type, size, subject)
      values (${owner.orgId}, ${file!.id}, ${onB}, 0, 'contact', ${b}, 'quote.pdf', 'application/pdf', 3, 'Quote 1')`);
    const before = await snapshotRows(t.db, contacts, owner.orgId, [a, b]);
    const linksBefore = await links(t.db, [a, b]);

    const merged = await call(t.app, 'POST', url('/merges'), { token: owner.token, body: { kind: 'contact', survivorId: a, mergedIds: [b], picks: { position: b } } });
    expect(merged.status).toBe(200);
    const survivor = (await call(t.app, 'GET', url(`/customer/${a}`), { token: owner.token })).body.data;
    expect(survivor.position).toBe('CTO');
    // The same mobile written two ways is kept once; the other values are all kept.
    expect(survivor.phones.map((p: { value: string }) => p.value)).toEqual(['0912-345-678', '02-2345-6789']);
    expect(survivor.emails.map((e: { value: string }) => e.value)).toEqual(['amy@example.com', 'amy.lin@gmail.com']);
    expect((await call(t.app, 'GET', url(`/customer/${b}`), { token: owner.token })).status).toBe(404);
    const moved = await links(t.db, [a, b]);
    expect(moved.filter((l) => l.ref === b)).toEqual([]);
    expect(moved.find((l) => l.tbl === 'deals.client')).toMatchObject({ id: deal, ref: a });
    expect(moved.filter((l) => l.tbl === 'email_links').map((l) => [l.id, l.ref]).sort()).toEqual([[onB, a], [onBoth, a]].sort());
    expect(moved.filter((l) => l.tbl === 'saved_attachments').map((l) => l.ref)).toEqual([a]);
    // Merged away is not deleted: the trash does not offer it.
    const trash = await call(t.app, 'GET', url('/trash'), { token: owner.token });
    expect(trash.body.data.items.map((i: { id: string }) => i.id)).not.toContain(b);
    const events = await listEvents(t.db, owner.orgId);
    expect(events.find((e) => e.type === 'contact.merged')).toMatchObject({ recordId: a, data: { record: { mergedIds: [b], mergeId: merged.body.data.mergeId } } });

    const history = await call(t.app, 'GET', url('/merges?kind=contact'), { token: owner.token });
    expect(history.body.data.items[0]).toMatchObject({ id: merged.body.data.mergeId, survivor: { id: a, name: 'Amy Lin' }, merged: [{ id: b, name: 'Amy Lin' }], undoneAt: null });

    const undone = await call(t.app, 'POST', url(`/merges/${merged.body.data.mergeId}/undo`), { token: owner.token });
    expect(undone.status).toBe(200);
    expect(undone.body.data).toEqual({ survivorId: a, restoredIds: [b] });
    expect(await snapshotRows(t.db, contacts, owner.orgId, [a, b])).toEqual(before);
    expect(await links(t.db, [a, b])).toEqual(linksBefore);
    expect((await listEvents(t.db, owner.orgId)).some((e) => e.type === 'contact.unmerged')).toBe(true);
    // Both are in the workspace's audit log, with who did it (issue 37 part 3).
    const audit = await call(t.app, 'GET', url('/settings/audit-log?limit=10'), { token: owner.token });
    const entries = audit.body.data.items.filter((e: { type: string }) => e.type === 'recordsMerged' || e.type === 'recordsUnmerged');
    expect(entries.map((e: { type: string }) => e.type)).toEqual(['recordsUnmerged', 'recordsMerged']);
    expect(entries[1]).toMatchObject({ actor: { id: owner.user.id, label: owner.email }, target: `contact:${a}`, details: { mergedIds: [b], mergeId: merged.body.data.mergeId } });

    const again = await call(t.app, 'POST', url(`/merges/${merged.body.data.mergeId}/undo`), { token: owner.token });
    expect(again.status).toBe(409);
  });

  it('refuses an undo after 30 days', async () => {
    const a = await createContact(t.app, owner.token, owner.orgId, { firstName: 'Old', lastName: 'One' });
    const b = await createContact(t.app, owner.token, owner.orgId, { firstName: 'Old', lastName: 'Two' });
    const merged = await call(t.app, 'POST', url('/merges'), { token: owner.token, body: { kind: 'contact', survivorId: a, mergedIds: [b] } });
    await t.db.execute(sql`update record_merges set created_at = now() - interval '31 days' where id = ${merged.body.data.mergeId}`);
    const { status } = await call(t.app, 'POST', url(`/merges/${merged.body.data.mergeId}/undo`), { token: owner.token });
    expect(status).toBe(409);
  });
});

describe('merging companies', () => {
  it('takes the picked 統編 from the merged-away company, moves its people and deals, and undoes exactly', async () => {
    const a = await createCompany(t.app, owner.token, owner.orgId, { name: '台積電股份有限公司' });
    const b = await createCompany(t.app, owner.token, owner.orgId, { name: '臺積電', tax: '22099131' });
    const person = await createContact(t.app, owner.token, owner.orgId, { firstName: 'Wei', lastName: 'Chang', companyId: b });
    const deal = await createDeal(t.app, owner.token, owner.orgId, { companyId: b });
    const before = await snapshotRows(t.db, companies, owner.orgId, [a, b]);
    const linksBefore = await links(t.db, [a, b]);
    const merged = await call(t.app, 'POST', url('/merges'), { token: owner.token, body: { kind: 'company', survivorId: a, mergedIds: [b], picks: { tax: b } } });
    expect(merged.status).toBe(200);
    const survivor = (await call(t.app, 'GET', url(`/company/${a}`), { token: owner.token })).body.data;
    expect(survivor).toMatchObject({ name: '台積電股份有限公司', tax: '22099131' });
    const moved = await links(t.db, [a, b]);
    expect(moved).toEqual(expect.arrayContaining([{ tbl: 'contacts.company', id: person, ref: a }, { tbl: 'deals.company', id: deal, ref: a }]));
    const undone = await call(t.app, 'POST', url(`/merges/${merged.body.data.mergeId}/undo`), { token: owner.token });
    expect(undone.status).toBe(200);
    expect(await snapshotRows(t.db, companies, owner.orgId, [a, b])).toEqual(before);
    expect(await links(t.db, [a, b])).toEqual(linksBefore);
  });
});

describe('who may merge', () => {
  it('another workspace can neither merge these records nor undo their merge', async () => {
    const a = await createContact(t.app, owner.token, owner.orgId, { firstName: 'X', lastName: 'One' });
    const b = await createContact(t.app, owner.token, owner.orgId, { firstName: 'X', lastName: 'Two' });
    const foreign = await call(t.app, 'POST', url('/merges', other.orgId), { token: other.token, body: { kind: 'contact', survivorId: a, mergedIds: [b] } });
    expect(foreign.status).toBe(404);
    const mine = await createContact(t.app, other.token, other.orgId, { firstName: 'Y', lastName: 'One' });
    const mixed = await call(t.app, 'POST', url('/merges', other.orgId), { token: other.token, body: { kind: 'contact', survivorId: mine, mergedIds: [a] } });
    expect(mixed.status).toBe(404);
    const merged = await call(t.app, 'POST', url('/merges'), { token: owner.token, body: { kind: 'contact', survivorId: a, mergedIds: [b] } });
    const undo = await call(t.app, 'POST', url(`/merges/${merged.body.data.mergeId}/undo`, other.orgId), { token: other.token });
    expect(undo.status).toBe(404);
    expect((await call(t.app, 'GET', url('/merges?kind=contact', other.orgId), { token: other.token })).body.data.items).toEqual([]);
  });

  it('a member cannot merge records they may not see', async () => {
    const a = await createContact(t.app, owner.token, owner.orgId, { firstName: 'Z', lastName: 'One' });
    const own = await createContact(t.app, member.token, owner.orgId, { firstName: 'Z', lastName: 'Two' });
    const { status } = await call(t.app, 'POST', url('/merges'), { token: member.token, body: { kind: 'contact', survivorId: own, mergedIds: [a] } });
    expect([403, 404]).toContain(status);
    expect((await call(t.app, 'GET', url(`/customer/${a}`), { token: owner.token })).status).toBe(200);
  });

  it('refuses a survivor among the merged, an unknown field and a pick outside the merge', async () => {
    const a = await createContact(t.app, owner.token, owner.orgId);
    const b = await createContact(t.app, owner.token, owner.orgId);
    for (const body of [
      { kind: 'contact', survivorId: a, mergedIds: [a] },
      { kind: 'contact', survivorId: a, mergedIds: [b], picks: { tax: b } },
      { kind: 'contact', survivorId: a, mergedIds: [b], picks: { position: owner.user.id } },
    ]) {
      const { status } = await call(t.app, 'POST', url('/merges'), { token: owner.token, body });
      expect(status).toBe(400);
    }
  });
});
