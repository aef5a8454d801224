import { expect, test, type Page } from '@playwright/test';
import { catalog, expectAccessible, screenLocales, screenshot, signIn } from './support/journey.ts';

// An import, then its undo, on a shared machine: more than the default minute.
test.setTimeout(180_000);

const csv = ['Name,Email,Company,Tags', 'Ann Lee,ann@undo.example,Undo Works,"New, VIP"', 'Bob Wu,bob@undo.example,Undo Works,VIP', 'Cy Ho,cy@undo.example,Other Co,'].join('\n');

/** The import through the API (upload, keep the guessed mapping, run) until it is done; answers its id. */
async function importedThroughApi(page: Page, orgId: string, token: string): Promise<string> {
  const headers = { authorization: `Bearer ${token}` };
  const url = (path: string) => `/api/customer${path}?orgId=${orgId}`;
  const up = await page.request.post(url('/import'), { headers, multipart: { file: { name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } } });
  const id = ((await up.json()) as { data: { id: string } }).data.id;
  const detail = (await (await page.request.get(url(`/import/detail/${id}`), { headers })).json()) as { data: { mapping: string[] } };
  await page.request.post(url(`/import/field/${id}`), { headers, data: { mapping: detail.data.mapping, duplicates: 'skip' } });
  await page.request.post(url(`/import/store/${id}`), { headers });
  await expect
    .poll(async () => ((await (await page.request.get(url(`/import/detail/${id}`), { headers })).json()) as { data: { state: string } }).data.state, { timeout: 60_000 })
    .toBe('done');
  return id;
}

for (const locale of screenLocales) {
  test(`undo runs as a job: the done page shows its progress, then "undone" (${locale}, desktop and phone)`, async ({ page }) => {
    const t = catalog('imports', locale);
    await page.addInitScript((language) => localStorage.setItem('lodestar.language', language), locale);
    const { orgId, token } = await signIn(page, { plan: 'subscribe_team' });
    const id = await importedThroughApi(page, orgId, token);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/${orgId}/import/done/contact?id=${id}`);
    await expect(page.getByRole('heading', { level: 1, name: t('doneTitle') })).toBeVisible({ timeout: 30_000 });

    // The undo of three contacts takes a moment: the detail is held at "2 of N" (N: the server's own count) so the
    // progress can be looked at; letting the server's answers through again shows the end.
    let hold = true;
    await page.route(`**/api/customer/import/detail/${id}?*`, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { state: string; undoDone: number; undoTotal: number } };
      if (hold && (body.data.state === 'undone' || body.data.state === 'undoing')) body.data = { ...body.data, state: 'undoing', undoDone: 2 };
      await route.fulfill({ response, json: body });
    });
    await page.getByRole('button', { name: t('undo') }).click();
    await page.locator('.ant-popconfirm').getByRole('button').last().click();
    await expect(page.getByRole('heading', { level: 1, name: t('undoing') })).toBeVisible({ timeout: 30_000 });
    // Three contacts, two companies (Undo Works, Other Co) and two tags (New, VIP): 7 things to undo.
    await expect(page.getByText(t('undoProgress', { done: '2', total: '7' }))).toBeVisible();
    await expect(page.getByRole('progressbar')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, `import-undoing-desktop-${locale}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, `import-undoing-phone-${locale}`);

    hold = false;
    await expect(page.getByRole('heading', { level: 1, name: t('undoneTitle') })).toBeVisible({ timeout: 30_000 });
    await expectAccessible(page);
    await screenshot(page, `import-undone-phone-${locale}`);
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, `import-undone-desktop-${locale}`);

    // The contacts and the companies the import created are gone.
    await page.goto(`/${orgId}/company/list`);
    await expect(page.getByText(catalog('companies', locale)('empty'))).toBeVisible({ timeout: 30_000 });
  });
}
