import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiCall, catalog, expectAccessible, screenshot, signIn, text } from './support/journey.ts';

// A long journey (two full page loads, three accessibility checks) on a shared machine.
test.setTimeout(300_000);

// The browser's calendar (playwright.config.ts: Asia/Taipei), which the statistics periods follow.
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei' }).format(new Date());
const [year, month] = today.split('-').map(Number) as [number, number];
const monthStart = `${today.slice(0, 7)}-01`;

test('won deals with a target show on the home dashboard and in statistics, and every figure opens its deals', async ({ page }) => {
  const { orgId, token } = await signIn(page, { plan: 'subscribe_team' });
  const stats = catalog('statistics');
  const dashboard = catalog('dashboard');
  const me = (await apiCall<{ id: string }>(page.request, 'GET', '/profile', undefined, token)).id;

  // A new workspace's home explains itself and leads to the first actions.
  await page.goto(`/${orgId}/index`);
  await expect(page.getByTestId('dashboard-getting-started')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole('link', { name: dashboard('start.deals') })).toBeVisible();

  // Two deals won this month ($1,200 + $800), one open deal expected to close this month, and a $4,000 target.
  const filters = await apiCall<{ stageTypes: { uuid: string; isDefault: boolean; stages: { id: number; label: string }[] }[] }>(page.request, 'GET', '/deals-filter', undefined, token, orgId);
  const type = filters.stageTypes.find((t) => t.isDefault)!;
  const firstStage = type.stages[0]!;
  const deal = (name: string, amount: string, extra: Record<string, unknown>) =>
    apiCall(page.request, 'POST', '/deal', { name, amount, startDate: monthStart, estimatedEndDate: today, ...extra }, token, orgId);
  await deal('年度維護合約', '1200', { stage: 1000, completedDate: today });
  await deal('門市導入', '800', { stage: 1000, completedDate: today });
  await deal('總部擴充案', '500', { stage: firstStage.id });
  await apiCall(page.request, 'POST', '/dealTarget', { year, month, target: '4000', uid: me }, token, orgId);
  // One deal lost today, and an open deal with a product expected to close today (ranked only with open deals).
  await deal('展店評估案', '300', { stage: -9999 });
  const product = await apiCall<{ id: string }>(page.request, 'POST', '/settings/product', { name: '雲端方案', color: '#13C2C2', defaultPrice: '600' }, token, orgId);
  await deal('分店升級案', '600', { stage: firstStage.id, products: [{ productId: product.id, name: '雲端方案', singlePrice: '600', quotedPrice: '600', num: 1 }] });
  // A department of one (me) with its own target this month: $5,000 instead of my $4,000.
  const department = await apiCall<{ id: string }>(page.request, 'POST', '/settings/department/create', { name: '北區業務部' }, token, orgId);
  const members = await apiCall<{ memberId: string; userId: string | null }[]>(page.request, 'GET', '/settings/user/list', undefined, token, orgId);
  const assigned = await page.request.fetch(`/api/settings/department/assign?orgId=${orgId}`, {
    method: 'PUT',
    data: { departmentId: department.id, memberIds: [members.find((m) => m.userId === me)!.memberId] },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(assigned.ok()).toBe(true);

  // The morning dashboard: this month's sales against the target, the deal expected to close.
  await page.goto(`/${orgId}/index`);
  await expect(page.getByTestId('dashboard-sales-won')).toHaveText('$2,000', { timeout: 90_000 });
  await expect(page.getByTestId('dashboard-expected').getByRole('link', { name: '總部擴充案' })).toBeVisible();
  await expect(page.getByTestId('dashboard-getting-started')).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'statistics-home-dashboard');

  // The sales card drills down to exactly the two won deals.
  await page.getByTestId('dashboard-sales-won').click();
  await expect(page.getByTestId('deal-drill')).toBeVisible();
  await expect(page.getByText(text('deals', 'total', { count: '2' }))).toBeVisible();

  // The Statistics tab: the period's won amount against the target.
  await page.getByRole('link', { name: text('common', 'layout.statistics'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${orgId}/statistics/dashboard`));
  await expect(page.getByTestId('figure-won')).toHaveText('$2,000');
  await expect(page.getByTestId('figure-target')).toHaveText('$4,000');
  await expect(page.getByTestId('figure-lost')).toHaveText(stats('figures.lost', { count: '1' }));
  await expectAccessible(page);
  await screenshot(page, 'statistics-dashboard');

  // A funnel stage opens the deal list filtered to it.
  await page.getByRole('link', { name: new RegExp(firstStage.label) }).first().click();
  await expect(page.getByTestId('deal-drill')).toBeVisible();
  await expect(page.getByRole('link', { name: '總部擴充案' })).toBeVisible();
  await expect(page.getByRole('link', { name: '門市導入' })).toHaveCount(0);
  await page.goBack();

  // Performance: change the period and the person; the figure stays and drills down to the same deals.
  await page.getByRole('link', { name: stats('screens.performance'), exact: true }).click();
  await expect(page.getByTestId('performance-won')).toHaveText('$2,000');
  await page.getByLabel(stats('period.label')).click();
  await page.locator('.ant-select-item-option').filter({ hasText: new RegExp(`^${stats('period.thisMonth')}$`) }).click();
  await expect(page).toHaveURL(/period=thisMonth/);
  await page.getByLabel(stats('who.label')).click();
  await page.locator('.ant-select-item-option').filter({ hasText: '王小明' }).click();
  await expect(page).toHaveURL(new RegExp(`uid=${me}`));
  await expect(page.getByTestId('performance-won')).toHaveText('$2,000');
  await page.getByTestId('performance-won').click();
  await expect(page.getByText(text('deals', 'total', { count: '2' }))).toBeVisible();
  await page.goBack();

  // The other screens answer for the same filter.
  await page.getByRole('link', { name: stats('screens.pointOpportunity'), exact: true }).click();
  await expect(page.getByTestId('expected-deals').getByRole('link', { name: '總部擴充案' })).toBeVisible();
  await page.getByRole('link', { name: stats('screens.performanceRanking'), exact: true }).click();
  await expect(page).toHaveURL(/performanceRanking/);
  await expect(page.locator('.stat-stack').getByRole('cell', { name: '王小明' })).toBeVisible();
  await expectAccessible(page);
  // The ranking's table as an Excel file, read back with a spreadsheet reader.
  await page.getByRole('button', { name: catalog('common')('export.button') }).first().click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: catalog('common')('export.xlsx') }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0]!;
  expect(sheet.getRow(1).values).toContain(stats('columns.person'));
  expect(sheet.getRow(2).values).toContain('王小明');
  expect(sheet.getRow(2).values).toContain(2000);
  // The lost count opens the deal list of exactly the deal lost in the period.
  await screenshot(page, 'statistics-sales-ranking');
  await page.getByTestId('ranking-lost').click();
  await expect(page.getByTestId('deal-drill')).toBeVisible();
  await expect(page.getByText(text('deals', 'total', { count: '1' }))).toBeVisible();
  await expect(page.getByRole('link', { name: '展店評估案' })).toBeVisible();
  await page.goBack();

  // Product ranking: won deals only (none has a product), then with the open deals expected in the period.
  await page.getByRole('link', { name: stats('screens.productRanking'), exact: true }).click();
  await expect(page.getByText(stats('empty.noProducts'))).toBeVisible();
  await page.getByRole('switch', { name: stats('productRanking.includeOpen') }).click();
  await expect(page).toHaveURL(/includeOpen=true/);
  await expect(page.getByTestId('product-ranking-basis')).toHaveText(stats('productRanking.explainWithOpen'));
  await expect(page.locator('.stat-stack').getByRole('cell', { name: '雲端方案' })).toBeVisible();
  await screenshot(page, 'statistics-product-ranking-with-open');
  await page.getByRole('button', { name: catalog('common')('export.button') }).first().click();
  const csvDownloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: catalog('common')('export.csv') }).click();
  const csv = await csvDownloading;
  expect(csv.suggestedFilename()).toMatch(/^product-ranking-won-and-open.*\.csv$/);
  await page.locator('.stat-stack').getByRole('link', { name: '雲端方案', exact: true }).click();
  await expect(page.getByTestId('deal-drill')).toBeVisible();
  await expect(page.getByRole('link', { name: '分店升級案' })).toBeVisible();
  await expect(page.getByText(text('deals', 'total', { count: '1' }))).toBeVisible();
  await page.goBack();

  // The department's performance: its members' sum until the department has its own target.
  await page.goto(`/${orgId}/statistics/performance?period=thisMonth&departmentId=${department.id}`);
  await expect(page.getByTestId('target-source')).toContainText(stats('performance.targetSource.members'), { timeout: 30_000 });
  await screenshot(page, 'statistics-performance-department-members');
  await page.evaluate(() => localStorage.setItem('lodestar.language', 'en-US'));
  await page.reload();
  await expect(page.getByTestId('target-source')).toContainText(catalog('statistics', 'en-US')('performance.targetSource.members'), { timeout: 30_000 });
  await screenshot(page, 'statistics-performance-department-members-en-US');
  await page.evaluate(() => localStorage.setItem('lodestar.language', 'zh-TW'));
  await page.goto(`/${orgId}/settings/performanceTarget`);
  const departmentCell = page.getByLabel(catalog('activity-report')('performanceTarget.departmentCell', { name: '北區業務部', month: String(month), year: String(year) }));
  await departmentCell.fill('5000');
  await departmentCell.press('Enter');
  await expect(page.getByText(catalog('activity-report')('performanceTarget.members', { amount: '$4,000' })).first()).toBeVisible();
  await screenshot(page, 'statistics-performance-target-department');
  await page.goto(`/${orgId}/statistics/performance?period=thisMonth&departmentId=${department.id}`);
  await expect(page.getByTestId('target-source')).toHaveText(stats('performance.targetSource.department'), { timeout: 30_000 });
  await screenshot(page, 'statistics-performance-department');

  // The same screens in English.
  await page.evaluate(() => localStorage.setItem('lodestar.language', 'en-US'));
  const en = catalog('statistics', 'en-US');
  await page.reload();
  await expect(page.getByTestId('target-source')).toHaveText(en('performance.targetSource.department'), { timeout: 30_000 });
  await screenshot(page, 'statistics-performance-department-en-US');
  await page.goto(`/${orgId}/statistics/productRanking?period=thisMonth&includeOpen=true`);
  await expect(page.getByTestId('product-ranking-basis')).toHaveText(en('productRanking.explainWithOpen'), { timeout: 30_000 });
  await screenshot(page, 'statistics-product-ranking-with-open-en-US');
  await page.goto(`/${orgId}/statistics/performanceRanking?period=thisMonth`);
  await expect(page.getByTestId('ranking-lost')).toBeVisible({ timeout: 30_000 });
  await screenshot(page, 'statistics-sales-ranking-en-US');
  await page.goto(`/${orgId}/statistics/dashboard?period=thisMonth`);
  await expect(page.getByTestId('figure-lost')).toHaveText(en('figures.lost', { count: '1' }), { timeout: 30_000 });
  await screenshot(page, 'statistics-dashboard-en-US');
  await page.goto(`/${orgId}/settings/performanceTarget`);
  await expect(page.getByText(catalog('activity-report', 'en-US')('performanceTarget.members', { amount: '$4,000' })).first()).toBeVisible({ timeout: 30_000 });
  await screenshot(page, 'statistics-performance-target-department-en-US');
});
