import { expect, test } from '@playwright/test';
import type { Backup } from '@lodestar/contract';
import { catalog, expectAccessible, screenshot, signIn } from './support/journey.ts';

// A backup job of a new workspace and eight screenshots on a shared machine.
test.setTimeout(120_000);

/**
 * Settings → Backup (issue 31): Back up now runs the job in the background and the list shows it done with its size,
 * until when it can be downloaded and the download; older jobs as the page shows them — an expired archive (removed
 * after the keeping period) and a failed restore — are added to the list's answer. Screenshots at both sizes and in
 * both languages, from one sign-up.
 */
test('backs up the workspace as a job and lists done, expired and failed jobs (zh-TW and en-US, desktop and phone)', async ({ page }) => {
  const { orgId } = await signIn(page);
  const older: Backup[] = [
    { ...base('00000000-0000-4000-8000-000000000001', 'workspace', 'expired'), fileBytes: 48_234_000 },
    { ...base('00000000-0000-4000-8000-000000000002', 'restore', 'failed'), errorCode: 'BACKUP_ARCHIVE_UNREADABLE' },
  ];
  await page.route(`**/api/backup?orgId=${orgId}`, async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const response = await route.fetch();
    const body = (await response.json()) as { data: { items: Backup[] } };
    body.data.items = [...body.data.items, ...older];
    await route.fulfill({ response, json: body });
  });
  for (const locale of ['zh-TW', 'en-US'] as const) {
    const t = catalog('backups', locale);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/${orgId}/settings/backup`);
    await page.evaluate((language) => localStorage.setItem('lodestar.language', language), locale);
    await page.reload();
    await expect(page.getByText(t('intro'))).toBeVisible({ timeout: 30_000 });
    if (locale === 'zh-TW') await page.getByRole('button', { name: t('start') }).click();
    const done = page.locator('.ant-list-item').filter({ has: page.getByText(t('state.done'), { exact: true }) });
    await expect(done.getByRole('button', { name: t('download') })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText(t('expired', { days: '7' }))).toBeVisible();
    await expect(page.getByText(t('failedRestore'))).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, `backup-desktop-${locale}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(done.getByRole('button', { name: t('download') })).toBeVisible();
    await screenshot(page, `backup-phone-${locale}`);
  }
});

function base(id: string, kind: Backup['kind'], state: Backup['state']): Backup {
  const day = '2026-11-20T09:30:00.000Z';
  return { id, kind, state, contactId: null, stepsDone: 46, stepsTotal: 46, rowsDone: 312_408, fileBytes: null, restoredOrgId: null, errorCode: null, createdAt: day, finishedAt: day, expiresAt: null };
}
