import { expect, test, type APIRequestContext } from '@playwright/test';
import { lineDoublePort, lineJourneyChannels } from '../../server/src/test/line-double.ts';
import { solidPng } from '../../server/src/test/png.ts';
import { apiCall, catalog, expectAccessible, screenshotBothSizes, signIn } from './support/journey.ts';

const { channelId: lineTestChannelId, secret: lineTestChannelSecret } = lineJourneyChannels.segments;

const t = catalog('line');
const en = catalog('line', 'en-US');
const bell = catalog('notifications');
const double = `http://127.0.0.1:${lineDoublePort(Number(process.env.E2E_PORT ?? 3300))}`;
const friends = [
  { userId: 'U5a000000000000000000000000000001', displayName: '張雅婷' },
  { userId: 'U5a000000000000000000000000000002', displayName: '李志明' },
  { userId: 'U5a000000000000000000000000000003', displayName: '王小華' },
];

async function phone(request: APIRequestContext, event: { userId: string; displayName: string; kind: 'follow' | 'text'; text?: string }) {
  const res = await request.post(`${double}/_double/channels/${lineTestChannelId}/events`, { data: event });
  expect((await res.json()).status).toBe(200);
}

async function put(request: APIRequestContext, path: string, body: unknown, token: string, orgId: string) {
  const res = await request.fetch(`/api${path}?orgId=${orgId}`, { method: 'PUT', data: body, headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), await res.text()).toBeTruthy();
}

test.setTimeout(180_000);

