import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoWorkspaces } from '../../../test/workspaces.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { call, freezeOrg, type TestUser } from '../../../test/factories.ts';
import { createContact } from '../../../test/records.ts';
import { basic, newAppPassword } from './carddav.test-kit.ts';

let t: TestApp;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let member: TestUser;
let auth: string;

beforeAll(async () => {
  ({ t, owner, other, member } = await twoWorkspaces({ ownerOrgName: '北極星科技' }));
  auth = basic(owner.email, (await newAppPassword(t.app, owner.token, owner.orgId, { name: 'iPhone' })).password);
});
afterAll(async () => {
  await t?.close();
});

const xml = (inner: string) => `<?xml version="1.0" encoding="utf-8"?>${inner}`;
const dav = (method: string, url: string, options: { body?: string; depth?: string; authorization?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: { authorization: options.authorization ?? auth, 'content-type': 'application/xml; charset=utf-8', ...(options.depth ? { depth: options.depth } : {}), ...options.headers },
    ...(options.body ? { payload: options.body } : {}),
  });
const syncBody = (token: string, data = false) =>
  xml(`<d:sync-collection xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/>${data ? '<c:address-data/>' : ''}</d:prop></d:sync-collection>`);
const hrefsOf = (body: string) => [...body.matchAll(/<d:href>([^<]+)<\/d:href>/g)].map((m) => m[1]!);
const tokenOf = (body: string) => /<d:sync-token>([^<]+)<\/d:sync-token>/.exec(body)![1]!;
const cardHref = (id: string) => `/carddav/addressbook/${id}.vcf`;

describe('CardDAV discovery', () => {
  it('redirects the well-known address, answers OPTIONS and leads from the root to the principal and the book', async () => {
    const wellKnown = await dav('PROPFIND', '/.well-known/carddav', { authorization: '' });
    expect(wellKnown.statusCode).toBe(301);
    expect(wellKnown.headers.location).toBe('/carddav/');
    const options = await dav('OPTIONS', '/carddav/', { authorization: '' });
    expect(options.headers.dav).toBe('1, 3, addressbook');
    expect(options.headers.allow).toContain('PROPFIND');

    const root = await dav('PROPFIND', '/carddav/', { depth: '0', body: xml('<d:propfind xmlns:d="DAV:"><d:prop><d:current-user-principal/><x:unknown xmlns:x="urn:x"/></d:prop></d:propfind>') });
    expect(root.statusCode).toBe(207);
    expect(root.body).toContain('<d:current-user-principal><d:href>/carddav/principal/</d:href></d:current-user-principal>');
    expect(root.body).toMatch(/<x:unknown xmlns:x="urn:x"\/><\/d:prop><d:status>HTTP\/1.1 404 Not Found/);
    const principal = await dav('PROPFIND', '/carddav/principal/', { depth: '0', body: xml('<propfind xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><prop><C:addressbook-home-set/></prop></propfind>') });
    expect(principal.body).toContain('<card:addressbook-home-set><d:href>/carddav/</d:href></card:addressbook-home-set>');
    const home = await dav('PROPFIND', '/carddav/', { depth: '1', body: xml('<d:propfind xmlns:d="DAV:"><d:prop><d:resourcetype/></d:prop></d:propfind>') });
    expect(home.body).toContain('<d:href>/carddav/addressbook/</d:href><d:propstat><d:prop><d:resourcetype><d:collection/><card:addressbook/></d:resourcetype>');
  });

  it('refuses a missing, wrong or revoked password, a deactivated member and another member’s email with 401', async () => {
    for (const authorization of ['', 'Bearer x', basic(owner.email, 'wrong-password'), basic(member.email, auth)]) {
      const answer = await dav('PROPFIND', '/carddav/addressbook/', { depth: '0', authorization });
      expect(answer.statusCode).toBe(401);
      expect(answer.headers['www-authenticate']).toContain('Basic');
    }
    const own = await newAppPassword(t.app, member.token, owner.orgId, { name: 'Android' });
    const memberAuth = basic(member.email, own.password);
    expect((await dav('PROPFIND', '/carddav/addressbook/', { depth: '0', authorization: memberAuth })).statusCode).toBe(207);
    const memberId = (await call(t.app, 'GET', `/api/settings/user/list?orgId=${owner.orgId}`, { token: owner.token })).body.data.find((m: { userId: string }) => m.userId === member.user.id).memberId;
    expect((await call(t.app, 'PUT', `/api/settings/user/deactivated?orgId=${owner.orgId}`, { token: owner.token, body: { memberId } })).status).toBe(200);
    expect((await dav('PROPFIND', '/carddav/addressbook/', { depth: '0', authorization: memberAuth })).statusCode).toBe(401);
    expect((await call(t.app, 'PUT', `/api/settings/user/activated?orgId=${owner.orgId}`, { token: owner.token, body: { memberId } })).status).toBe(200);
    expect((await dav('PROPFIND', '/carddav/addressbook/', { depth: '0', authorization: memberAuth })).statusCode).toBe(207);
  });
});

