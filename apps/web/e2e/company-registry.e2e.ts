import { expect, test } from '@playwright/test';
import { recordFieldTitle } from '@lodestar/contract';
import { apiCall, catalog, expectAccessible, screenLocales, screenshotBothSizes, signIn } from './support/journey.ts';

// The company registry double (apps/server/src/test/gcis-double.ts) knows 22099131 (active) and 10007919 (dissolved).
for (const locale of screenLocales) {
  test(`a 統編 typed on the company form brings the registry's entry, which fills the name and address (${locale})`, async ({ page }) => {
    const { orgId, token } = await signIn(page);
    await page.goto(`/${orgId}/company/list`);
    if (locale !== 'zh-TW') {
      await page.evaluate((language) => localStorage.setItem('lodestar.language', language), locale);
      await page.reload();
    }
    const t = catalog('companies', locale);
    const field = (key: string) => recordFieldTitle(locale, 'company', key)!;
    await page.getByRole('button', { name: t('createButton') }).first().click();
    const drawer = page.getByRole('dialog', { name: t('createTitle') });
    await drawer.getByLabel(field('taxId')).fill('22099131');
    const card = drawer.getByTestId('company-registry');
    await expect(card).toContainText('台灣積體電路製造股份有限公司');
    await expect(card).toContainText('魏哲家');
    await expect(card).toContainText('1987-02-21');
    await card.getByRole('button', { name: t('registry.use') }).click();
    await expect(drawer.getByLabel(field('name'), { exact: true })).toHaveValue('台灣積體電路製造股份有限公司');
    await expect(drawer.getByLabel(field('address'))).toHaveValue('新竹科學園區新竹市力行六路8號');
    await expectAccessible(page);
    await screenshotBothSizes(page, `company-registry-${locale}`, () => expect(card).toBeVisible());

    // A dissolved company is said plainly; an unknown number too.
    await drawer.getByLabel(field('taxId')).fill('10007919');
    await expect(card).toContainText(t('registry.inactive', { status: '解散' }));
    await drawer.getByLabel(field('taxId')).fill('04595257');
    await expect(card).toContainText(t('registry.notFound'));

    // A dissolved company's page says so.
    const closed = await apiCall<{ id: string }>(page.request, 'POST', '/company', { name: '福爾摩沙測試有限公司', tax: '10007919' }, token, orgId);
    await page.goto(`/${orgId}/company/detail/${closed.id}`);
    await expect(page.getByTestId('company-registry-flag')).toContainText(t('registry.flag', { status: '解散' }));
    await screenshotBothSizes(page, `company-registry-flag-${locale}`, () => expect(page.getByTestId('company-registry-flag')).toBeVisible());
  });
}
