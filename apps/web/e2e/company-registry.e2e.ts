import { expect, test, type Page } from '@playwright/test';
import { recordFieldTitle, type Locale } from '@lodestar/contract';
import { apiCall, catalog, expectAccessible, screenLocales, screenshotBothSizes, signIn } from './support/journey.ts';

/** Opens a page in the journey's language (the browser's is zh-TW). */
async function openIn(page: Page, path: string, locale: Locale) {
  await page.goto(path);
  if (locale === 'zh-TW') return;
  await page.evaluate((language) => localStorage.setItem('lodestar.language', language), locale);
  await page.reload();
}

// The company registry double (apps/server/src/test/gcis-double.ts) knows 22099131 (active) and 10007919 (dissolved).
for (const locale of screenLocales) {
  test(`a 統編 typed on the company form brings the registry's entry, which fills the name and address (${locale})`, async ({ page }) => {
    // Two pages at both sizes with accessibility checks: on the loaded 2-core machine it took 65 s against the 60 s default.
    test.setTimeout(120_000);
    const { orgId, token } = await signIn(page);
    await openIn(page, `/${orgId}/company/list`, locale);
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

// Bulk enrichment (issue 37 part 2): the list's "fill from the registry" runs as a job at the registry's pace, fills only
// what is empty, and ends with a summary that lists the dissolved company.
for (const locale of screenLocales) {
  test(`companies are filled from the registry in bulk, with progress and a summary naming the dissolved one (${locale})`, async ({ page }) => {
    // The job polls every 2 s and paces its calls; on a loaded 2-core machine the whole journey takes minutes.
    test.setTimeout(180_000);
    const { orgId, token } = await signIn(page);
    const create = (body: Record<string, string>) => apiCall<{ id: string }>(page.request, 'POST', '/company', body, token, orgId);
    const tsmc = await create({ name: '台積電', tax: '22099131' });
    await create({ name: '福爾摩沙測試有限公司', tax: '10007919', address: '我們記的地址' });
    await create({ name: '個人工作室', tax: '12345675' });
    await openIn(page, `/${orgId}/company/list`, locale);
    const t = catalog('companies', locale);
    await page.getByRole('button', { name: t('enrichment.all') }).click();
    await expect(page.locator('.ant-popconfirm:visible')).toContainText(t('enrichment.confirm'));
    await screenshotBothSizes(page, `company-enrichment-confirm-${locale}`, () => expect(page.locator('.ant-popconfirm:visible')).toBeVisible());
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: t('enrichment.start') }).click();

    const status = page.getByTestId('enrichment-status');
    await expect(status).toContainText(t('enrichment.doneTitle', { count: '3' }), { timeout: 30_000 });
    const counts = status.getByTestId('enrichment-counts');
    await expect(counts).toContainText(t('enrichment.counts.filled'));
    await expect(status.getByTestId('enrichment-flagged')).toContainText('福爾摩沙測試有限公司');
    await expect(status.getByTestId('enrichment-flagged')).toContainText('解散');
    await expectAccessible(page);
    await screenshotBothSizes(page, `company-enrichment-done-${locale}`, () => expect(status).toBeVisible());

    // The empty address was filled, the name the user wrote stayed, and the dissolved company's link leads to its flag.
    const filled = await apiCall<{ name: string; address: string | null; otherNames: string[] }>(page.request, 'GET', `/company/${tsmc.id}`, undefined, token, orgId);
    expect(filled).toMatchObject({ name: '台積電', address: '新竹科學園區新竹市力行六路8號', otherNames: ['台灣積體電路製造股份有限公司'] });
    await status.getByRole('link', { name: '福爾摩沙測試有限公司' }).click();
    await expect(page.getByTestId('company-registry-flag')).toBeVisible();
    // On a phone the flag is the first thing under the name, above the figures and the timeline.
    await page.setViewportSize({ width: 390, height: 844 });
    const flagBox = (await page.getByTestId('company-registry-flag').boundingBox())!;
    expect(flagBox.y + flagBox.height).toBeLessThan(844);
    await page.setViewportSize({ width: 1440, height: 900 });
  });
}

// A contact file that names each person's company with its 統編: the import creates the companies with it, and its done
// page offers to fill them from the registry; the enrichment runs there and sums up.
for (const locale of screenLocales) {
  test(`a contact import's companies with a 統編 are filled from the registry from its done page (${locale})`, async ({ page }) => {
    // An import and an enrichment job, each polled, on a loaded 2-core machine.
    test.setTimeout(180_000);
    const { orgId, token } = await signIn(page);
    await openIn(page, `/${orgId}/import/contact`, locale);
    const t = catalog('imports', locale);
    const c = catalog('companies', locale);
    const file = ['姓名,公司,公司統編', '王小明,台積電,22099131', '李大華,福爾摩沙測試有限公司,10007919', '林一,個人工作室,'].join('\r\n');
    await page.locator('input[type=file]').setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${file}`) });
    await expect(page.getByRole('heading', { level: 1, name: t('checkTitle') })).toBeVisible();
    // The 統編 column is recognised as the company's.
    await expect(page.getByText(recordFieldTitle(locale, 'contact', 'companyTaxId')!, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: t('start') }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('doneTitle') })).toBeVisible({ timeout: 60_000 });

    const offer = page.getByRole('button', { name: c('enrichment.fromImport') });
    await expect(offer).toBeVisible();
    await expectAccessible(page);
    await screenshotBothSizes(page, `import-registry-offer-${locale}`, () => expect(offer).toBeVisible());
    await offer.click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: c('enrichment.start') }).click();

    const status = page.getByTestId('enrichment-status');
    await expect(status).toContainText(c('enrichment.doneTitle', { count: '3' }), { timeout: 60_000 });
    await expect(status.getByTestId('enrichment-flagged')).toContainText('福爾摩沙測試有限公司');
    await expectAccessible(page);
    await screenshotBothSizes(page, `import-registry-done-${locale}`, () => expect(status).toBeVisible());

    const list = await apiCall<{ items: { company: string; taxId: string | null; address: string | null }[] }>(page.request, 'GET', '/page/company/listV2', undefined, token, orgId);
    expect(list.items.find((item) => item.company === '台積電')).toMatchObject({ taxId: '22099131', address: '新竹科學園區新竹市力行六路8號' });
  });
}
