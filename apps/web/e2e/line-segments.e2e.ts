import { expect, test, type APIRequestContext } from '@playwright/test';
import { lineDoublePort, lineTestChannelId, lineTestChannelSecret } from '../../server/src/test/line-double.ts';
import { apiCall, catalog, expectAccessible, screenshotBothSizes, signIn } from './support/journey.ts';

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