test('a linked friend opts out with 退訂; a segment send skips them and reaches the others (at the double); routing and the bell', async ({ page, request }) => {
  const { orgId, token } = await signIn(page);
  // LINE connected through the API (the wizard has its own journey, line-channel.e2e.ts).
  for (const step of [1, 2]) await apiCall(request, 'POST', `/channel/line/steps/${step}`, {}, token, orgId);
  await put(request, '/channel/line/credentials', { channelId: lineTestChannelId, channelSecret: lineTestChannelSecret }, token, orgId);
  await apiCall(request, 'POST', '/channel/line/webhook', {}, token, orgId);

  // Three friends follow (each becomes a contact), all tagged VIP, with a fourth VIP contact not on LINE.
  for (const friend of friends) await phone(request, { ...friend, kind: 'follow' });
  const tag = await apiCall<{ id: string }>(request, 'POST', '/tags/customer', { name: 'VIP 客戶' }, token, orgId);
  await apiCall(request, 'POST', '/customer', { firstName: '大同', lastName: '陳', tagIds: [tag.id] }, token, orgId);
  let contactIds: string[] = [];
  await expect
    .poll(async () => {
      const list = await apiCall<{ items: { contact: { id: string } | null }[] }>(request, 'GET', '/social/line/conversations', undefined, token, orgId);
      contactIds = list.items.flatMap((c) => (c.contact ? [c.contact.id] : []));
      return contactIds.length;
    })
    .toBe(3);
  await apiCall(request, 'POST', '/tags/customer/apply', { ids: contactIds, tagIds: [tag.id] }, token, orgId);

  // The first friend replies the stop keyword: no more marketing, confirmed on LINE.
  await phone(request, { ...friends[0]!, kind: 'text', text: '退訂' });
  await phone(request, { ...friends[1]!, kind: 'text', text: '請問有新品嗎？' });

  // The segment screen: the counts before sending.
  await page.goto(`/${orgId}/social/line/segments`);
  await expect(page.getByRole('heading', { name: t('segments.title'), level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel(t('segments.tag')).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'VIP 客戶' }).click();
  const preview = page.getByTestId('segment-preview');
  await expect(preview).toContainText(`${t('segments.reachable')}2`);
  await expect(preview).toContainText(`${t('segments.optedOut')}1`);
  await expect(preview).toContainText(`${t('segments.notLinked')}1`);
  await page.getByLabel(t('segments.text')).fill('VIP 限定：本週末全館九折，歡迎預約！');
  await expectAccessible(page);
  await screenshotBothSizes(page, 'line-segments-compose', () => expect(preview).toBeVisible());

  await page.getByRole('button', { name: t('segments.send') }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: t('segments.send') }).click();
  const sent = page.getByTestId('segment-send').first();
  await expect(sent.getByText(t('segments.status.done'))).toBeVisible({ timeout: 30_000 });
  await expect(sent).toContainText(t('segments.figures', { sent: '2', undelivered: '0', skipped: '1', optedOut: '1', blocked: '0' }));
  await screenshotBothSizes(page, 'line-segments-sent', () => expect(sent).toBeVisible());

  // At LINE's side: the two others got it, the friend who opted out did not.
  const atDouble = (await (await request.get(`${double}/_double/channels/${lineTestChannelId}/sent`)).json()) as { sent: { to: string; via: string; messages: { text?: string }[] }[] };
  const got = atDouble.sent.filter((m) => m.messages[0]?.text === 'VIP 限定：本週末全館九折，歡迎預約！').map((m) => m.to);
  expect(got.sort()).toEqual([friends[1]!.userId, friends[2]!.userId]);

  // Routing: a keyword rule and the round-robin members.
  await page.goto(`/${orgId}/settings/channel/line/routing`);
  await expect(page.getByRole('heading', { name: t('routing.title'), level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: t('routing.addRule') }).click();
  await page.getByLabel(t('routing.keyword')).fill('報價');
  await page.getByLabel(t('routing.member')).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await page.getByRole('button', { name: t('routing.save') }).click();
  await expect(page.getByText(t('routing.saved'))).toBeVisible();
  await screenshotBothSizes(page, 'line-routing', () => expect(page.getByLabel(t('routing.keyword'))).toBeVisible());

  // The bell: the owner's conversations' new messages.
  await page.getByTestId('notification-bell').click();
  await expect(page.getByText(bell('kinds.lineMessage', { name: friends[1]!.displayName }))).toBeVisible({ timeout: 30_000 });
  await screenshotBothSizes(page, 'line-notifications', async () => {
    if (!(await page.locator('.notifications').isVisible())) await page.getByTestId('notification-bell').click();
    await expect(page.locator('.notifications')).toBeVisible();
  });

  // The same segment screen in English.
  await page.evaluate(() => localStorage.setItem('lodestar.language', 'en-US'));
  await page.goto(`/${orgId}/social/line/segments`);
  await expect(page.getByRole('heading', { name: en('segments.title'), level: 1 })).toBeVisible({ timeout: 30_000 });
  await screenshotBothSizes(page, 'line-segments-en-US', () => expect(page.getByTestId('segment-send').first()).toBeVisible());
});

test('rich menu: an image LINE would refuse is named before any upload; booking, business card and contact us become the default menu at LINE', async ({ page, request }) => {
  const { orgId, token } = await signIn(page);
  for (const step of [1, 2]) await apiCall(request, 'POST', `/channel/line/steps/${step}`, {}, token, orgId);
  await put(request, '/channel/line/credentials', { channelId: lineTestChannelId, channelSecret: lineTestChannelSecret }, token, orgId);
  await apiCall(request, 'POST', '/channel/line/webhook', {}, token, orgId);
  await request.post(`${double}/_double/channels/${lineTestChannelId}/webhook-active`, { data: { active: true } });
  await apiCall(request, 'POST', '/channel/line/steps/5', {}, token, orgId);
  await phone(request, { userId: 'U5a000000000000000000000000000009', displayName: '林美玲', kind: 'text', text: '你好' });
  await expect.poll(async () => (await request.fetch(`/api/channel/line/steps/6?orgId=${orgId}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);
  // The public booking page and the owner's public card, for the menu to link to.
  const idName = `menu-${Date.now().toString(36)}`;
  await put(request, '/business', { idName, concurrentBooking: 1, isPublic: true }, token, orgId);
  await put(request, '/businesscard', { firstName: '美玲', lastName: '林', isPublic: true, phones: [], links: [] }, token, orgId);

  await page.goto(`/${orgId}/settings/channel/line`);
  await page.getByRole('link', { name: t('richMenu.title') }).click();
  await expect(page.getByRole('heading', { name: t('richMenu.title'), level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('rich-menu-current')).toContainText(t('richMenu.none'));

  // A square image: refused on the page, with LINE's rule, and nothing can be published.
  const file = page.getByLabel(t('richMenu.chooseImage'), { exact: true });
  await file.setInputFiles({ name: 'square.png', mimeType: 'image/png', buffer: solidPng(1000, 1000) });
  await expect(page.getByRole('alert')).toContainText(t('richMenu.problems.aspect'));
  await expect(page.getByRole('button', { name: t('richMenu.publish') })).toBeDisabled();
  await screenshotBothSizes(page, 'line-rich-menu-refused', () => expect(page.getByRole('alert')).toBeVisible());

  // A compact menu (2500×843): three areas over it — booking, the card, contact us.
  await page.locator('.line-rich-menu__file').setInputFiles({ name: 'menu.png', mimeType: 'image/png', buffer: solidPng(2500, 843, [6, 120, 200]) });
  await expect(page.getByTestId('rich-menu-facts')).toContainText('2500×843');
  const preview = page.getByTestId('rich-menu-preview');
  await expect(preview).toContainText(`1. ${t('richMenu.defaults.booking')}`);
  await expect(preview).toContainText(`3. ${t('richMenu.defaults.contact')}`);
  await expect(page.getByTestId('rich-menu-area')).toHaveCount(3);
  await expectAccessible(page);
  await screenshotBothSizes(page, 'line-rich-menu-compose', () => expect(preview).toBeVisible());

  await page.getByRole('button', { name: t('richMenu.publish') }).click();
  await expect(page.getByText(t('richMenu.published'))).toBeVisible({ timeout: 30_000 });
  const current = page.getByTestId('rich-menu-current');
  await expect(current).toContainText(`/book/${idName}`);
  await expect(current).toContainText(t('richMenu.defaults.contactText'));

  // At LINE's side: the default menu, its image and the three actions.
  const atLine = (await (await request.get(`${double}/_double/channels/${lineTestChannelId}/rich-menu`)).json()) as { object: { chatBarText: string; size: { width: number; height: number }; areas: { action: { type: string; uri?: string; text?: string } }[] }; image: { bytes: number } | null };
  expect(atLine.object.size).toEqual({ width: 2500, height: 843 });
  expect(atLine.object.chatBarText).toBe(t('richMenu.defaults.chatBar'));
  expect(atLine.image?.bytes).toBeGreaterThan(0);
  expect(atLine.object.areas.map((a) => a.action.type)).toEqual(['uri', 'uri', 'message']);
  expect(atLine.object.areas[0]!.action.uri).toMatch(new RegExp(`/book/${idName}$`));
  expect(atLine.object.areas[1]!.action.uri).toMatch(/\/card\/\w{20}$/);
  await expectAccessible(page);
  await screenshotBothSizes(page, 'line-rich-menu-published', () => expect(current.getByTestId('rich-menu-preview')).toBeVisible());

  await page.evaluate(() => localStorage.setItem('lodestar.language', 'en-US'));
  await page.reload();
  await expect(page.getByRole('heading', { name: en('richMenu.title'), level: 1 })).toBeVisible({ timeout: 30_000 });
  await screenshotBothSizes(page, 'line-rich-menu-en-US', () => expect(page.getByTestId('rich-menu-current').getByTestId('rich-menu-preview')).toBeVisible());
});
