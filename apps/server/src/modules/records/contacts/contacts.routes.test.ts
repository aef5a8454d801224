import { freePlanLimits, memberPrivilegeFeatures } from '@lodestar/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { addMember, call, countStatements, registerUser, signedInOwner, type TestUser } from '../../../test/factories.ts';
import { createContact, crmFixture, injectMultipart, multipart, setOrgPlan } from '../../../test/records.ts';
import * as privilegesService from '../../access/privileges/privilege-catalog.ts';
import { contacts } from './contacts.table.ts';

let t: TestApp;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let member: TestUser;

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  ({ t, owner, other, member } = await crmFixture({ DATA_DIR: `/tmp/lodestar-contacts-test-${process.pid}` }));
});
afterAll(async () => {
  await t?.close();
});

const url = (path: string, orgId = owner.orgId) => `/api${path}${path.includes('?') ? '&' : '?'}orgId=${orgId}`;

describe('create, read, edit', () => {
  it('creates a contact with typed rows and answers it on the detail page with a timeline', async () => {
    const id = await createContact(t.app, owner.token, owner.orgId, {
      firstName: '明',
      lastName: '小',
      nickName: 'Ming',
      sex: 'male',
      birthday: '1990-02-28',
      phones: [{ value: '0912-345-678', type: 'mobile' }, { value: '02-2345-6789', type: 'companyPhone' }],
      emails: [{ value: 'Ming@Example.com' }],
      socials: [{ type: 'line', account: 'ming.line' }],
      addresses: [{ value: '台北市信義區', type: 'personal' }],
      isImportant: true,
    });
    const { status, body } = await call(t.app, 'GET', url(`/page/customer/view/${id}`), { token: owner.token });
    expect(status).toBe(200);
    const c = body.data.contact;
    expect(c).toMatchObject({ name: '小明', nickName: 'Ming', sex: 'male', birthday: '1990-02-28', isImportant: true });
    expect(c.emails).toEqual([{ value: 'ming@example.com' }]);
    expect(c.phones).toHaveLength(2);
    expect(c.owner.userId).toBe(owner.user.id);
    expect(body.data.timeline.map((e: { action: string }) => e.action)).toEqual(['create']);
  });

  it('edits with id and records what changed', async () => {
    const id = await createContact(t.app, owner.token, owner.orgId, { position: 'Engineer' });
    await createContact(t.app, owner.token, owner.orgId, { id, position: 'Director', note: '<script>alert(1)</script>' });
    const { body } = await call(t.app, 'GET', url(`/page/customer/view/${id}`), { token: owner.token });
    expect(body.data.contact.position).toBe('Director');
    // Stored as typed: the web renders it as text.
    expect(body.data.contact.note).toBe('<script>alert(1)</script>');
    const update = body.data.timeline.find((e: { action: string }) => e.action === 'update');
    expect(update.changes.position).toEqual(['Engineer', 'Director']);
    expect(update.actor.userId).toBe(owner.user.id);
  });

  it('accepts the multipart form with JSON rows and an avatar', async () => {
    const form = multipart(
      { firstName: 'Grace', lastName: 'Hopper', phones: JSON.stringify([{ value: '0911111111', type: 'mobile' }]), isImportant: 'false' },
      { field: 'fileAvatar', filename: 'a.png', contentType: 'image/png', data: png },
    );
    const created = await injectMultipart(t.app, url('/customer'), owner.token, form);
    expect(created.status).toBe(200);
    const { body } = await call(t.app, 'GET', url(`/customer/${created.body.data.id}`), { token: owner.token });
    expect(body.data.phones).toEqual([{ value: '0911111111', type: 'mobile' }]);
    expect(body.data.avatarUrl).toMatch(/^\/api\/files\/[0-9a-f-]+\?orgId=/);
    const file = await t.app.inject({ method: 'GET', url: body.data.avatarUrl, headers: { authorization: `Bearer ${owner.token}` } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    // Another workspace's member cannot read it.
    const foreign = await t.app.inject({
      method: 'GET',
      url: body.data.avatarUrl.replace(owner.orgId, other.orgId),
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('rejects a non-image avatar naming the field', async () => {
    const form = multipart({ firstName: 'A', lastName: 'B' }, { field: 'fileAvatar', filename: 'x.html', contentType: 'text/html', data: Buffer.from('<b>') });
    const { status, body } = await injectMultipart(t.app, url('/customer'), owner.token, form);
    expect(status).toBe(400);
    expect(body.details[0].field).toBe('fileAvatar');
  });
});

describe('statement counts (no N+1)', () => {
  it('the detail page and a 50-row list page run a fixed number of statements', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(await createContact(t.app, owner.token, owner.orgId, { firstName: `N${i}`, phones: [{ value: '0912', type: 'mobile' }] }));
    const detail = await countStatements(t.db, () => call(t.app, 'GET', url(`/page/customer/view/${ids[0]}`), { token: owner.token }));
    const list = await countStatements(t.db, () => call(t.app, 'GET', url('/page/customer/listV2?limit=50'), { token: owner.token }));
    for (const id of ids.slice(1)) await call(t.app, 'POST', url('/notes'), { token: owner.token, body: { entityType: 'contact', entityId: id, content: 'n' } });
    const detailWithNotes = await countStatements(t.db, () => call(t.app, 'GET', url(`/page/customer/view/${ids[1]}`), { token: owner.token }));
    // Session, actor (workspace, membership and privileges in one); then contact, tags, fields, notes, timeline.
    expect(detail).toBeGreaterThanOrEqual(5);
    expect(detail).toBeLessThanOrEqual(10);
    expect(detailWithNotes).toBe(detail);
    // Auth, then the page, the total (estimate and bounded count) and the tags.
    expect(list).toBeLessThanOrEqual(10);
  });
});

describe('validation', () => {
  it.each([
    ['zh-TW', '此欄位為必填'],
    ['zh-CN', '此字段为必填'],
    ['en-US', 'This field is required'],
  ])('requires first and last names (%s)', async (locale, message) => {
    const { status, body } = await call(t.app, 'POST', url('/customer'), { token: owner.token, locale, body: { firstName: 'A', lastName: '' } });
    expect(status).toBe(400);
    expect(body.details[0]).toMatchObject({ field: 'lastName', reason: 'required', message });
    expect(body.errorMessage).toContain(locale === 'en-US' ? 'Last name' : '姓');
  });

  it('a field of the field list (record-fields.ts) is saved, answered and named by its title in messages', async () => {
    const id = await createContact(t.app, owner.token, owner.orgId, { salutation: '女士', nickName: 'Nana' });
    const { body } = await call(t.app, 'GET', url(`/page/customer/view/${id}`), { token: owner.token });
    expect(body.data.contact).toMatchObject({ salutation: '女士', nickName: 'Nana' });
    const long = await call(t.app, 'POST', url('/customer'), { token: owner.token, locale: 'zh-TW', body: { firstName: 'A', lastName: 'B', salutation: 'x'.repeat(31) } });
    expect(long.status).toBe(400);
    expect(long.body.details[0]).toMatchObject({ field: 'salutation', reason: 'tooLong' });
    expect(long.body.errorMessage).toContain('稱謂');
  });

  it('rejects an impossible birthday with the date message', async () => {
    const { status, body } = await call(t.app, 'POST', url('/customer'), {
      token: owner.token,
      locale: 'en-US',
      body: { firstName: 'A', lastName: 'B', birthday: '2023-02-29' },
    });
    expect(status).toBe(400);
    expect(body.details[0]).toMatchObject({ field: 'birthday', message: 'Incorrect Date Format' });
  });

  it('rejects a bad phone type, an invalid email, an unknown company and a stranger as owner', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ phones: [{ value: '0912', type: 'pager' }] }, 'phones.0.type'],
      [{ emails: [{ value: 'not-an-email' }] }, 'emails.0.value'],
      [{ companyId: crypto.randomUUID() }, 'companyId'],
      [{ ownerUserId: other.user.id }, 'ownerUserId'],
      [{ tagIds: [crypto.randomUUID()] }, 'tagIds'],
    ];
    for (const [extra, field] of cases) {
      const { status, body } = await call(t.app, 'POST', url('/customer'), { token: owner.token, body: { firstName: 'A', lastName: 'B', ...extra } });
      expect(status, field).toBe(400);
      expect(body.details[0].field).toBe(field);
    }
  });
});

describe('list', () => {
  let orgId: string;
  let token: string;
  beforeAll(async () => {
    const boss = await signedInOwner(t.app, 'Listing');
    ({ orgId, token } = boss);
    await setOrgPlan(t.db, orgId, 'subscribe_team');
    for (let i = 0; i < 7; i++) {
      await createContact(t.app, token, orgId, {
        firstName: `P${i}`,
        lastName: 'Person',
        isImportant: i % 2 === 0,
        lastContactAt: i < 3 ? new Date(Date.now() - (i * 200 + 10) * 86400_000).toISOString() : null,
      });
    }
  });

  it('pages with a keyset cursor: every row once, in order', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let first: { total: number; totalIsEstimate: boolean } | undefined;
    do {
      const q: string = `/page/customer/listV2?sortBy=name&decending=0&limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const { status, body } = await call(t.app, 'GET', url(q, orgId), { token });
      expect(status).toBe(200);
      first ??= body.data;
      seen.push(...body.data.items.map((row: { firstName: string }) => row.firstName));
      cursor = body.data.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['P0', 'P1', 'P2', 'P3', 'P4', 'P5', 'P6']);
    expect(first).toMatchObject({ total: 7, totalIsEstimate: false });
  });

  it('pages by last-contact time, never-contacted rows included (keyset over -infinity)', async () => {
    for (const decending of ['1', '0']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const q: string = `/page/customer/listV2?sortBy=lastContactAt&decending=${decending}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
        const { body } = await call(t.app, 'GET', url(q, orgId), { token });
        seen.push(...body.data.items.map((row: { firstName: string }) => row.firstName));
        cursor = body.data.nextCursor;
      } while (cursor);
      expect(seen).toHaveLength(7);
      expect(new Set(seen).size).toBe(7);
      // Most recent contact first when descending: P0 (10 days), P1 (210), P2 (410), then the never-contacted.
      if (decending === '1') expect(seen.slice(0, 3)).toEqual(['P0', 'P1', 'P2']);
      else expect(seen.slice(4)).toEqual(['P2', 'P1', 'P0']);
    }
  });

  it('filters by important, no contact for 180 days, owner and keyword', async () => {
    const list = async (filter: object) => {
      const { status, body } = await call(t.app, 'GET', url(`/page/customer/listV2?advanceFilter=${encodeURIComponent(JSON.stringify(filter))}`, orgId), { token });
      expect(status).toBe(200);
      return body.data.items.map((row: { firstName: string }) => row.firstName).sort();
    };
    expect(await list({ important: true })).toEqual(['P0', 'P2', 'P4', 'P6']);
    // P0 contacted 10 days ago; P1 210, P2 410 days ago; P3.. never (counts as no contact).
    expect(await list({ noContactDays: 180 })).toEqual(['P1', 'P2', 'P3', 'P4', 'P5', 'P6']);
    expect(await list({ noContactDays: 365 })).toEqual(['P2', 'P3', 'P4', 'P5', 'P6']);
    expect(await list({ keyword: 'p3' })).toEqual(['P3']);
    expect(await list({ owner: [crypto.randomUUID()] })).toEqual([]);
  });

  it('rejects a bad advanceFilter, sort field and cursor naming the parameter', async () => {
    for (const [q, field] of [
      ['advanceFilter=%7Bnope', 'advanceFilter'],
      ['advanceFilter=' + encodeURIComponent('{"noContactDays":45}'), 'advanceFilter'],
      ['sortBy=salary', 'sortBy'],
      ['cursor=garbage', 'cursor'],
    ]) {
      const { status, body } = await call(t.app, 'GET', url(`/page/customer/listV2?${q}`, orgId), { token });
      expect(status, q).toBe(400);
      expect(body.details[0].field).toContain(field);
    }
  });

  it('answers recent contacts of the week', async () => {
    const { body } = await call(t.app, 'GET', url('/customerRecently/week', orgId), { token });
    expect(body.data.count).toBe(7);
  });
});

