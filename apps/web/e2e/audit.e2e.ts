import { expect, test } from '@playwright/test';
import { allScreens, apiCall, catalog, expectAccessible, screenshotBothSizes, signIn } from './support/journey.ts';

const history = catalog('history');
const historyEn = catalog('history', 'en-US');
const audit = catalog('audit-log');
const auditEn = catalog('audit-log', 'en-US');

/**
 * Issue 37's history and audit log (docs/decisions/0023-history-and-audit-log.md): a deal's amount is changed, its
 * History tab shows who changed it from what to what, and the old value is restored; the administrator opens the
 * audit log and filters it to the API key created a moment ago.
 */
test('a deal amount change is in its history and restored; the audit log is filtered by type', async ({ page }) => {
  test.setTimeout(allScreens ? 180_000 : 90_000);
  const { orgId, token } = await signIn(page);
  const deal = await apiCall<{ dealId: string }>(page.request, 'POST', '/deal', { name: '港務起重機汰換', amount: '1200000', startDate: '2026-11-01', estimatedEndDate: '2027-01-31' }, token, orgId);
  const changed = await page.request.fetch(`/api/deal/${deal.dealId}?orgId=${orgId}`, { method: 'PUT', data: { amount: '980000' }, headers: { authorization: `Bearer ${token}` } });
  expect(changed.status()).toBe(200);
  await apiCall(page.request, 'POST', '/settings/api-keys', { name: 'Zapier 訂單', scopes: ['contacts:read'] }, token, orgId);

  await page.goto(`/${orgId}/deal/detail/${deal.dealId}`);
  await page.getByRole('tab', { name: history('tab') }).click();
  const latest = page.getByTestId('history-entry').first();
  await expect(latest.getByText(/1200000 → 980000/)).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page);
  await screenshotBothSizes(page, 'audit-history', () => expect(latest).toBeVisible());

  await latest.getByRole('button', { name: history('restore') }).click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: history('restore') }).click();
  await expect(page.getByTestId('history-entry').first().getByText(/980000 → 1200000/)).toBeVisible();

  await page.goto(`/${orgId}/settings/auditLog`);
  await expect(page.getByRole('heading', { name: audit('title'), level: 1 })).toBeVisible({ timeout: 30_000 });
  // The chain check runs on opening the page: every entry so far is intact.
  await expect(page.getByTestId('audit-verdict')).toHaveClass(/success/);
  await page.getByLabel(audit('filters.type')).fill(audit('types.apiKeyCreated'));
  await page.locator('.ant-select-dropdown:visible').getByTitle(audit('types.apiKeyCreated'), { exact: true }).click();
  await expect(page.getByRole('row', { name: /Zapier 訂單/ })).toBeVisible();
  await expectAccessible(page);
  await screenshotBothSizes(page, 'audit-log', () => expect(page.getByRole('row', { name: /Zapier 訂單/ })).toBeVisible());

  // The same screens in English.
  await page.getByTestId('language-picker').click();
  await page.getByRole('option', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: auditEn('title'), level: 1 })).toBeVisible({ timeout: 30_000 });
  await screenshotBothSizes(page, 'audit-log-en-US', () => expect(page.getByRole('heading', { name: auditEn('title'), level: 1 })).toBeVisible());
  await page.goto(`/${orgId}/deal/detail/${deal.dealId}`);
  await page.getByRole('tab', { name: historyEn('tab') }).click();
  await expect(page.getByTestId('history-entry').first()).toBeVisible({ timeout: 30_000 });
  await screenshotBothSizes(page, 'audit-history-en-US', () => expect(page.getByTestId('history-entry').first()).toBeVisible());
});
