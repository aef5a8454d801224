import fs from 'node:fs';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import type { TestUser } from '../../../test/factories.ts';
import { importKit } from '../../../test/import-kit.ts';
import { crmFixture } from '../../../test/records.ts';
import { contacts } from '../../records/contacts/contacts.table.ts';
import { tags } from '../../records/tags/tags.table.ts';

/** Each tool's real export header (fixtures/presets/README.md) is recognised, mapped and imported. */
let t: TestApp;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let member: TestUser;
let kit: ReturnType<typeof importKit>;

beforeAll(async () => {
  ({ t, owner, other, member } = await crmFixture({ DATA_DIR: `/tmp/lodestar-presets-test-${process.pid}` }));
  kit = importKit(t, 'customer');
});
afterAll(async () => {
  await t?.close();
});

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'presets', name));

async function contactByEmail(email: string, orgId = owner.orgId) {
  const rows = await t.db.select().from(contacts).where(and(eq(contacts.orgId, orgId), isNull(contacts.deletedAt)));
  return rows.find((c) => c.emails.some((e) => e.value === email));
}

async function tagNames(ids: string[]) {
  const rows = await t.db.select().from(tags).where(eq(tags.orgId, owner.orgId));
  return rows.filter((r) => ids.includes(r.id)).map((r) => r.name).sort();
}

