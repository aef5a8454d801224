import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { catalog, expectAccessible, screenshot, signIn } from './support/journey.ts';

const cards = catalog('cards');
const card = catalog('card');
const common = catalog('common');
const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/** Workspace calls with the journey's token (set-up only: the booking page the card links to). */
async function put(page: Page, orgId: string, token: string, path: string, data: unknown) {
  const response = await page.request.put(`/api${path}?orgId=${orgId}`, { headers: { authorization: `Bearer ${token}` }, data });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).data;
}

/** The public card on a phone-sized screen, in `locale`. */
async function openOnPhone(browser: Browser, url: string, locale: 'zh-TW' | 'en-US') {
  const context = await browser.newContext({ ...phone, locale, timezoneId: 'Asia/Taipei', acceptDownloads: true });
  const visitor = await context.newPage();
  await visitor.goto(url);
  return { context, visitor };
}

test('a salesperson fills the card, picks a theme and shares it; a visitor on a phone saves the vCard and exchanges cards; the contact appears @smoke', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const { orgId, token } = await signIn(page);
  const idName = `card-${Date.now().toString(36)}`;
  await put(page, orgId, token, '/business', { idName, concurrentBooking: 1, isPublic: true });

  // Avatar menu → business card setting, prefilled from the profile and workspace.
  await page.goto(`/${orgId}/index`);
  await page.getByTestId('avatar-menu').click();
  await page.getByRole('menuitem', { name: common('layout.businessCardSetting') }).click();
  await expect(page).toHaveURL(new RegExp(`/${orgId}/businesscard/info$`));
  await expect(page.getByRole('heading', { level: 1, name: cards('title') })).toBeVisible();
  await expect(page.getByText(cards('info.prefilled'))).toBeVisible();
  const form = page.getByRole('form', { name: cards('title') });
  await expect(form.getByLabel(cards('info.company'), { exact: true })).toHaveValue('Formosa Sales');

  await form.getByLabel(cards('info.lastName'), { exact: true }).fill('王');
  await form.getByLabel(cards('info.firstName'), { exact: true }).fill('小明');
  await form.getByLabel(cards('info.title'), { exact: true }).fill('資深業務經理');
  await form.getByLabel(cards('info.company'), { exact: true }).fill('北極星科技股份有限公司');
  await page.getByRole('button', { name: cards('info.addPhone') }).click();
  await form.getByRole('textbox', { name: cards('info.phoneValue', { index: '1' }), exact: true }).fill('0912-345-678');
  await form.getByLabel(cards('info.address'), { exact: true }).fill('台北市信義區信義路五段7號');
  await form.getByLabel(cards('info.lineId'), { exact: true }).fill('@polaris');
  await form.getByLabel(cards('info.intro'), { exact: true }).fill('協助中小企業導入 CRM 十年，從名片到成交一路陪跑。');
  // The live preview follows the typing.
  const preview = page.locator('.card-editor__preview');
  await expect(preview.getByRole('heading', { name: '王小明' })).toBeVisible();
  await expect(preview).toContainText('資深業務經理');
  await page.getByRole('button', { name: cards('info.save') }).click();
  await expect(page.getByText(cards('info.saved'))).toBeVisible();
  await expect(page.getByText(cards('info.prefilled'))).toBeHidden();
  await expectAccessible(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'cards-info-zh-TW');

  // Theme store: every tile previews my card; apply Ink & Gold; a Pro theme answers the upgrade message.
  await page.getByRole('tab', { name: cards('tabs.theme') }).click();
  await expect(page).toHaveURL(new RegExp(`/businesscard/themes$`));
  await expect(page.getByTestId('theme-harbor')).toContainText(cards('themes.current'));
  await expect(page.getByTestId('theme-jade').getByRole('heading', { name: '王小明' })).toBeVisible();
  await expect(page.getByTestId('theme-amber')).toContainText(cards('themes.needsPlan', { plan: cards('planNames.pro') }));
  await page.getByRole('button', { name: cards('themes.applyNamed', { name: cards('themes.names.ink') }) }).click();
  await expect(page.getByText(cards('themes.applied'))).toBeVisible();
  await expect(page.getByTestId('theme-ink')).toContainText(cards('themes.current'));
  await page.getByRole('button', { name: cards('themes.applyNamed', { name: cards('themes.names.amber') }) }).click();
  await expect(page.getByText('請升級至專業版')).toBeVisible();
  await expect(page.getByTestId('theme-ink')).toContainText(cards('themes.current'));
  await expectAccessible(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'cards-themes-zh-TW');

  await page.getByRole('tab', { name: cards('tabs.preview') }).click();
  await expect(page.locator('.card-phone .bcard[data-theme="ink"]')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'cards-preview-zh-TW');

  // Share: the public link and its QR code.
  await page.getByRole('tab', { name: cards('tabs.share') }).click();
  const link = await page.getByTestId('card-public-link').inputValue();
  expect(link).toMatch(/\/card\/[A-Za-z0-9]{20}$/);
  await expect(page.locator('.card-share__qr canvas')).toBeVisible();
  await expect(page.getByText(cards('share.exchangesEmpty'))).toBeVisible();
  await expectAccessible(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'cards-share-zh-TW');

  // A visitor on a phone: the card in its theme, Book a time, Save contact (vCard), Exchange cards.
  const { context, visitor } = await openOnPhone(browser, link, 'zh-TW');
  await expect(visitor.getByRole('heading', { level: 1, name: '王小明' })).toBeVisible();
  await expect(visitor.locator('.bcard[data-theme="ink"]')).toBeVisible();
  await expect(visitor.getByRole('link', { name: card('actions.book') })).toHaveAttribute('href', `/book/${idName}`);
  const download = visitor.waitForEvent('download');
  await visitor.getByRole('link', { name: card('actions.save') }).click();
  const vcard = readFileSync((await (await download).path())!, 'utf8');
  expect(vcard).toContain('N:王;小明;;;');
  expect(vcard).toContain('FN:王小明');
  expect(vcard).toContain('TEL;TYPE=CELL:0912-345-678');
  expect(vcard).toContain('ORG:北極星科技股份有限公司');
  await expectAccessible(visitor);
  await screenshot(visitor, 'cards-public-phone-zh-TW');
  await visitor.getByRole('button', { name: card('actions.exchange') }).click();
  await visitor.getByRole('button', { name: card('exchange.submit') }).click();
  await expect(visitor.getByText(card('exchange.required'))).toBeVisible();
  await visitor.getByLabel(card('exchange.name')).fill('陳美玲');
  await visitor.getByLabel(card('exchange.phone')).fill('0987-654-321');
  await visitor.getByLabel(card('exchange.note')).fill('想了解團隊方案');
  await screenshot(visitor, 'cards-public-exchange-zh-TW');
  await visitor.getByRole('button', { name: card('exchange.submit') }).click();
  await expect(visitor.getByText(card('exchange.done', { name: '王小明' }))).toBeVisible();
  await context.close();

  // The owner sees who exchanged cards, and the new contact is theirs.
  await page.reload();
  const lead = page.getByRole('link', { name: '陳美玲' });
  // A reload of the whole app: generous on a loaded CI machine.
  await expect(lead).toBeVisible({ timeout: 30_000 });
  await lead.click();
  await expect(page).toHaveURL(new RegExp(`/${orgId}/contact/detail/`));
  await expect(page.getByText('0987-654-321').first()).toBeVisible();
});

