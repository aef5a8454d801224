import { expect, test, type APIRequestContext } from '@playwright/test';
import { lineDoublePort, lineJourneyChannels } from '../../server/src/test/line-double.ts';
import { solidPng } from '../../server/src/test/png.ts';
import { apiCall, catalog, expectAccessible, screenshotBothSizes, signIn } from './support/journey.ts';

const { channelId: lineTestChannelId, secret: lineTestChannelSecret } = lineJourneyChannels.media;

/**
 * Issue 32: a photo into a LINE conversation (an image message LINE fetches from our signed link), a friend's image and
 * file shown and fetched on demand, the contact list's saved filter as a segment audience, and an image segment message.
 */
const t = catalog('line');
const en = catalog('line', 'en-US');
const contactsT = catalog('contacts');
const double = `http://127.0.0.1:${lineDoublePort(Number(process.env.E2E_PORT ?? 3300))}`;
const friend = { userId: 'U9a000000000000000000000000000001', displayName: '黃美玲' };

async function phone(request: APIRequestContext, event: Record<string, unknown>) {
  const res = await request.post(`${double}/_double/channels/${lineTestChannelId}/events`, { data: { ...friend, ...event } });
  expect((await res.json()).status).toBe(200);
}

test.setTimeout(180_000);

test('a photo and a file in a LINE conversation; a saved contact filter gets an image segment message', async ({ page, request }) => {
  const { orgId, token } = await signIn(page);
  for (const step of [1, 2]) await apiCall(request, 'POST', `/channel/line/steps/${step}`, {}, token, orgId);
  const put = await request.fetch(`/api/channel/line/credentials?orgId=${orgId}`, { method: 'PUT', data: { channelId: lineTestChannelId, channelSecret: lineTestChannelSecret }, headers: { authorization: `Bearer ${token}` } });
  expect(put.ok()).toBeTruthy();
  await apiCall(request, 'POST', '/channel/line/webhook', {}, token, orgId);

  await phone(request, { kind: 'follow' });
  await phone(request, { kind: 'text', text: '可以傳一下店面照片嗎？' });
  await phone(request, { kind: 'image', contentBase64: solidPng(480, 320, [70, 130, 180]).toString('base64'), contentType: 'image/png' });
  await phone(request, { kind: 'file', fileName: '需求清單.pdf' });
  let conversationId = '';
  await expect
    .poll(async () => {
      const list = await apiCall<{ items: { id: string; contact: { id: string } | null }[] }>(request, 'GET', '/social/line/conversations', undefined, token, orgId);
      conversationId = list.items[0]?.id ?? '';
      return list.items[0]?.contact ? 1 : 0;
    })
    .toBe(1);

  // The conversation: the friend's image (fetched from LINE now) and file; we send a photo.
  await page.goto(`/${orgId}/social/line/${conversationId}`);
  const messages = page.getByRole('list', { name: t('conversation.messages') });
  await expect(messages.locator('.line-message--in img.line-message__image')).toBeVisible({ timeout: 30_000 });
  await expect(messages.getByRole('button', { name: t('attach.download', { name: '需求清單.pdf' }) })).toBeVisible();
  await page.getByTestId('line-attach-input').setInputFiles({ name: 'shop.png', mimeType: 'image/png', buffer: solidPng(400, 300, [230, 120, 40]) });
  await expect(messages.locator('.line-message--out img.line-message__image')).toBeVisible({ timeout: 30_000 });
  const atDouble = (await (await request.get(`${double}/_double/channels/${lineTestChannelId}/sent`)).json()) as { sent: { messages: { type: string; originalContentUrl?: string }[] }[] };
  const image = atDouble.sent.map((m) => m.messages[0]!).find((m) => m.type === 'image');
  expect(image?.originalContentUrl).toContain('/api/line/media/');
  // The link is public: no credentials needed.
  expect((await request.get(image!.originalContentUrl!)).status()).toBe(200);
  await expect(page.getByRole('button', { name: t('attach.camera') })).toBeVisible();
  await expectAccessible(page);
  await screenshotBothSizes(page, 'line-media-conversation', () => expect(messages.locator('.line-message--out img.line-message__image')).toBeVisible());

  // The contact list: save the "important" filter (the friend's contact is made important first).
  const contactId = (await apiCall<{ items: { contact: { id: string } | null }[] }>(request, 'GET', '/social/line/conversations', undefined, token, orgId)).items[0]!.contact!.id;
  const contact = await apiCall<Record<string, unknown>>(request, 'GET', `/customer/${contactId}`, undefined, token, orgId);
  await apiCall(request, 'POST', '/customer', { id: contactId, firstName: contact.firstName, lastName: contact.lastName, isImportant: true }, token, orgId);
  await page.goto(`/${orgId}/contact/list`);
  await page.getByText(contactsT('filters.important')).click();
  await page.getByRole('button', { name: contactsT('savedFilters.save') }).click();
  await page.locator('.ant-modal').getByLabel(contactsT('savedFilters.name'), { exact: true }).fill('重要客戶');
  await page.locator('.ant-modal').getByRole('button', { name: contactsT('savedFilters.save') }).click();
  await expect(page.getByText(contactsT('savedFilters.saved'))).toBeVisible();
  await screenshotBothSizes(page, 'contacts-saved-filter', async () => {
    // On a phone the filters fold behind a button that counts the one in force (shared/ui/folded-filters.tsx).
    if (page.viewportSize()!.width < 768) {
      const fold = page.getByRole('button', { name: catalog('common')('listFilters.showActive', { count: '1' }), exact: true });
      if ((await fold.getAttribute('aria-expanded')) === 'false') await fold.click();
    }
    await expect(page.getByRole('combobox', { name: contactsT('savedFilters.label') })).toBeVisible();
  });

  // The segment screen: the saved filter as the audience, an image as the message.
  await page.goto(`/${orgId}/social/line/segments`);
  await expect(page.getByRole('heading', { name: t('segments.title'), level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.getByText(t('segments.byFilter'), { exact: true }).click();
  await page.getByLabel(t('segments.filter')).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '重要客戶' }).click();
  const preview = page.getByTestId('segment-preview');
  await expect(preview).toContainText(`${t('segments.reachable')}1`);
  await page.getByText(t('segments.kinds.image'), { exact: true }).click();
  await page.getByTestId('segment-image-input').setInputFiles({ name: 'sale.png', mimeType: 'image/png', buffer: solidPng(600, 400, [6, 199, 85]) });
  await expect(page.locator('img.line-segments__image')).toBeVisible({ timeout: 30_000 });
  await page.getByLabel(t('segments.words')).fill('週末限定 9 折');
  await screenshotBothSizes(page, 'line-segments-image', () => expect(preview).toBeVisible());
  await page.getByRole('button', { name: t('segments.send') }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: t('segments.send') }).click();
  const sent = page.getByTestId('segment-send').first();
  await expect(sent.getByText(t('segments.status.done'))).toBeVisible({ timeout: 30_000 });
  await expect(sent).toContainText('重要客戶');

  // The same screens in English.
  await page.evaluate(() => localStorage.setItem('lodestar.language', 'en-US'));
  await page.goto(`/${orgId}/social/line/${conversationId}`);
  await expect(page.getByRole('button', { name: en('attach.file') })).toBeVisible({ timeout: 30_000 });
  await screenshotBothSizes(page, 'line-media-conversation-en-US', () => expect(page.getByRole('list', { name: en('conversation.messages') }).locator('img.line-message__image').first()).toBeVisible());
  await page.goto(`/${orgId}/social/line/segments`);
  await page.getByText(en('segments.byFilter'), { exact: true }).click();
  await page.getByText(en('segments.kinds.card'), { exact: true }).click();
  await screenshotBothSizes(page, 'line-segments-en-US-kinds', () => expect(page.getByLabel(en('segments.card'))).toBeVisible());
});
