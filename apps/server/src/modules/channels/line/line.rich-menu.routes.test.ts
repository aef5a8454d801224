import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { saveBusiness } from '../../../test/booking.ts';
import { addMember, call, registerUser, signedInOwner, type TestUser } from '../../../test/factories.ts';
import { freePort, startLineDouble, type DoubleChannel, type LineDouble } from '../../../test/line-double.ts';
import { solidPng } from '../../../test/png.ts';
import { injectMultipart, multipart } from '../../../test/records.ts';
import { queryRows } from '../../../db/paging.ts';

/** Issue 32 part 6: the rich menu — LINE's image and area rules checked first, create → upload → default, replace, remove. */

let t: TestApp;
let line: LineDouble;
let channel: DoubleChannel;
let owner: TestUser & { orgId: string };
let other: TestUser & { orgId: string };
let anna: TestUser;
const url = (p: string, orgId: string) => `/api${p}?orgId=${orgId}`;
const large = solidPng(2500, 1686);
const compact = solidPng(2500, 843);

const areas = (width: number, height: number, userId: string) => [
  { bounds: { x: 0, y: 0, width: Math.round(width / 3), height }, label: '預約', action: { kind: 'booking' } },
  { bounds: { x: Math.round(width / 3), y: 0, width: Math.round(width / 3), height }, label: '名片', action: { kind: 'card', userId } },
  { bounds: { x: Math.round((2 * width) / 3), y: 0, width: width - Math.round((2 * width) / 3), height }, label: '聯絡我們', action: { kind: 'message', text: '我想聯絡業務' } },
];

