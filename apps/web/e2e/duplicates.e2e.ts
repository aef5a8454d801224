import { expect, test } from '@playwright/test';
import { recordFieldTitle } from '@lodestar/contract';
import { apiCall, catalog, expectAccessible, screenshotBothSizes, signIn } from './support/journey.ts';

const d = catalog('duplicates');

/**
 * Issue 37: one person typed twice (0912-345-678 and +886 912 345 678, 陈 and 陳) is found as a possible duplicate,
 * merged keeping the chosen values, and the merge is undone.
 */
test('finds a person entered twice, merges them picking the values, and undoes the merge', async ({ page }) => {
  test.setTimeout(120_000);
  const { orgId, token } = await signIn(page);
  const api = <T>(path: string, body: unknown) => apiCall<T>(page.request, 'POST', path, body, token, orgId);
  await api('/customer', { firstName: '美玲', lastName: '陳', position: '經理', phones: [{ value: '0912-345-678', type: 'mobile' }] });
  await api('/customer', { firstName: '美玲', lastName: '陈', position: '協理', phones: [{ value: '+886 912 345 678', type: 'mobile' }], emails: [{ value: 'meiling@example.com' }] });

  // The outbox consumer scores new records within seconds: reload until the pair is listed.
  const pair = page.getByRole('button', { name: /美玲/ }).filter({ has: page.locator('.anticon-merge-cells') });
  await expect(async () => {
    await page.goto(`/${orgId}/duplicates?kind=contact`);
    await expect(page.getByRole('heading', { level: 1, name: d('title') })).toBeVisible();
    await expect(pair).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 40_000 });
  await expect(page.getByText(d('reasons.phone'), { exact: true })).toBeVisible();
  await expect(page.getByText(d('reasons.name'), { exact: true })).toBeVisible();
  await expectAccessible(page);
  await screenshotBothSizes(page, 'duplicates-list');

  await pair.click();
  const dialog = page.getByRole('dialog', { name: d('mergeDialog.title') });
  await expect(dialog).toBeVisible();
  // Keep the second record's position (協理).
  await dialog.getByRole('radio', { name: d('mergeDialog.pick', { field: recordFieldTitle('zh-TW', 'contact', 'position')!, n: '2' }) }).check();
  await screenshotBothSizes(page, 'duplicates-merge-dialog');
  await dialog.getByRole('button', { name: d('mergeDialog.confirm') }).click();
  await expect(dialog).toBeHidden();
  await expect(pair).toBeHidden();

  const history = page.getByRole('listitem').filter({ hasText: '美玲' }).first();
  await expect(history).toBeVisible();
  await screenshotBothSizes(page, 'duplicates-merged');
  await history.getByRole('button', { name: d('history.undo') }).click();
  await expect(page.getByText(d('notices.undone'))).toBeVisible();
  // Both records are back and scored again within seconds; the open page refreshes its pairs by itself.
  await expect(pair).toBeVisible({ timeout: 30_000 });

  await page.evaluate(() => localStorage.setItem('lodestar.language', 'en-US'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: catalog('duplicates', 'en-US')('title') })).toBeVisible();
  await screenshotBothSizes(page, 'duplicates-list-en-US');
  await pair.click();
  await screenshotBothSizes(page, 'duplicates-merge-dialog-en-US');
});