describe('visibility and privileges', () => {
  it('another workspace gets 404 on every call with nothing changed', async () => {
    const id = await createContact(t.app, owner.token, owner.orgId, { firstName: 'Secret', lastName: 'Keeper' });
    const calls: [('GET' | 'POST' | 'DELETE'), string, unknown?][] = [
      ['GET', `/page/customer/view/${id}`],
      ['GET', `/customer/${id}`],
      ['POST', '/customer', { id, firstName: 'Hacked', lastName: 'X' }],
      ['DELETE', `/customer/${id}`],
      ['DELETE', '/customer/deleteMuti', { ids: [id] }],
      ['POST', '/customer/transfer', { ids: [id], ownerUserId: other.user.id }],
    ];
    for (const [method, path, body] of calls) {
      const res = await call(t.app, method, url(path, other.orgId), { token: other.token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const [row] = await t.db.select().from(contacts).where(eq(contacts.id, id));
    expect(row).toMatchObject({ firstName: 'Secret', ownerUserId: owner.user.id, deletedAt: null });
  });

  it('a member with scope mine sees only their own contacts', async () => {
    const mine = await createContact(t.app, member.token, owner.orgId, { firstName: 'Mine', lastName: 'Only' });
    const theirs = await createContact(t.app, owner.token, owner.orgId, { firstName: 'Boss', lastName: 'Only' });
    const { body } = await call(t.app, 'GET', url('/page/customer/listV2?limit=500'), { token: member.token });
    const ids = body.data.items.map((r: { id: string }) => r.id);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(theirs);
    expect((await call(t.app, 'GET', url(`/customer/${theirs}`), { token: member.token })).status).toBe(404);
    // The member privilege has no transfer: changing the owner of their own contact is refused.
    const res = await call(t.app, 'POST', url('/customer'), {
      token: member.token,
      body: { id: mine, firstName: 'Mine', lastName: 'Only', ownerUserId: owner.user.id },
    });
    expect(res.status).toBe(403);
  });

  it('a member without contact view gets 403 on the list', async () => {
    const viewer = await registerUser(t.app);
    const features = memberPrivilegeFeatures();
    features.contact = { methods: [], scope: 'mine' };
    const privilege = await privilegesService.createPrivilege(t.db, owner.orgId, { name: 'no-contacts', features });
    await addMember(t.db, owner.orgId, viewer.user.id, { privilegeId: privilege.id });
    expect((await call(t.app, 'GET', url('/page/customer/listV2'), { token: viewer.token })).status).toBe(403);
    expect((await call(t.app, 'POST', url('/customer'), { token: viewer.token, body: { firstName: 'A', lastName: 'B' } })).status).toBe(403);
  });

  it('transfers owners by group', async () => {
    const a = await createContact(t.app, owner.token, owner.orgId);
    const b = await createContact(t.app, owner.token, owner.orgId);
    const res = await call(t.app, 'POST', url('/customer/transfer'), { token: owner.token, body: { ids: [a, b], ownerUserId: member.user.id } });
    expect(res.body.data.count).toBe(2);
    const { body } = await call(t.app, 'GET', url(`/customer/${a}`), { token: member.token });
    expect(body.data.owner.userId).toBe(member.user.id);
  });
});

describe('delete and plan limits', () => {
  it('deletes one or many to the trash', async () => {
    const a = await createContact(t.app, owner.token, owner.orgId);
    const b = await createContact(t.app, owner.token, owner.orgId);
    expect((await call(t.app, 'DELETE', url(`/customer/${a}`), { token: owner.token })).status).toBe(200);
    const many = await call(t.app, 'DELETE', url('/customer/deleteMuti'), { token: owner.token, body: { ids: [b] } });
    expect(many.body.data.count).toBe(1);
    expect((await call(t.app, 'GET', url(`/customer/${a}`), { token: owner.token })).status).toBe(404);
    const rows = await t.db.select({ deletedAt: contacts.deletedAt }).from(contacts).where(eq(contacts.id, b));
    expect(rows[0]!.deletedAt).not.toBeNull();
  });

  it('a free workspace stops at 100 contacts with the upgrade message', async () => {
    const free = await signedInOwner(t.app, 'Free');
    await t.db.execute(sql`insert into contacts (org_id, first_name, last_name, owner_user_id)
      select ${free.orgId}, 'F' || g, 'L', ${free.user.id} from generate_series(1, ${freePlanLimits.contacts}) g`);
    const { status, body } = await call(t.app, 'POST', url('/customer', free.orgId), {
      token: free.token,
      locale: 'en-US',
      body: { firstName: 'One', lastName: 'TooMany' },
    });
    expect(status).toBe(403);
    expect(body).toMatchObject({ errorCode: 'PLAN_LIMIT_REACHED', errorMessage: 'Please upgrade to the Pro version' });
  });
});

