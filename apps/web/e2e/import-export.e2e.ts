import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import type { ImportKind, Locale } from '@lodestar/contract';
import { apiCall, catalog, dismissWorkReminders, expectAccessible, screenshot, signIn } from './support/journey.ts';

// Upload, check, run and undo on a shared machine: more than the default minute.
test.setTimeout(180_000);

const csv = ['姓名,電子郵件,手機,興趣', '林志玲,lin@example.com,0911-111-111,潛水', '周杰倫,jay@example.com,0922-222-222,音樂', '壞資料,not-an-email,,'].join('\r\n');

test('import a CSV with a Chinese header row, add a column as a new field, see the done page, undo; export the list and read it back', async ({ page }) => {
  const t = catalog('imports');
  const { orgId, token } = await signIn(page);

  // From the contact list to the import page; the file goes up and the check step opens.
  await page.goto(`/${orgId}/contact/list`);
  await page.getByRole('button', { name: t('importButton') }).click();
  await expect(page).toHaveURL(new RegExp(`/${orgId}/import/contact$`));
  await page.locator('input[type=file]').setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${csv}`) });
  await expect(page.getByRole('heading', { level: 1, name: t('checkTitle') })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${orgId}/import/contact/[0-9a-f-]{36}$`));

  // Guessed mapping: 姓名 → name, 興趣 → a new custom field; the bad email is listed before anything is written.
  await expect(page.getByRole('combobox', { name: `${t('target')}: 姓名` })).toBeVisible();
  await expect(page.locator('.ant-select').filter({ hasText: t('newField') })).toHaveCount(1);
  await expect(page.getByRole('cell', { name: 'not-an-email' }).or(page.getByText(t('problems')))).toBeVisible();
  await expect(page.getByRole('cell', { name: '電子郵件', exact: true }).last()).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'import-check-zh-TW');

  // Run it: the done page counts what was created and what failed.
  await page.getByRole('button', { name: t('start') }).click();
  await expect(page).toHaveURL(new RegExp(`/${orgId}/import/done/contact\\?id=`), { timeout: 60_000 });
  await expect(page.getByRole('heading', { level: 1, name: t('doneTitle') })).toBeVisible();
  await expect(page.locator('.ant-statistic').filter({ hasText: t('created') })).toContainText('2');
  await expect(page.locator('.ant-statistic').filter({ hasText: t('failed') })).toContainText('1');
  await expectAccessible(page);
  await screenshot(page, 'import-done-zh-TW');
  const doneUrl = page.url();

  // The contacts are in the list, with the new field.
  await page.getByRole('button', { name: t('kind.contact.toList') }).click();
  await expect(page.getByRole('link', { name: '林志玲' })).toBeVisible();
  await page.getByRole('link', { name: '林志玲' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '林志玲' })).toBeVisible();
  // The column added as a new field shows on the contact page (the import refreshes the cached field list).
  await expect(page.locator('.record-info').getByText('興趣')).toBeVisible();
  await expect(page.locator('.record-info').getByText('潛水')).toBeVisible();

  // Undo: they go away.
  await page.goto(doneUrl);
  await page.getByRole('button', { name: t('undo') }).click();
  await page.locator('.ant-popconfirm').getByRole('button').last().click();
  await expect(page.getByRole('heading', { level: 1, name: t('undoneTitle') })).toBeVisible();
  await page.goto(`/${orgId}/contact/list`);
  await expect(page.getByText(catalog('contacts')('empty'))).toBeVisible();

  // Export: a contact made through the API comes back in the downloaded CSV (with a BOM, Chinese headers).
  await apiCall(page.request, 'POST', '/customer', { firstName: '大明', lastName: '王', emails: [{ value: 'wang@example.com' }] }, token, orgId);
  await page.reload();
  await expect(page.getByRole('link', { name: '王大明' })).toBeVisible();
  await page.getByRole('button', { name: t('exportButton') }).click();
  const dialog = page.getByRole('dialog', { name: t('kind.contact.exportTitle') });
  await dialog.getByRole('radio', { name: t('kind.contact.rangeAll') }).check();
  await dialog.getByRole('radio', { name: 'CSV' }).check();
  await expectAccessible(page);
  await screenshot(page, 'export-dialog-zh-TW');
  const downloadPromise = page.waitForEvent('download');
  await dialog.getByRole('button', { name: t('exportButton') }).click();
  const download = await downloadPromise;
  const body = readFileSync((await download.path())!, 'utf8');
  // The header row's first cells (every field follows: the export carries them all).
  expect(body.slice(0, 40)).toMatch(/^\uFEFF姓名,姓,名,/);
  expect(body).toContain('王大明,王,大明');
  expect(body).toContain('wang@example.com');
});

