import { and, eq, isNull, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactPhoneTypes, exportFields, socialTypes, type ContactPhone, type CustomField, type DynamicFieldValues } from '@lodestar/contract';
import type { TestApp } from '../../../test/build-test-app.ts';
import { addMember, call, type TestUser } from '../../../test/factories.ts';
import { importKit } from '../../../test/import-kit.ts';
import { crmFixture, setOrgPlan } from '../../../test/records.ts';
import { companies } from '../../records/companies/companies.table.ts';
import { contacts } from '../../records/contacts/contacts.table.ts';
import * as tagsService from '../../records/tags/tags.service.ts';

/**
 * Exact round trip (issue 31 item 3): random contacts, exported with every field (CSV or XLSX), imported into another
 * workspace that has the same members and custom-field definitions, come back field for field — phones with +, multi-line
 * notes, nested tags, custom fields of every type, owners, addresses, company links, formula-like text.
 * Known limits (record-cells.ts): one address per type; a phone, account or tag holding , ; or 、 splits.
 */
let t: TestApp;
let source: TestUser & { orgId: string };
let target: TestUser & { orgId: string };
let member: TestUser;
let kit: ReturnType<typeof importKit>;
const fieldTitles = ['Text', 'Long text', 'Size', 'Renewal', 'Remind'] as const;
const sourceFields: CustomField[] = [];