function publish(user: { token: string }, menu: unknown, image: Buffer | null = large, contentType = 'image/png', orgId = owner.orgId, locale?: string) {
  const form = multipart({ menu: JSON.stringify(menu) }, image ? { field: 'image', filename: 'menu.png', contentType, data: image } : undefined);
  if (locale) form.headers['accept-language'] = locale;
  return injectMultipart(t.app, url('/channel/line/rich-menu', orgId), user.token, form);
}
const rowCount = async () => (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from line_rich_menus`))[0]!.n;
const menusAtLine = () => line.richMenus.menus.get(channel.channelId)?.size ?? 0;

beforeAll(async () => {
  line = await startLineDouble();
  channel = line.addChannel();
  const port = await freePort();
  t = await buildTestApp({ ...line.env, PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: path.join(os.tmpdir(), `lodestar-line-rich-menu-${port}`) });
  owner = await signedInOwner(t.app, 'Acme');
  other = await signedInOwner(t.app, 'Other');
  anna = await registerUser(t.app);
  await addMember(t.db, owner.orgId, anna.user.id);
  const as = (method: 'POST' | 'PUT', p: string, body?: unknown) => call(t.app, method, url(p, owner.orgId), { token: owner.token, body });
  for (const step of [1, 2]) expect((await as('POST', `/channel/line/steps/${step}`)).status).toBe(200);
  expect((await as('PUT', '/channel/line/credentials', { channelId: channel.channelId, channelSecret: channel.secret })).status).toBe(200);
  await saveBusiness(t.app, owner.token, owner.orgId, { idName: 'acme-shop' });
  const card = await call(t.app, 'PUT', url('/businesscard', owner.orgId), { token: owner.token, body: { firstName: '小明', lastName: '王', isPublic: true, phones: [], links: [] } });
  expect(card.status, JSON.stringify(card.body)).toBe(200);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await line?.close();
});

describe('rich menu', () => {
  it('offers the public booking page and public business cards as targets', async () => {
    const view = await call(t.app, 'GET', url('/channel/line/rich-menu', owner.orgId), { token: owner.token });
    expect(view.status).toBe(200);
    expect(view.body.data).toMatchObject({ menu: null, bookingUrl: expect.stringMatching(/\/book\/acme-shop$/), cards: [{ userId: owner.user.id, name: expect.stringContaining('小明'), url: expect.stringMatching(/\/card\/\w{20}$/) }] });
  });

  it('refuses what LINE would refuse before calling LINE: a localized 400 naming the field, nothing written', async () => {
    const menu = { chatBarText: '選單', areas: areas(2500, 1686, owner.user.id) };
    const square = await publish(owner, menu, solidPng(1000, 1000), 'image/png', owner.orgId, 'en-US');
    expect(square.status).toBe(400);
    expect(square.body).toMatchObject({ errorCode: 'LINE_RICH_MENU_IMAGE', details: [{ field: 'image' }] });
    expect(square.body.errorMessage).toContain('PNG 1000×1000');
    const big = await publish(owner, menu, Buffer.concat([large, Buffer.alloc(1024 * 1024)]));
    expect(big.body.errorCode, JSON.stringify(big.body)).toBe('LINE_RICH_MENU_IMAGE');
    expect((await publish(owner, menu, Buffer.from('GIF89a not an image'), 'image/gif')).body.errorCode).toBe('LINE_RICH_MENU_IMAGE');
    expect((await publish(owner, menu, null)).body.details[0].field).toBe('image');
    // Areas made for the large menu do not fit the compact image.
    const outside = await publish(owner, menu, compact, 'image/png', owner.orgId, 'zh-TW');
    expect(outside.status).toBe(400);
    expect(outside.body).toMatchObject({ errorCode: 'LINE_RICH_MENU_AREA', details: [{ field: 'areas.0.bounds' }, { field: 'areas.1.bounds' }, { field: 'areas.2.bounds' }] });
    expect(outside.body.errorMessage).toContain('第 1 個區塊');
    const longBar = await publish(owner, { ...menu, chatBarText: '這是一段超過十四個字的選單列文字喔' });
    expect(longBar.status).toBe(400);
    expect(longBar.body.details[0].field).toBe('chatBarText');
    const stranger = await publish(owner, { chatBarText: '選單', areas: areas(2500, 1686, other.user.id) });
    expect(stranger).toMatchObject({ status: 409, body: { errorCode: 'LINE_RICH_MENU_NO_CARD' } });
    expect(await rowCount()).toBe(0);
    expect(menusAtLine()).toBe(0);
  });

  it('creates the menu at LINE, uploads the image and makes it the default; only administrators', async () => {
    expect((await publish(anna, { chatBarText: '選單', areas: areas(2500, 1686, owner.user.id) })).status).toBe(403);
    const first = await publish(owner, { chatBarText: '選單', areas: areas(2500, 1686, owner.user.id) });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const menu = first.body.data.menu;
    expect(menu).toMatchObject({ chatBarText: '選單', width: 2500, height: 1686, imageUrl: expect.stringMatching(/^\/api\/files\//), publishedByUserId: owner.user.id });
    expect(menu.areas.map((a: { target: string }) => a.target)).toEqual([first.body.data.bookingUrl, first.body.data.cards[0].url, '我想聯絡業務']);
    const atLine = line.richMenus.defaultOf(channel.channelId)!;
    expect(atLine.richMenuId).toBe(menu.richMenuId);
    expect(atLine.image).toEqual({ mimeType: 'image/png', bytes: large.length });
    expect(atLine.object.areas.map((a: { action: unknown }) => a.action)).toEqual([
      { type: 'uri', label: '預約', uri: first.body.data.bookingUrl },
      { type: 'uri', label: '名片', uri: first.body.data.cards[0].url },
      { type: 'message', label: '聯絡我們', text: '我想聯絡業務' },
    ]);
    const image = await t.app.inject({ method: 'GET', url: menu.imageUrl, headers: { authorization: `Bearer ${owner.token}` } });
    expect(image.statusCode).toBe(200);

    // A new menu replaces it: the previous one is deleted at LINE, one row remains.
    const second = await publish(owner, { chatBarText: '服務', areas: areas(2500, 843, owner.user.id) }, compact);
    expect(second.status).toBe(200);
    expect(line.richMenus.defaultOf(channel.channelId)!.richMenuId).toBe(second.body.data.menu.richMenuId);
    expect(menusAtLine()).toBe(1);
    expect(await rowCount()).toBe(1);
  });

  it('when LINE refuses or throttles, the menu created there is deleted and the published one stays', async () => {
    const before = line.richMenus.defaultOf(channel.channelId)!.richMenuId;
    line.throttle(1, 30);
    const throttled = await publish(owner, { chatBarText: '選單', areas: areas(2500, 1686, owner.user.id) });
    expect(throttled).toMatchObject({ status: 429, body: { errorCode: 'RATE_LIMITED' } });
    line.throttle(0, 1);
    // LINE's own 400 on the image, after the menu was created there: that menu is deleted again.
    line.richMenus.refuseNextUpload(400, { message: 'Image size is not matched with the size of the rich menu' });
    const refused = await publish(owner, { chatBarText: '選單', areas: areas(2500, 1686, owner.user.id) }, undefined, 'image/png', owner.orgId, 'en-US');
    expect(refused).toMatchObject({ status: 400, body: { errorCode: 'LINE_MESSAGE_REFUSED' } });
    expect(refused.body.errorMessage).toContain('Image size is not matched');
    line.setOutage(503);
    const down = await publish(owner, { chatBarText: '選單', areas: areas(2500, 1686, owner.user.id) });
    line.setOutage(null);
    expect(down).toMatchObject({ status: 502, body: { errorCode: 'LINE_UNAVAILABLE' } });
    expect(line.richMenus.defaultOf(channel.channelId)!.richMenuId).toBe(before);
    expect(menusAtLine()).toBe(1);
    expect(await rowCount()).toBe(1);
  });

  it('another workspace can neither see nor remove it', async () => {
    const theirs = await call(t.app, 'GET', url('/channel/line/rich-menu', other.orgId), { token: other.token });
    expect(theirs.body.data).toMatchObject({ menu: null, bookingUrl: null, cards: [] });
    const removedThere = await call(t.app, 'DELETE', url('/channel/line/rich-menu', other.orgId), { token: other.token });
    expect(removedThere.body.data.menu).toBeNull();
    expect(await rowCount()).toBe(1);
    expect((await call(t.app, 'GET', url('/channel/line/rich-menu', owner.orgId), { token: other.token })).status).toBe(403);
    expect((await publish(other, { chatBarText: '選單', areas: areas(2500, 1686, other.user.id) }, large, 'image/png', other.orgId)).body.errorCode).toBe('LINE_NOT_CONNECTED');
  });

  it('removing unsets the default at LINE and deletes it there', async () => {
    const removed = await call(t.app, 'DELETE', url('/channel/line/rich-menu', owner.orgId), { token: owner.token });
    expect(removed.status).toBe(200);
    expect(removed.body.data.menu).toBeNull();
    expect(line.richMenus.defaultOf(channel.channelId)).toBeUndefined();
    expect(menusAtLine()).toBe(0);
    expect(await rowCount()).toBe(0);
  });
});