/** From a list's Import button through the check step (screenshot) to the done page (screenshot). */
async function importThroughUi(page: Page, orgId: string, kind: ImportKind, locale: Locale, file: { name: string; mimeType: string; buffer: Buffer }) {
  const t = catalog('imports', locale);
  await page.getByRole('button', { name: t('importButton') }).click();
  await expect(page).toHaveURL(new RegExp(`/${orgId}/import/${kind}$`));
  await expect(page.getByRole('heading', { level: 1, name: t(`kind.${kind}.title`) })).toBeVisible();
  await page.locator('input[type=file]').setInputFiles(file);
  await expect(page.getByRole('heading', { level: 1, name: t('checkTitle') })).toBeVisible();
  await expect(page.getByText(t(`kind.${kind}.duplicates`))).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, `import-${kind}-check-${locale}`);
  await page.getByRole('button', { name: t('start') }).click();
  await expect(page).toHaveURL(new RegExp(`/${orgId}/import/done/${kind}\\?id=`), { timeout: 60_000 });
  await expect(page.getByRole('heading', { level: 1, name: t('doneTitle') })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, `import-${kind}-done-${locale}`);
  return t;
}

async function workbook(rows: (string | number | Date)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

test('import companies from an Excel workbook, then export the company list as XLSX and read it back', async ({ page }) => {
  const { orgId } = await signIn(page);
  await page.goto(`/${orgId}/company/list`);
  const buffer = await workbook([
    ['公司名稱', '統一編號', '電話', '地址', '標籤'],
    ['台灣積體電路', '10007919', '03-5636688', '新竹市', 'VIP'],
    ['=HYPERLINK("x")', '', '', '台北市', ''],
    ['', '12345678', '', '', ''],
  ]);
  const t = await importThroughUi(page, orgId, 'company', 'zh-TW', { name: 'companies.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
  await expect(page.locator('.ant-statistic').filter({ hasText: t('created') })).toContainText('2');
  await expect(page.locator('.ant-statistic').filter({ hasText: t('failed') })).toContainText('1');
  await page.getByRole('button', { name: t('kind.company.toList') }).click();
  await expect(page.getByRole('link', { name: '台灣積體電路' })).toBeVisible();

  // Export: XLSX by default, everything the user may see; the formula-like name comes back neutralised.
  await page.getByRole('button', { name: t('exportButton') }).click();
  const dialog = page.getByRole('dialog', { name: t('kind.company.exportTitle') });
  await dialog.getByRole('radio', { name: t('kind.company.rangeAll') }).check();
  await expectAccessible(page);
  await screenshot(page, 'export-company-dialog-zh-TW');
  const downloadPromise = page.waitForEvent('download');
  await dialog.getByRole('button', { name: t('exportButton') }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('companies.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await download.path())!);
  const names = book.worksheets[0]!.getColumn(1).values.filter(Boolean);
  // Both were created by one import chunk: their order in the list (last updated first) is a tie.
  expect(names[0]).toBe('公司名稱');
  // A text cell, never a formula: the value comes back as typed, without the CSV export's apostrophe.
  expect(names.slice(1).sort()).toEqual(['台灣積體電路', '=HYPERLINK("x")'].sort());
});

test('import deals in English, and in Chinese into the same workspace (check and done pages in both languages)', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lodestar.language', 'en-US'));
  const { orgId } = await signIn(page, { plan: 'subscribe_team' });
  await page.goto(`/${orgId}/deal/list?view=list`);
  const en = ['Deal name,Amount,Start date,Expected close,Company', 'ERP rollout,"120,000",2026/1/5,2026-03-31,Formosa Steel', 'No amount,,2026-01-01,2026-02-01,'].join('\n');
  const t = await importThroughUi(page, orgId, 'deal', 'en-US', { name: 'deals.csv', mimeType: 'text/csv', buffer: Buffer.from(en) });
  await expect(page.locator('.ant-statistic').filter({ hasText: t('created') })).toContainText('1');
  await expect(page.getByRole('cell', { name: t('fields.amount') })).toBeVisible();
  await page.getByRole('button', { name: t('kind.deal.toList') }).click();
  await expect(page.getByRole('link', { name: 'ERP rollout' })).toBeVisible();

  await page.evaluate(() => localStorage.setItem('lodestar.language', 'zh-TW'));
  await page.addInitScript(() => localStorage.setItem('lodestar.language', 'zh-TW'));
  await page.reload();
  const zh = ['商機名稱,金額,開始日期,預計結案日期', '年度維護合約,36000,2026-02-01,2026-12-31', 'ERP rollout,150000,2026-01-05,2026-03-31'].join('\n');
  const tw = await importThroughUi(page, orgId, 'deal', 'zh-TW', { name: '商機.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${zh}`) });
  // The second row names a deal that exists: skipped (the default choice).
  await expect(page.locator('.ant-statistic').filter({ hasText: tw('created') })).toContainText('1');
  await expect(page.locator('.ant-statistic').filter({ hasText: tw('skipped') })).toContainText('1');
});

/** Today and the week's calendar address in Asia/Taipei (the journeys' browser zone). */
function taipeiToday() {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  return { date, path: `calendar/week/${date.replaceAll('-', '/')}` };
}

/** The calendar's Export: the dates shown, as XLSX (the default); answers the first sheet's rows. */
async function exportShownWeek(page: Page, locale: Locale): Promise<ExcelJS.CellValue[][]> {
  const t = catalog('imports', locale);
  await screenshot(page, `calendar-tools-${locale}`);
  await page.getByRole('button', { name: t('exportButton') }).click();
  const dialog = page.getByRole('dialog', { name: t('kind.schedule.exportTitle') });
  await expect(dialog.getByRole('radio').first()).toBeChecked();
  await expectAccessible(page);
  await screenshot(page, `export-schedule-dialog-${locale}`);
  const downloadPromise = page.waitForEvent('download');
  await dialog.getByRole('button', { name: t('exportButton') }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('schedules.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await download.path())!);
  return book.worksheets[0]!.getSheetValues().filter(Boolean).map((r) => (r as ExcelJS.CellValue[]).slice(1));
}

test('import schedules from a Chinese CSV on the calendar, see one in the week, export the week as XLSX and read it back', async ({ page }) => {
  const { orgId } = await signIn(page);
  // The imported visit is today at 10:00 with a reminder 10 minutes before: after 09:50 Taipei time the popup opens.
  await dismissWorkReminders(page);
  const today = taipeiToday();
  await page.goto(`/${orgId}/${today.path}`);
  const zh = ['主題,開始時間,結束時間,地點,提醒', `拜訪台積電,${today.date.replaceAll('-', '/')} 10:00,${today.date} 11:30,新竹,10 分鐘前`, '日期錯誤,2026-02-30 10:00,,,'].join('\r\n');
  const t = await importThroughUi(page, orgId, 'schedule', 'zh-TW', { name: '行程.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${zh}`) });
  await expect(page.locator('.ant-statistic').filter({ hasText: t('created') })).toContainText('1');
  await expect(page.locator('.ant-statistic').filter({ hasText: t('failed') })).toContainText('1');

  // The done page leads back to the calendar, where the imported schedule shows in this week.
  await page.getByRole('button', { name: t('kind.schedule.toList') }).click();
  await expect(page.locator('.fc-event').filter({ hasText: '拜訪台積電' })).toBeVisible();
  const rows = await exportShownWeek(page, 'zh-TW');
  expect(rows[0]).toEqual(expect.arrayContaining(['標題', '開始時間', '結束時間', '地點', '提醒']));
  const title = rows[0]!.indexOf('標題');
  const row = rows.find((r) => r[title] === '拜訪台積電')!;
  expect(row).toEqual(expect.arrayContaining([`${today.date} 10:00`, `${today.date} 11:30`, '新竹', '10 分鐘前']));

  // The same in English: the check step and the export dialog in the other language.
  await page.evaluate(() => localStorage.setItem('lodestar.language', 'en-US'));
  await page.reload();
  const en = ['Subject,Start,End,Location', `Board meeting,${today.date} 15:00,${today.date} 16:00,Taipei 101`].join('\n');
  const e = await importThroughUi(page, orgId, 'schedule', 'en-US', { name: 'schedules.csv', mimeType: 'text/csv', buffer: Buffer.from(en) });
  await expect(page.locator('.ant-statistic').filter({ hasText: e('created') })).toContainText('1');
  await page.getByRole('button', { name: e('kind.schedule.toList') }).click();
  await expect(page.locator('.fc-event').filter({ hasText: 'Board meeting' })).toBeVisible();
  const english = await exportShownWeek(page, 'en-US');
  expect(english.map((r) => r[0])).toEqual(expect.arrayContaining(['Title', '拜訪台積電', 'Board meeting']));
});