test('the card in English: editor, theme store, share and the phone page', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ locale: 'en-US', timezoneId: 'Asia/Taipei', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const en = catalog('cards', 'en-US');
  const { orgId, token } = await signIn(page, { orgName: 'Polaris Trading' });
  await put(page, orgId, token, '/businesscard', {
    firstName: 'Grace',
    lastName: 'Chen',
    title: 'Regional Sales Director',
    company: 'Polaris Trading Co., Ltd.',
    phones: [{ value: '+886 912 345 678', type: 'mobile' }, { value: '+886 2 2345 6789', type: 'work' }],
    email: 'grace.chen@polaris.example',
    address: 'No. 7, Sec. 5, Xinyi Rd., Taipei',
    links: [{ label: 'Company website', url: 'https://polaris.example' }],
    intro: 'Helping Taiwanese manufacturers sell across Asia for twelve years.',
    lineId: '@polaris',
  });
  const saved = await put(page, orgId, token, '/businesscard/theme', { themeId: 'midnight' });
  await page.goto(`/${orgId}/index`);
  await page.getByTestId('language-picker').click();
  await page.getByRole('option', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await page.getByTestId('avatar-menu').click();
  await page.getByRole('menuitem', { name: catalog('common', 'en-US')('layout.businessCardSetting') }).click();
  await expect(page.getByRole('heading', { level: 1, name: en('title') })).toBeVisible();
  await expect(page.locator('.card-editor__preview').getByRole('heading', { name: 'Grace Chen' })).toBeVisible();
  await screenshot(page, 'cards-info-en-US');
  await page.getByRole('tab', { name: en('tabs.theme') }).click();
  await expect(page.getByTestId('theme-midnight')).toContainText(en('themes.current'));
  await screenshot(page, 'cards-themes-en-US');
  await page.getByRole('tab', { name: en('tabs.share') }).click();
  await expect(page.locator('.card-share__qr canvas')).toBeVisible();
  await screenshot(page, 'cards-share-en-US');
  const { context: phoneContext, visitor } = await openOnPhone(browser, `/card/${saved.slug}`, 'en-US');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Grace Chen' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: catalog('card', 'en-US')('actions.save') })).toBeVisible();
  await screenshot(visitor, 'cards-public-phone-en-US');
  await phoneContext.close();
  await context.close();
});
