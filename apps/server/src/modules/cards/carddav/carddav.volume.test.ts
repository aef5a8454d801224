import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { countStatements, signedInOwner, type TestUser } from '../../../test/factories.ts';
import { basic, newAppPassword } from './carddav.test-kit.ts';

/** 10 000 contacts in one sync-collection and one multiget: a fixed number of statements, whatever the count. */
let t: TestApp;
let owner: TestUser & { orgId: string };
const total = 10_000;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInOwner(t.app);
  await t.db.execute(sql`
    insert into contacts (org_id, first_name, last_name, phones, emails, owner_user_id)
    select ${owner.orgId}, '小明' || i, '王', jsonb_build_array(jsonb_build_object('value', '0912-' || lpad(i::text, 6, '0'), 'type', 'mobile')),
      jsonb_build_array(jsonb_build_object('value', 'c' || i || '@example.tw')), ${owner.user.id}
    from generate_series(1, ${total}) i`);
}, 300_000);
afterAll(async () => {
  await t?.close();
});

describe('a large address book', () => {
  it(`syncs ${total} cards in one go, then fetches them all in one multiget`, async () => {
    const auth = basic(owner.email, (await newAppPassword(t.app, owner.token, owner.orgId, { name: 'bulk' })).password);
    const report = (body: string) => t.app.inject({ method: 'REPORT' as 'GET', url: '/carddav/addressbook/', headers: { authorization: auth, 'content-type': 'application/xml' }, payload: body });
    let started = performance.now();
    let sync!: Awaited<ReturnType<typeof report>>;
    const syncStatements = await countStatements(t.db, async () => {
      sync = await report('<d:sync-collection xmlns:d="DAV:"><d:sync-token/><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>');
    });
    const syncMs = performance.now() - started;
    const hrefs = [...sync.body.matchAll(/<d:href>([^<]+)<\/d:href>/g)].map((m) => m[1]!);
    expect(hrefs).toHaveLength(total);

    started = performance.now();
    let multiget!: Awaited<ReturnType<typeof report>>;
    const multigetStatements = await countStatements(t.db, async () => {
      multiget = await report(
        `<c:addressbook-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav"><d:prop><d:getetag/><c:address-data/></d:prop>${hrefs.map((h) => `<d:href>${h}</d:href>`).join('')}</c:addressbook-multiget>`,
      );
    });
    const multigetMs = performance.now() - started;
    expect(multiget.body.match(/BEGIN:VCARD/g)).toHaveLength(total);

    started = performance.now();
    const withData = await report('<d:sync-collection xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav"><d:sync-token/><d:sync-level>1</d:sync-level><d:prop><d:getetag/><c:address-data/></d:prop></d:sync-collection>');
    const withDataMs = performance.now() - started;
    expect(withData.body.match(/BEGIN:VCARD/g)).toHaveLength(total);
    // Auth (2), scope, versions, sync state (find + save + prune): no statement per card.
    expect(syncStatements).toBeLessThanOrEqual(10);
    expect(multigetStatements).toBeLessThanOrEqual(8);
    console.log(
      `carddav ${total} cards: sync-collection (ETags) ${Math.round(syncMs)} ms, ${syncStatements} statements, ${Math.round(sync.body.length / 1024)} KB; ` +
        `multiget with vCards ${Math.round(multigetMs)} ms, ${multigetStatements} statements, ${Math.round(multiget.body.length / 1024)} KB; ` +
        `sync-collection with vCards ${Math.round(withDataMs)} ms`,
    );
  }, 300_000);
});