describe('presets', () => {
  it('Google Contacts: e-mails, typed phones, company, job title, the formatted address, labels without Google’s own', async () => {
    const up = await kit.upload(owner, fixture('google-contacts.csv'), 'contacts.csv');
    const detail = (await kit.detail(owner, up.body.data.id)).body.data;
    expect(detail.preset).toBe('googleContacts');
    const target = (header: string) => detail.mapping[detail.headers.indexOf(header)];
    expect([target('E-mail 1 - Value'), target('E-mail 2 - Value'), target('Phone 1 - Value'), target('Organization Name'), target('Organization Title')]).toEqual([
      'email', 'email', 'phone', 'company', 'position',
    ]);
    expect([target('Labels'), target('Phone 1 - Label'), target('Address 1 - Formatted'), target('Middle Name'), target('Photo')]).toEqual(['tags', 'phoneType', 'address', 'new', '']);
    expect(target('Organization Department')).toBe('jobDepartment');
    const { detail: done } = await kit.run(owner, fixture('google-contacts.csv'));
    expect(done).toMatchObject({ state: 'done', created: 1, failed: 0 });
    const c = (await contactByEmail('nana@example.com'))!;
    expect(c).toMatchObject({ lastName: '歐陽', firstName: '娜娜', position: '設計總監', birthday: '1990-03-05', note: '第一行\n第二行' });
    expect(c.emails.map((e) => e.value)).toEqual(['nana@example.com', 'nana.home@example.com']);
    expect(c.phones).toEqual([
      { value: '+886 912 345 678', type: 'mobile' },
      { value: '+886 2 2345 6789', type: 'companyPhone' },
    ]);
    expect(c.addresses).toEqual([{ value: '台北市信義區松高路 1 號\n110', type: 'personal' }]);
    expect(await tagNames(c.tagIds)).toEqual(['VIP', '客戶']);
  });

  it('Outlook: Job Title is the position and Title (Ms.) the salutation; phones by type, the business address joined, a US birthday', async () => {
    const up = await kit.upload(owner, fixture('outlook.csv'));
    const detail = (await kit.detail(owner, up.body.data.id)).body.data;
    expect(detail.preset).toBe('outlook');
    const target = (header: string) => detail.mapping[detail.headers.indexOf(header)];
    expect([target('Title'), target('Job Title'), target('E-mail Address'), target('Business Street'), target('Business City')]).toEqual(['salutation', 'position', 'email', 'companyAddress', 'companyAddress']);
    // The contact's department is a field of its own (record-fields.ts), not an offered new custom field.
    expect(target('Department')).toBe('jobDepartment');
    // Only the preset's fields and a few named extras: not one new custom field per Outlook column.
    expect(detail.mapping.filter((m: string) => m === 'new').length).toBeLessThan(12);
    await kit.run(owner, fixture('outlook.csv'), { mapping: detail.mapping.map((m: string) => (m === 'new' ? '' : m)) });
    const c = (await contactByEmail('jane.smith@contoso.com'))!;
    expect(c).toMatchObject({ firstName: 'Jane', lastName: 'Smith', salutation: 'Ms.', position: 'Purchasing Manager', jobDepartment: 'Purchasing', birthday: '1985-03-14', note: 'Met at the fair' });
    expect(c.phones).toEqual([
      { value: '+44 20 7946 0000', type: 'home' },
      { value: '+44 20 7946 0958', type: 'companyPhone' },
      { value: '+44 7700 900123', type: 'mobile' },
      { value: '+44 20 7946 0999', type: 'fax' },
    ]);
    expect(c.addresses).toEqual([{ value: '1 Main Street, London, EC1A 1BB, United Kingdom', type: 'company' }]);
  });

  it('Apple Contacts vCards (3.0, 4.0, 2.1 quoted-printable): one contact a card, folded lines, the photo left out', async () => {
    const up = await kit.upload(owner, fixture('apple-contacts.vcf'), 'contacts.vcf', 'text/vcard');
    expect(up.status).toBe(200);
    const detail = (await kit.detail(owner, up.body.data.id)).body.data;
    expect(detail).toMatchObject({ preset: 'appleContacts', encoding: 'vcard', totalRows: 3 });
    const { detail: done } = await kit.run(owner, fixture('apple-contacts.vcf'), { name: 'contacts.vcf', duplicates: 'create' });
    expect(done).toMatchObject({ state: 'done', failed: 0 });
    const nana = (await contactByEmail('nana@icloud.example'))!;
    expect(nana).toMatchObject({ lastName: '歐陽', firstName: '娜娜', position: '設計總監', jobDepartment: '設計部', birthday: '1990-03-05', note: '第一行\n第二行' });
    expect(nana.addresses).toContainEqual({ value: '松高路 1 號, 台北市, 110, 台灣', type: 'personal' });
    const john = (await contactByEmail('john@apple.example'))!;
    expect(john).toMatchObject({ firstName: 'John', lastName: 'Appleseed', note: 'Folded note that goes on and on' });
    expect(john.phones).toEqual([{ value: '+1-408-555-0100', type: 'home' }]);
    expect(john.addresses).toEqual([{ value: '1 Infinite Loop, Cupertino, CA, 95014, USA', type: 'company' }]);
    const rows = await t.db.select().from(contacts).where(eq(contacts.orgId, owner.orgId));
    expect(rows.find((r) => r.phones.some((p) => p.value === '0912-000-111'))).toMatchObject({ lastName: '王', firstName: '小明', note: '備註一' });
  });

  it('HubSpot, Salesforce, Pipedrive and Zoho: recognised, with the owner matched by e-mail', async () => {
    const hubspot = fixture('hubspot.csv').toString().replace('owner@example.com', owner.email);
    const files: [string, Buffer, string, string][] = [
      ['hubspot', Buffer.from(hubspot), 'carlos@example.org', 'CTO'],
      ['salesforce', fixture('salesforce.csv'), 'wei.chen@initech.example', 'Sales Director'],
      ['pipedrive', fixture('pipedrive.csv'), 'lina@umbrella.example', 'Buyer'],
      ['zoho', fixture('zoho.csv'), 'priya@stark.example', 'Engineer'],
    ];
    for (const [preset, file, email, position] of files) {
      const up = await kit.upload(owner, file);
      expect((await kit.detail(owner, up.body.data.id)).body.data.preset).toBe(preset);
      const { detail } = await kit.run(owner, file);
      expect(detail, preset).toMatchObject({ state: 'done', failed: 0 });
      expect(await contactByEmail(email), preset).toMatchObject({ position, ownerUserId: owner.user.id });
    }
    const priya = (await contactByEmail('priya@stark.example'))!;
    expect(priya.emails.map((e) => e.value)).toEqual(['priya@stark.example', 'priya.n@example.com']);
    expect(priya.addresses).toEqual([{ value: '12 MG Road, Bengaluru, KA, 560001, India', type: 'personal' }]);
  });

  it('an owner naming nobody in the workspace fails the row, by its column', async () => {
    const file = fixture('hubspot.csv').toString().replace('owner@example.com', 'nobody@example.com');
    const { detail } = await kit.run(owner, file, { duplicates: 'create' });
    expect(detail).toMatchObject({ created: 0, failed: 1 });
    expect(detail.problems[0]).toMatchObject({ column: 'Contact owner', reason: 'notFound' });
  });

  it('a member without the import privilege is refused, and another workspace cannot see the import', async () => {
    const up = await kit.upload(owner, fixture('google-contacts.csv'));
    expect((await kit.detail(other, up.body.data.id)).status).toBe(404);
    expect((await kit.upload({ token: member.token, orgId: owner.orgId }, fixture('google-contacts.csv'))).status).toBeGreaterThanOrEqual(403);
  });
});
