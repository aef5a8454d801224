import type { AddressInfo } from 'node:net';
import { addressBookMultiGet, createDAVClient, type DAVAddressBook, type DAVVCard } from 'tsdav';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoWorkspaces } from '../../../test/workspaces.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { call, type TestUser } from '../../../test/factories.ts';
import { createContact } from '../../../test/records.ts';
import { newAppPassword } from './carddav.test-kit.ts';

/** A CardDAV client written elsewhere (tsdav) against the real server on a loopback port: discovery, fetch, sync. */
let t: TestApp;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let member: TestUser;
let origin: string;

beforeAll(async () => {
  ({ t, owner, other, member } = await twoWorkspaces());
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
});

const clientOf = (username: string, password: string) =>
  createDAVClient({ serverUrl: `${origin}/carddav/`, credentials: { username, password }, authMethod: 'Basic', defaultAccountType: 'carddav' });

const namesOf = (cards: DAVVCard[]) => cards.map((card) => /\r\nFN:([^\r]*)\r\n/.exec(String(card.data))?.[1]).sort();

describe('tsdav', () => {
  it('discovers the book, fetches every card, then syncs exactly an edit and a delete', async () => {
    const ids = [];
    for (const [firstName, lastName] of [['小明', '王'], ['Ada', 'Lin'], ['Grace', 'Hopper']]) ids.push(await createContact(t.app, owner.token, owner.orgId, { firstName, lastName }));
    await createContact(t.app, other.token, other.orgId, { firstName: 'Other', lastName: 'Workspace' });
    const { username, password } = await newAppPassword(t.app, owner.token, owner.orgId, { name: 'Thunderbird' });

    const client = await clientOf(username, password);
    const books = await client.fetchAddressBooks();
    expect(books).toHaveLength(1);
    const book = books[0] as DAVAddressBook;
    expect(book.displayName).toBe('Lodestar');
    const cards = await client.fetchVCards({ addressBook: book });
    expect(namesOf(cards)).toEqual(['Ada Lin', 'Grace Hopper', '王小明']);

    await call(t.app, 'POST', `/api/customer?orgId=${owner.orgId}`, { token: owner.token, body: { id: ids[1], firstName: 'Ada', lastName: 'Lovelace' } });
    await call(t.app, 'DELETE', `/api/customer/${ids[2]}?orgId=${owner.orgId}`, { token: owner.token });

    const synced = await client.smartCollectionSync({ collection: { ...book, objects: cards, objectMultiGet: addressBookMultiGet }, method: 'webdav', detailedResult: true });
    const { created, updated, deleted } = synced.objects as { created: DAVVCard[]; updated: DAVVCard[]; deleted: DAVVCard[] };
    expect(created).toEqual([]);
    expect(namesOf(updated)).toEqual(['Ada Lovelace']);
    expect(deleted.map((card) => card.url)).toEqual([expect.stringContaining(`${ids[2]}.vcf`)]);
  });

  it('shows a member only what their contact list shows', async () => {
    await createContact(t.app, member.token, owner.orgId, { firstName: 'Member', lastName: 'Own' });
    const { username, password } = await newAppPassword(t.app, member.token, owner.orgId, { name: 'Android' });
    const client = await clientOf(username, password);
    const [book] = await client.fetchAddressBooks();
    expect(namesOf(await client.fetchVCards({ addressBook: book! }))).toEqual(['Member Own']);
  });

  it('is refused with a wrong or revoked app password', async () => {
    const { username, password, appPassword } = await newAppPassword(t.app, owner.token, owner.orgId, { name: 'Old phone' });
    await expect(clientOf(username, 'aaaaa-bbbbb-ccccc-ddddd').then((c) => c.fetchAddressBooks())).rejects.toThrow();
    await call(t.app, 'DELETE', `/api/carddav/app-passwords/${appPassword.id}?orgId=${owner.orgId}`, { token: owner.token });
    await expect(clientOf(username, password).then((c) => c.fetchAddressBooks())).rejects.toThrow();
    const raw = await fetch(`${origin}/carddav/addressbook/`, { method: 'PROPFIND', headers: { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`, depth: '0' } });
    expect(raw.status).toBe(401);
  });
});
