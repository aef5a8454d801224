import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { allScreens, apiCall, catalog, expectAccessible, screenshotBothSizes, screenshotDir, signIn } from './support/journey.ts';
import { validationReasonMessages } from '@lodestar/contract';

const q = catalog('quotes');
const qEn = catalog('quotes', 'en-US');
const pub = catalog('quote');
const pubEn = catalog('quote', 'en-US');
const deals = catalog('deals');

/** Draws a stroke across the signature box, as a finger would. */
async function sign(page: Page) {
  await page.getByTestId('quote-signature').scrollIntoViewIfNeeded();
  const box = (await page.getByTestId('quote-signature').boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + 20 + i * ((box.width - 40) / 10), box.y + box.height / 2 + (i % 2 ? -25 : 25));
  await page.mouse.up();
}

/**
 * Issue 36's journey: a salesperson turns a deal into a quote and sends it; the customer opens the link on a phone,
 * accepts with a drawn signature; the deal shows won. Screenshots: the deal's Quotes card, the PDF's first page
 * (poppler's pdftoppm), the acceptance page — zh-TW and en-US, 1440 and 390 wide.
 */
test('a quote from a deal is accepted on a phone with a drawn signature and the deal is won', async ({ page, browser }) => {
  test.setTimeout(allScreens ? 150_000 : 90_000);
  const { orgId, token } = await signIn(page);
  const { dealId } = await apiCall<{ dealId: string }>(page.request, 'POST', '/deal', {
    name: '門市 POS 汰換',
    amount: '0',
    startDate: '2026-11-01',
    estimatedEndDate: '2027-01-31',
    products: [
      { name: 'POS 主機（含 3 年保固）', singlePrice: '20000', quotedPrice: '18500', num: 4 },
      { name: '导入顾问服务', singlePrice: '1500', quotedPrice: '1200', num: 10 },
    ],
  }, token, orgId);

  await page.goto(`/${orgId}/deal/detail/${dealId}`);
  const card = page.getByTestId('deal-quotes');
  await expect(card.getByText(q('empty'))).toBeVisible({ timeout: 60_000 });
  await card.getByTestId('quote-new').click();
  const dialog = page.getByRole('dialog', { name: q('form.newTitle') });
  await expect(dialog.getByTestId('quote-form-totals')).toContainText('90,300');
  await dialog.getByRole('button', { name: q('form.save') }).click();
  await expect(card.getByTestId('quote-status')).toHaveText(q('statuses.draft'));
  await card.getByTestId('quote-send').click();
  await page.getByRole('dialog', { name: /Q-\d{5}/ }).getByRole('button', { name: q('send.ok') }).click();
  await expect(card.getByTestId('quote-status')).toHaveText(q('statuses.sent'));
  await screenshotBothSizes(page, 'quotes-deal-card', () => expect(card.getByTestId('quote-status')).toBeVisible());

  const { items } = await apiCall<{ items: { id: string; publicPath: string; number: string }[] }>(page.request, 'GET', `/deal/${dealId}/quotes`, undefined, token, orgId);
  const quote = items[0]!;

  // The PDF as printed: its first page rendered by poppler, beside the screenshots.
  if (allScreens) {
    const pdf = await page.request.get(`/api/quote/${quote.id}/pdf?orgId=${orgId}`, { headers: { authorization: `Bearer ${token}` } });
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const file = join(mkdtempSync(join(tmpdir(), 'quote-')), 'quote.pdf');
    writeFileSync(file, await pdf.body());
    execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', file, join(screenshotDir, 'quotes-pdf-page-1')]);
  }

  // The customer, on a phone.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'zh-TW' });
  await phone.goto(quote.publicPath);
  await expect(phone.getByTestId('quote-total')).toHaveText('NT$ 90,300');
  await expect(phone.getByText('玖萬零參佰元整')).toBeVisible();
  await screenshotBothSizes(phone, 'quotes-public-page', () => expect(phone.getByTestId('quote-total')).toBeVisible());
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.getByRole('button', { name: pub('accept') }).click();
  await phone.getByLabel(pub('yourName')).fill('陳大文');
  await phone.getByLabel(pub('yourTitle')).fill('採購經理');
  await sign(phone);
  await screenshotBothSizes(phone, 'quotes-public-accept', () => expect(phone.getByTestId('quote-signature')).toBeVisible());
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.getByRole('button', { name: pub('confirmAccept') }).click();
  await expect(phone.getByText(pub('accepted', { name: '陳大文' }))).toBeVisible();

  // The same page in English.
  await phone.getByLabel(pub('language')).selectOption('en-US');
  await expect(phone.getByText(pubEn('accepted', { name: '陳大文' }))).toBeVisible();
  await screenshotBothSizes(phone, 'quotes-public-page-en-US', () => expect(phone.getByText(pubEn('accepted', { name: '陳大文' }))).toBeVisible());
  await phone.close();

  // The salesperson sees the deal won and the quote accepted.
  await page.reload();
  await expect(page.getByTestId('deal-status')).toHaveText(deals('statuses.closed'), { timeout: 30_000 });
  await expect(card.getByTestId('quote-status')).toHaveText(q('statuses.accepted'));
  await page.getByTestId('language-picker').click();
  await page.getByRole('option', { name: 'English' }).click();
  await expect(page.getByTestId('deal-quotes').getByTestId('quote-status')).toHaveText(qEn('statuses.accepted'), { timeout: 30_000 });
  await screenshotBothSizes(page, 'quotes-deal-card-en-US', () => expect(page.getByTestId('deal-quotes').getByTestId('quote-status')).toBeVisible());
});

test('an administrator sets the quotes letterhead and number prefix in Settings → Quotes', async ({ page }) => {
  const { orgId, token } = await signIn(page);
  const settings = catalog('settings');
  await page.goto(`/${orgId}/settings/quotes`);
  await expect(page.getByRole('heading', { level: 1, name: q('settings.title') })).toBeVisible();
  await page.getByLabel(q('settings.sellerName')).fill('福爾摩沙業務股份有限公司');
  await page.getByLabel(q('settings.sellerTaxId')).fill('22099132');
  await page.getByLabel(q('settings.prefix')).fill('FS-Q');
  await page.getByRole('button', { name: q('settings.save') }).click();
  // A 統編 that fails the checksum is refused on its field, nothing saved.
  await expect(page.getByText(validationReasonMessages['zh-TW'].invalidTaxId)).toBeVisible();
  await page.getByLabel(q('settings.sellerTaxId')).fill('22099131');
  await expect(page.getByText('FS-Q-00042')).toBeVisible();
  await page.getByRole('button', { name: q('settings.save') }).click();
  await expect(page.getByText(q('settings.saved'))).toBeVisible();
  await expectAccessible(page);
  const saved = await apiCall<{ prefix: string; sellerName: string; sellerTaxId: string }>(page.request, 'GET', '/settings/quotes', undefined, token, orgId);
  expect(saved).toMatchObject({ prefix: 'FS-Q', sellerName: '福爾摩沙業務股份有限公司', sellerTaxId: '22099131' });
  await expect(page.getByRole('link', { name: settings('pages.quotes') }).first()).toBeVisible();
  await screenshotBothSizes(page, 'quotes-settings-zh-TW', () => expect(page.getByLabel(q('settings.prefix'))).toHaveValue('FS-Q'));
  await page.evaluate(() => localStorage.setItem('lodestar.language', 'en-US'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: qEn('settings.title') })).toBeVisible();
  await screenshotBothSizes(page, 'quotes-settings-en-US', () => expect(page.getByLabel(qEn('settings.prefix'))).toHaveValue('FS-Q'));
});