async function defineFields(who: TestUser & { orgId: string }): Promise<CustomField[]> {
  const bodies = [
    { title: 'Text', inputType: 'text' },
    { title: 'Long text', inputType: 'textArea' },
    { title: 'Size', inputType: 'options', options: [{ label: 'Small', value: 's' }, { label: 'Large', value: 'l' }] },
    { title: 'Renewal', inputType: 'date' },
    { title: 'Remind', inputType: 'notification' },
  ];
  const made: CustomField[] = [];
  for (const body of bodies) {
    const res = await call(t.app, 'POST', `/api/field/contact?orgId=${who.orgId}`, { token: who.token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    made.push(res.body.data as CustomField);
  }
  return made;
}

beforeAll(async () => {
  let other: TestUser & { orgId: string };
  ({ t, owner: source, other, member } = await crmFixture({ DATA_DIR: `/tmp/lodestar-round-trip-test-${process.pid}` }));
  target = other;
  kit = importKit(t, 'customer');
  // The target workspace has the same people (owners are matched by name) and the same custom fields.
  await addMember(t.db, target.orgId, source.user.id);
  await addMember(t.db, target.orgId, member.user.id);
  await addMember(t.db, source.orgId, target.user.id);
  await setOrgPlan(t.db, target.orgId, 'subscribe_team');
  sourceFields.push(...(await defineFields(source)));
  await defineFields(target);
  // A tag type with two tags under it, and two plain tags.
  const resolve = await tagsService.tagNameResolver(t.db, source.orgId, 'customer');
  await resolve(['Industry > Retail', 'Industry > Tech', 'VIP', 'Lead']);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

// Generators: text as people type it (CJK, formula-like starts, quotes), trimmed and never blank.
const chars = fc.constantFrom(...'abcXYZ 王小明歐陽娜=+-@"\'#.()/'.split(''));
const word = (max: number) =>
  fc.string({ unit: chars, minLength: 1, maxLength: max }).map((s) => s.trim().replace(/^'+/, '')).filter((s) => s.length > 0);
const multiLine = fc.array(word(12), { minLength: 1, maxLength: 3 }).map((lines) => lines.join('\n'));
const phoneValue = fc
  .tuple(fc.boolean(), fc.array(fc.integer({ min: 10, max: 9999 }), { minLength: 2, maxLength: 4 }))
  .map(([plus, groups]) => `${plus ? '+' : ''}${groups.join(' ')}`);
const isoDate = fc.date({ min: new Date('1950-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });

const contactArb = fc.record({
  firstName: word(10),
  lastName: word(6),
  nickName: optional(word(8)),
  position: optional(word(10)),
  sex: optional(fc.constantFrom('male' as const, 'female' as const)),
  birthday: optional(isoDate),
  company: optional(fc.constantFrom('Acme Trading', '台灣積體', '=evil, "co"')),
  phones: fc.uniqueArray(fc.record({ type: fc.constantFrom(...contactPhoneTypes), value: phoneValue }), { maxLength: 4, selector: (p) => p.value }),
  emails: fc.uniqueArray(fc.tuple(fc.stringMatching(/^[a-z0-9]{1,8}$/), fc.constantFrom('example.com', 'mail.tw')).map(([a, b]) => ({ value: `${a}@${b}` })), {
    maxLength: 3,
    selector: (e) => e.value,
  }),
  socials: fc.uniqueArray(fc.record({ type: fc.constantFrom(...socialTypes), account: fc.stringMatching(/^[a-zA-Z0-9_.@]{1,12}$/) }), {
    maxLength: 3,
    selector: (s) => `${s.type}:${s.account}`,
  }),
  personalAddress: optional(word(20)),
  companyAddress: optional(word(20)),
  tags: fc.subarray(['Industry > Retail', 'Industry > Tech', 'VIP', 'Lead']),
  note: optional(multiLine),
  owner: fc.constantFrom('source' as const, 'member' as const),
  isImportant: fc.boolean(),
  text: optional(word(12)),
  longText: optional(multiLine),
  size: optional(fc.constantFrom('s', 'l')),
  renewal: optional(isoDate),
  remind: optional(fc.record({ date: isoDate, dateTime: optional(fc.constantFrom('09:00', '14:30', '23:59')), value: fc.oneof(fc.constant(''), word(10)) })),
});
type Generated = typeof contactArb extends fc.Arbitrary<infer T> ? T : never;

/** Inserts the generated contacts into the source workspace (companies and tags by name, as a person would pick them). */
async function seed(rows: Generated[]) {
  await t.db.execute(sql`delete from contacts where org_id = ${source.orgId}`);
  const companyIdOf = new Map<string, string>();
  const tagIds = await tagsService.tagNameResolver(t.db, source.orgId, 'customer');
  for (const row of rows) {
    let companyId: string | null = null;
    if (row.company) {
      companyId = companyIdOf.get(row.company) ?? null;
      if (!companyId) {
        const [made] = await t.db.insert(companies).values({ orgId: source.orgId, name: row.company }).returning({ id: companies.id });
        companyId = made!.id;
        companyIdOf.set(row.company, companyId);
      }
    }
    const [text, longText, size, renewal, remind] = sourceFields.map((f) => f.id);
    const dynamicFields: DynamicFieldValues = {};
    if (row.text) dynamicFields[text!] = row.text;
    if (row.longText) dynamicFields[longText!] = row.longText;
    if (row.size) dynamicFields[size!] = row.size;
    if (row.renewal) dynamicFields[renewal!] = row.renewal;
    if (row.remind) dynamicFields[remind!] = row.remind;
    await t.db.insert(contacts).values({
      orgId: source.orgId,
      firstName: row.firstName,
      lastName: row.lastName,
      nickName: row.nickName,
      position: row.position,
      sex: row.sex,
      birthday: row.birthday,
      companyId,
      phones: row.phones,
      emails: row.emails,
      socials: row.socials,
      addresses: [
        ...(row.personalAddress ? [{ type: 'personal' as const, value: row.personalAddress }] : []),
        ...(row.companyAddress ? [{ type: 'company' as const, value: row.companyAddress }] : []),
      ],
      tagIds: await tagIds(row.tags),
      note: row.note,
      ownerUserId: row.owner === 'source' ? source.user.id : member.user.id,
      isImportant: row.isImportant,
      dynamicFields,
    });
  }
}

/** A workspace's live contacts with every reference as what a person sees (names, titles, tag paths), sorted. */
async function snapshot(orgId: string) {
  const rows = await t.db.select().from(contacts).where(and(eq(contacts.orgId, orgId), isNull(contacts.deletedAt)));
  const companyNames = new Map((await t.db.select().from(companies).where(eq(companies.orgId, orgId))).map((c) => [c.id, c.name]));
  const tagPaths = await tagsService.tagPaths(t.db, orgId, 'customer');
  const fields = (await call(t.app, 'GET', `/api/field/contact?orgId=${orgId}`, { token: orgId === source.orgId ? source.token : target.token })).body.data as CustomField[];
  const titleOf = new Map(fields.map((f) => [f.id, f.title]));
  const phoneOrder = (p: ContactPhone) => `${contactPhoneTypes.indexOf(p.type)}:${p.value}`;
  return rows
    .map((c) =>
      JSON.stringify({
        firstName: c.firstName,
        lastName: c.lastName,
        nickName: c.nickName,
        position: c.position,
        sex: c.sex,
        birthday: c.birthday,
        company: c.companyId ? companyNames.get(c.companyId) : null,
        phones: [...c.phones].sort((a, b) => phoneOrder(a).localeCompare(phoneOrder(b))).map((p) => ({ type: p.type, value: p.value })),
        emails: c.emails.map((e) => e.value),
        socials: [...c.socials].sort((a, b) => socialTypes.indexOf(a.type) - socialTypes.indexOf(b.type)),
        addresses: [...c.addresses].sort((a, b) => a.type.localeCompare(b.type)),
        tags: c.tagIds.map((id) => tagPaths.get(id)).sort(),
        note: c.note,
        owner: c.ownerUserId,
        isImportant: c.isImportant,
        custom: Object.fromEntries(Object.entries(c.dynamicFields).map(([id, v]) => [titleOf.get(id), v]).sort(([a], [b]) => String(a).localeCompare(String(b)))),
      }),
    )
    .sort();
}

describe('export → import round trip', () => {
  it('gives the same contacts field for field, in CSV and XLSX', async () => {
    expect(fieldTitles).toHaveLength(sourceFields.length);
    await fc.assert(
      fc.asyncProperty(fc.array(contactArb, { minLength: 1, maxLength: 5 }), fc.constantFrom('csv' as const, 'xlsx' as const), async (rows, format) => {
        await seed(rows);
        await t.db.execute(sql`delete from contacts where org_id = ${target.orgId}`);
        const fields = [...exportFields.contact, ...sourceFields.map((f) => `custom:${f.id}`)];
        const file = await kit.exportFile(source, { fields, range: 'all', format });
        expect(file.statusCode).toBe(200);
        const run = await kit.run(target, file.rawPayload, { duplicates: 'create', name: `contacts.${format}` });
        expect(run.detail.problems).toEqual([]);
        expect(run.detail).toMatchObject({ state: 'done', created: rows.length, failed: 0 });
        const expected = await snapshot(source.orgId);
        expect(expected).toHaveLength(rows.length);
        expect(await snapshot(target.orgId)).toEqual(expected);
      }),
      { numRuns: 12, seed: 31 },
    );
  }, 240_000);
});