describe('CardDAV address book', () => {
  it('serves vCards with ETags, is read-only, and reports exactly what changed and what left since a sync token', async () => {
    const wang = await createContact(t.app, owner.token, owner.orgId, { firstName: '小明', lastName: '王', phones: [{ value: '0912-345-678', type: 'mobile' }], emails: [{ value: 'ming@example.tw' }] });
    const lin = await createContact(t.app, owner.token, owner.orgId, { firstName: 'Ada', lastName: 'Lin' });
    const theirs = await createContact(t.app, other.token, other.orgId, { firstName: 'Not', lastName: 'Mine' });

    const first = await dav('REPORT', '/carddav/addressbook/', { body: syncBody('') });
    expect(first.statusCode).toBe(207);
    expect(hrefsOf(first.body).sort()).toEqual([cardHref(wang), cardHref(lin)].sort());
    expect(first.body).not.toContain(theirs);
    const token = tokenOf(first.body);

    const card = await dav('GET', cardHref(wang));
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('text/vcard; charset=utf-8');
    expect(card.body).toContain('N:王;小明;;;\r\nFN:王小明\r\n');
    expect(card.body).toContain('TEL;TYPE=CELL:0912-345-678');
    expect(card.body).toContain(`UID:${wang}`);
    expect((await dav('GET', cardHref(wang), { headers: { 'if-none-match': card.headers.etag as string } })).statusCode).toBe(304);
    expect((await dav('GET', cardHref(theirs))).statusCode).toBe(404);
    for (const method of ['PUT', 'DELETE', 'PROPPATCH', 'MKCOL']) expect((await dav(method, cardHref(wang), { body: 'BEGIN:VCARD' })).statusCode).toBe(403);

    // Nothing changed: the same token comes back, with no responses.
    const quiet = await dav('REPORT', '/carddav/addressbook/', { body: syncBody(token) });
    expect(hrefsOf(quiet.body)).toEqual([]);
    expect(tokenOf(quiet.body)).toBe(token);

    // Edit one, delete one, move one out of view: exactly those come through.
    const ada = await createContact(t.app, owner.token, owner.orgId, { firstName: 'Grace', lastName: 'Hopper' });
    const afterAdd = tokenOf((await dav('REPORT', '/carddav/addressbook/', { body: syncBody(token) })).body);
    expect((await call(t.app, 'POST', `/api/customer?orgId=${owner.orgId}`, { token: owner.token, body: { id: wang, firstName: '大明', lastName: '王', phones: [{ value: '0912-345-678', type: 'mobile' }] } })).status).toBe(200);
    expect((await call(t.app, 'DELETE', `/api/customer/${lin}?orgId=${owner.orgId}`, { token: owner.token })).status).toBe(200);
    const next = await dav('REPORT', '/carddav/addressbook/', { body: syncBody(afterAdd, true) });
    const removed = [...next.body.matchAll(/<d:response><d:href>([^<]+)<\/d:href><d:status>HTTP\/1.1 404 Not Found<\/d:status><\/d:response>/g)].map((m) => m[1]);
    expect(removed).toEqual([cardHref(lin)]);
    expect(hrefsOf(next.body).sort()).toEqual([cardHref(wang), cardHref(lin)].sort());
    expect(next.body).toContain('FN:王大明');
    expect(next.body).not.toContain(ada);

    const expired = await dav('REPORT', '/carddav/addressbook/', { body: syncBody('urn:x-lodestar:carddav:sync:999999') });
    expect(expired.statusCode).toBe(403);
    expect(expired.body).toContain('<d:valid-sync-token/>');
  });

  it('answers multiget and query with address data, 404 for unknown hrefs, and the collection props phones read', async () => {
    const id = await createContact(t.app, owner.token, owner.orgId, { firstName: 'Query', lastName: 'Me', emails: [{ value: 'query@example.tw' }] });
    const multiget = await dav('REPORT', '/carddav/addressbook/', {
      body: xml(`<C:addressbook-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:prop><D:getetag/><C:address-data/></D:prop><D:href>${cardHref(id)}</D:href><D:href>${cardHref('not-a-card')}</D:href></C:addressbook-multiget>`),
    });
    expect(multiget.body).toContain('FN:Query Me');
    expect(multiget.body).toContain(`<d:response><d:href>${cardHref('not-a-card')}</d:href><d:status>HTTP/1.1 404 Not Found</d:status></d:response>`);
    const query = await dav('REPORT', '/carddav/addressbook/', {
      body: xml('<C:addressbook-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:prop><D:getetag/></D:prop><C:filter><C:prop-filter name="EMAIL"><C:text-match match-type="starts-with">QUERY@</C:text-match></C:prop-filter></C:filter></C:addressbook-query>'),
    });
    expect(hrefsOf(query.body)).toEqual([cardHref(id)]);
    const props = await dav('PROPFIND', '/carddav/addressbook/', {
      depth: '0',
      body: xml('<d:propfind xmlns:d="DAV:" xmlns:cs="http://calendarserver.org/ns/"><d:prop><cs:getctag/><d:sync-token/><d:supported-report-set/><d:displayname/></d:prop></d:propfind>'),
    });
    expect(props.body).toMatch(/<cs:getctag>[0-9a-f]{32}<\/cs:getctag>/);
    expect(props.body).toContain('<d:sync-token>urn:x-lodestar:carddav:sync:');
    expect(props.body).toContain('<d:report><d:sync-collection/></d:report>');
    const listing = await dav('PROPFIND', '/carddav/addressbook/', { depth: '1', body: xml('<d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>') });
    expect(listing.body).toContain(cardHref(id));
    expect((await dav('REPORT', '/carddav/addressbook/', { body: '<not xml' })).statusCode).toBe(400);
    expect((await dav('REPORT', '/carddav/addressbook/', { body: xml('<d:expand-property xmlns:d="DAV:"/>') })).statusCode).toBe(403);
  });

  it('holds only the member’s visible contacts, of the tag when the app password names one', async () => {
    const tag = (await call(t.app, 'POST', `/api/tags/customer?orgId=${owner.orgId}`, { token: owner.token, body: { name: '重要客戶' } })).body.data.id;
    const tagged = await createContact(t.app, member.token, owner.orgId, { firstName: 'Tagged', lastName: 'One', tagIds: [tag] });
    const untagged = await createContact(t.app, member.token, owner.orgId, { firstName: 'Plain', lastName: 'One' });
    const ownersOnly = await createContact(t.app, owner.token, owner.orgId, { firstName: 'Owner', lastName: 'Only', tagIds: [tag] });
    const scoped = basic(member.email, (await newAppPassword(t.app, member.token, owner.orgId, { name: 'VIP', tagId: tag })).password);
    const whole = basic(member.email, (await newAppPassword(t.app, member.token, owner.orgId, { name: 'All' })).password);

    const all = await dav('REPORT', '/carddav/addressbook/', { body: syncBody(''), authorization: whole });
    expect(hrefsOf(all.body).sort()).toEqual([cardHref(tagged), cardHref(untagged)].sort());
    const vip = await dav('REPORT', '/carddav/addressbook/', { body: syncBody(''), authorization: scoped });
    expect(hrefsOf(vip.body)).toEqual([cardHref(tagged)]);
    expect((await dav('GET', cardHref(ownersOnly), { authorization: whole })).statusCode).toBe(404);
    expect((await dav('GET', cardHref(untagged), { authorization: scoped })).statusCode).toBe(404);

    // Out of the tag, and out of the member's view (given to the owner): both leave the book.
    expect((await call(t.app, 'POST', `/api/customer?orgId=${owner.orgId}`, { token: member.token, body: { id: tagged, firstName: 'Tagged', lastName: 'One', tagIds: [] } })).status).toBe(200);
    const vipNext = await dav('REPORT', '/carddav/addressbook/', { body: syncBody(tokenOf(vip.body)), authorization: scoped });
    expect(vipNext.body).toContain(`<d:response><d:href>${cardHref(tagged)}</d:href><d:status>HTTP/1.1 404 Not Found</d:status>`);
    expect((await call(t.app, 'POST', `/api/customer/transfer?orgId=${owner.orgId}`, { token: owner.token, body: { ids: [untagged], ownerUserId: owner.user.id } })).status).toBe(200);
    const allNext = await dav('REPORT', '/carddav/addressbook/', { body: syncBody(tokenOf(all.body)), authorization: whole });
    expect(allNext.body).toContain(`<d:response><d:href>${cardHref(untagged)}</d:href><d:status>HTTP/1.1 404 Not Found</d:status>`);
  });

  it('is closed while the workspace is frozen', async () => {
    const theirs = basic(other.email, (await newAppPassword(t.app, other.token, other.orgId, { name: 'x' })).password);
    expect((await dav('PROPFIND', '/carddav/addressbook/', { depth: '0', authorization: theirs })).statusCode).toBe(207);
    await freezeOrg(t.db, other.orgId);
    expect((await dav('PROPFIND', '/carddav/addressbook/', { depth: '0', authorization: theirs })).statusCode).toBe(403);
  });
});
