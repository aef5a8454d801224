import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { lineDoublePort, lineJourneyChannels } from '../../server/src/test/line-double.ts';
import { solidPng } from '../../server/src/test/png.ts';
import { apiCall, catalog, expectAccessible, screenshotBothSizes, signIn } from './support/journey.ts';

const { channelId: lineTestChannelId, secret: lineTestChannelSecret } = lineJourneyChannels.quotes;

const q = catalog('quotes');
const qEn = catalog('quotes', 'en-US');
const stats = catalog('statistics');
const statsEn = catalog('statistics', 'en-US');
const double = `http://127.0.0.1:${lineDoublePort(Number(process.env.E2E_PORT ?? 3300))}`;
const friend = { userId: 'U36a00000000000000000000000000001', displayName: '林小美' };

async function put(request: APIRequestContext, path: string, body: unknown, token: string, orgId: string) {
  const res = await request.fetch(`/api${path}?orgId=${orgId}`, { method: 'PUT', data: body, headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), await res.text()).toBeTruthy();
}

test.setTimeout(180_000);

/**
 * Issue 36's rest, as a user sees it: the logo uploaded in Settings → Quotes shows on the customer's page; the send
 * dialog offers LINE because the deal's contact is a linked LINE friend, and the link arrives there (at the double);
 * the statistics dashboard's "quoted vs won" card counts the quote, and its quotes export downloads a CSV.
 * Screenshots in zh-TW and en-US, 1440 and 390 wide.
 */
test('a quote with the workspace logo goes by LINE to the linked friend and shows in quoted vs won', async ({ page, request, browser }) => {
  const { orgId, token } = await signIn(page);

  // The letterhead's logo.
  await page.goto(`/${orgId}/settings/quotes`);
  await expect(page.getByRole('heading', { level: 1, name: q('settings.title') })).toBeVisible();
  await page.getByTestId('quote-logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: solidPng(320, 96, [22, 82, 160]) });
  await expect(page.getByTestId('quote-logo-preview')).toBeVisible();
  await expect(page.getByRole('button', { name: q('settings.logoRemove') })).toBeVisible();
  await expectAccessible(page);
  await screenshotBothSizes(page, 'quotes-logo-settings', () => expect(page.getByTestId('quote-logo-preview')).toBeVisible());

  // LINE connected through the API (the wizard has its own journey); the friend follows and becomes a contact.
  for (const step of [1, 2]) await apiCall(request, 'POST', `/channel/line/steps/${step}`, {}, token, orgId);
  await put(request, '/channel/line/credentials', { channelId: lineTestChannelId, channelSecret: lineTestChannelSecret }, token, orgId);
  await apiCall(request, 'POST', '/channel/line/webhook', {}, token, orgId);
  expect((await (await request.post(`${double}/_double/channels/${lineTestChannelId}/events`, { data: { ...friend, kind: 'follow' } })).json()).status).toBe(200);
  let contactId = '';
  await expect
    .poll(async () => {
      const list = await apiCall<{ items: { lineUserId: string; contact: { id: string } | null }[] }>(request, 'GET', '/social/line/conversations', undefined, token, orgId);
      contactId = list.items.find((c) => c.lineUserId === friend.userId)?.contact?.id ?? '';
      return contactId;
    })
    .not.toBe('');
  const { dealId } = await apiCall<{ dealId: string }>(request, 'POST', '/deal', {
    name: '門市 POS 汰換',
    amount: '0',
    startDate: '2026-11-01',
    estimatedEndDate: '2027-01-31',
    clientId: contactId,
    products: [{ name: 'POS 主機', singlePrice: '20000', quotedPrice: '18500', num: 2 }],
  }, token, orgId);
  const quote = await apiCall<{ id: string; number: string; publicPath: string }>(request, 'POST', '/quote', { dealId }, token, orgId);

  // The send dialog offers LINE for this contact.
  await page.goto(`/${orgId}/deal/detail/${dealId}`);
  const card = page.getByTestId('deal-quotes');
  await card.getByTestId('quote-send').click();
  const dialog = page.getByRole('dialog', { name: q('send.title', { number: quote.number }) });
  await expect(dialog.getByTestId('quote-send-line')).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: q('send.line') })).toBeChecked();
  await dialog.getByLabel(q('send.email')).fill('');
  await dialog.getByLabel(q('send.message')).fill('林小姐您好，附上報價。');
  await expectAccessible(page);
  await screenshotBothSizes(page, 'quotes-send-line', () => expect(dialog.getByTestId('quote-send-line')).toBeVisible());
  await dialog.getByRole('button', { name: q('send.ok') }).click();
  await expect(card.getByTestId('quote-status')).toHaveText(q('statuses.sent'));
  await expect
    .poll(async () => {
      const atDouble = (await (await request.get(`${double}/_double/channels/${lineTestChannelId}/sent`)).json()) as { sent: { to: string; via: string; messages: { text?: string }[] }[] };
      return atDouble.sent.filter((m) => m.to === friend.userId && m.via === 'push').map((m) => m.messages[0]?.text ?? '').find((text) => text.includes(quote.publicPath)) ?? '';
    }, { timeout: 30_000 })
    .toContain('林小姐您好');

  // The customer's page carries the logo.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'zh-TW' });
  await phone.goto(quote.publicPath);
  await expect(phone.getByTestId('quote-logo')).toBeVisible();
  expect(await phone.getByTestId('quote-logo').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await screenshotBothSizes(phone, 'quotes-public-logo', () => expect(phone.getByTestId('quote-logo')).toBeVisible());
  await phone.close();

  // Statistics: one quote sent, none answered yet; the quotes export downloads it.
  await page.goto(`/${orgId}/statistics/dashboard`);
  const quoted = page.getByTestId('quoted-won');
  await expect(quoted.getByRole('heading', { name: stats('quotes.title') })).toBeVisible({ timeout: 30_000 });
  await expect(quoted.locator('.ant-table-summary')).toContainText('38,850');
  await expectAccessible(page);
  await screenshotBothSizes(page, 'quotes-statistics', () => expect(quoted.locator('.ant-table-summary')).toBeVisible());
  const download = page.waitForEvent('download');
  await quoted.getByRole('button', { name: stats('quotes.exportQuotes') }).click();
  const csv = readFileSync((await (await download).path())!, 'utf8');
  expect(csv).toContain(`${quote.number},1,已寄出`);

  await page.evaluate(() => localStorage.setItem('lodestar.language', 'en-US'));
  await page.reload();
  await expect(page.getByTestId('quoted-won').getByRole('heading', { name: statsEn('quotes.title') })).toBeVisible({ timeout: 30_000 });
  await screenshotBothSizes(page, 'quotes-statistics-en-US', () => expect(page.getByTestId('quoted-won').locator('.ant-table-summary')).toBeVisible());
  await page.goto(`/${orgId}/deal/detail/${dealId}`);
  await page.getByTestId('deal-quotes').getByTestId('quote-send').click();
  const english = page.getByRole('dialog', { name: qEn('send.title', { number: quote.number }) });
  await expect(english.getByTestId('quote-send-line')).toBeVisible();
  await screenshotBothSizes(page, 'quotes-send-line-en-US', () => expect(english.getByTestId('quote-send-line')).toBeVisible());
  await page.goto(`/${orgId}/settings/quotes`);
  await expect(page.getByTestId('quote-logo-preview')).toBeVisible();
  await screenshotBothSizes(page, 'quotes-logo-settings-en-US', () => expect(page.getByTestId('quote-logo-preview')).toBeVisible());
});
