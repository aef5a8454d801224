import { expect, test, type Page } from '@playwright/test';
import type { Locale, PdpaRequest } from '@lodestar/contract';
import { apiCall, catalog, expectAccessible, screenLocales, screenshotBothSizes, signIn } from './support/journey.ts';

// Sign-up, three contacts, an erase job and 16 screenshots on a shared machine.
test.setTimeout(300_000);

const daysAgo = (days: number) => new Date(Date.now() + 8 * 3600_000 - days * 86_400_000).toISOString().slice(0, 10);

async function useLanguage(page: Page, locale: Locale) {
  await page.evaluate((language) => {
    localStorage.setItem('lodestar.language', language);
    localStorage.setItem('lodestar.unsubscribeLanguage', language);
  }, locale);
  await page.reload();
}

/**
 * Taiwan PDPA requests (issue 37 part 4): an administrator records a person's "stop processing" request on the
 * contact page and does it (the contact is marked restricted), sees every open request by due date on Settings → PDPA
 * requests with the overdue one flagged, deletes a person everywhere through the erase job, and a person unsubscribes
 * from marketing through the signed link's public page. Screenshots at 1440 and 390 in zh-TW and en-US.
 */
test('answers a person\'s PDPA requests and the unsubscribe link (zh-TW and en-US, desktop and phone)', async ({ page }) => {
  const { orgId, token } = await signIn(page, { orgName: '北極星科技' });
  const create = (body: Record<string, unknown>) => apiCall<{ id: string }>(page.request, 'POST', '/customer', body, token, orgId);
  const meiling = await create({ firstName: '美玲', lastName: '陳', phones: [{ value: '0912-345-678', type: 'mobile' }], emails: [{ value: 'meiling@example.tw' }], dataPurpose: 'sales', consentNote: '2026 台北國際電子展 名片交換，口頭同意聯繫' });
  const zhihao = await create({ firstName: '志豪', lastName: '林', phones: [{ value: '0922-111-333', type: 'mobile' }] });
  const yating = await create({ firstName: '雅婷', lastName: '黃', emails: [{ value: 'yating@example.tw' }] });
  const request = (contactId: string, type: string, receivedOn: string, note?: string) => apiCall<PdpaRequest>(page.request, 'POST', '/pdpa/requests', { contactId, type, receivedOn, note }, token, orgId);
  await request(yating.id, 'access', daysAgo(20), '來電要求提供所有個人資料的複本');
  await request(zhihao.id, 'erase', daysAgo(3), 'Email 要求刪除所有資料');
  await request(meiling.id, 'correct', daysAgo(1), '新的手機號碼 0912-000-111');

  // The contact page: source and consent, no marketing, the person's requests; a "stop processing" request done here.
  const t = catalog('pdpa');
  const contacts = catalog('contacts');
  await page.goto(`/${orgId}/contact/detail/${meiling.id}`);
  const card = page.locator('.contact-pdpa-card');
  await expect(card.getByTestId('pdpa-request-correct')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(contacts('dataSources.manual'))).toBeVisible();
  await card.getByRole('button', { name: t('record') }).click();
  const dialog = page.getByRole('dialog', { name: t('record') });
  await dialog.getByLabel(t('type')).click();
  // antd's options: the visible list items (its role=option nodes are a hidden accessibility copy).
  await page.locator('.ant-select-item-option').filter({ hasText: t('types.restrict') }).click();
  await dialog.getByRole('button', { name: t('recordOk') }).click();
  await expect(card.getByTestId('pdpa-request-restrict')).toBeVisible();
  await card.getByTestId('pdpa-request-restrict').getByRole('button', { name: t('complete.restrict') }).click();
  const confirm = page.getByRole('dialog', { name: t('complete.restrict') });
  await confirm.getByLabel(t('resolution')).fill('已停止所有行銷與業務聯繫');
  await confirm.getByRole('button', { name: t('confirm') }).click();
  await expect(page.getByText(contacts('consent.restricted'))).toBeVisible();
  await card.getByRole('button', { name: t('unsubscribeLink') }).click();
  await expect(card.locator('.contact-pdpa-card__url')).toContainText('/unsubscribe?t=');
  await expectAccessible(page);
  for (const locale of screenLocales) {
    const tl = catalog('pdpa', locale);
    await useLanguage(page, locale);
    await screenshotBothSizes(page, `pdpa-contact-${locale}`, async () => {
      await expect(page.getByRole('heading', { name: tl('contactTitle'), exact: true })).toBeVisible({ timeout: 60_000 });
      await expect(page.locator('.contact-pdpa-card').getByTestId('pdpa-request-restrict')).toBeVisible();
    });
  }

  // Settings → PDPA requests: open requests by due date, the overdue one flagged.
  await useLanguage(page, 'zh-TW');
  await page.goto(`/${orgId}/settings/pdpa`);
  await expect(page.getByText(t('intro'))).toBeVisible({ timeout: 30_000 });
  const items = page.locator('.pdpa-request');
  await expect(items).toHaveCount(3);
  await expect(items.first()).toHaveClass(/pdpa-request--overdue/);
  await expect(items.first().getByText(t('overdue'))).toBeVisible();
  await expectAccessible(page);
  for (const locale of screenLocales) {
    const tl = catalog('pdpa', locale);
    await useLanguage(page, locale);
    await screenshotBothSizes(page, `pdpa-requests-${locale}`, () => expect(page.getByText(tl('intro'))).toBeVisible({ timeout: 30_000 }));
  }

  // Deleting a person everywhere: the erase job runs, the request stays as the record that it was done.
  await useLanguage(page, 'zh-TW');
  const eraseItem = page.locator('.pdpa-request').filter({ hasText: '林志豪' });
  await eraseItem.getByRole('button', { name: t('complete.erase') }).click();
  await page.getByRole('dialog', { name: t('complete.erase') }).getByRole('button', { name: t('confirm') }).click();
  await page.getByText(t('scope.all'), { exact: true }).click();
  await expect(page.locator('.pdpa-request').filter({ hasText: t('erasedPerson') }).getByText(t('states.done'))).toBeVisible({ timeout: 90_000 });
  const gone = await page.request.get(`/api/customer/${zhihao.id}?orgId=${orgId}`, { headers: { authorization: `Bearer ${token}` } });
  expect(gone.status()).toBe(404);

  // The public unsubscribe page of the person's link, in the visitor's language.
  const link = await apiCall<{ url: string }>(page.request, 'GET', `/pdpa/unsubscribe-link/${yating.id}`, undefined, token, orgId);
  const target = new URL(link.url);
  for (const locale of screenLocales) {
    const u = catalog('unsubscribe', locale);
    await page.goto(`${target.pathname}${target.search}`);
    await useLanguage(page, locale);
    await screenshotBothSizes(page, `pdpa-unsubscribe-${locale}`, () => expect(page.getByRole('button', { name: u('confirm') })).toBeVisible({ timeout: 30_000 }));
  }
  const u = catalog('unsubscribe', screenLocales.at(-1));
  await page.getByRole('button', { name: u('confirm') }).click();
  await expect(page.getByRole('heading', { name: u('done.title') })).toBeVisible();
  await expectAccessible(page);
  await screenshotBothSizes(page, 'pdpa-unsubscribed', () => expect(page.getByRole('heading', { name: u('done.title') })).toBeVisible());
  const contact = await apiCall<{ noMarketing: boolean }>(page.request, 'GET', `/customer/${yating.id}`, undefined, token, orgId);
  expect(contact.noMarketing).toBe(true);
});
