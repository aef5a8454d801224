import { expect, test } from '@playwright/test';
import { apiCall, catalog, expectAccessible, screenLocales, screenshotBothSizes, signIn } from './support/journey.ts';

// Issue 37 part 3: a schedule's field history with "restore this value", in its drawer like a contact's or deal's page.
for (const locale of screenLocales) {
  test(`a schedule's changed title is in its history and restored from the drawer (${locale})`, async ({ page }) => {
    // The calendar's reload waits after every navigation; a loaded 2-core machine needs more than a minute.
    test.setTimeout(180_000);
    const { orgId, token } = await signIn(page);
    const times = { startDate: '2026-12-15', startDateTime: '10:00', endDate: '2026-12-15', endDateTime: '11:00', repeatBy: 'none' };
    const created = await apiCall<{ id: string }>(page.request, 'POST', '/task', { title: '拜訪客戶', address: '台北市信義路一段1號', ...times }, token, orgId);
    await apiCall(page.request, 'POST', `/task/${created.id}`, { title: '電話追蹤', address: '台北市信義路一段1號', ...times, startDateTime: '14:00', endDateTime: '15:00' }, token, orgId);

    await page.goto(`/${orgId}/calendar/week/2026/12/15`);
    if (locale !== 'zh-TW') {
      await page.evaluate((language) => localStorage.setItem('lodestar.language', language), locale);
      await page.reload();
    }
    const s = catalog('schedules', locale);
    const h = catalog('history', locale);
    await page.locator('.fc-event').filter({ hasText: '電話追蹤' }).click();
    const drawer = page.getByRole('dialog', { name: s('editTitle') });
    await expect(drawer.getByLabel(s('fields.title'))).toHaveValue('電話追蹤');
    await drawer.getByRole('tab', { name: h('tab') }).click();
    const latest = drawer.getByTestId('history-entry').first();
    const titleChange = latest.locator('.history-change').filter({ hasText: s('fields.title') });
    await expect(titleChange).toContainText('拜訪客戶 → 電話追蹤');
    await expect(latest.locator('.history-change').filter({ hasText: s('fields.startTime') })).toContainText('10:00 → 14:00');
    await expectAccessible(page);
    await screenshotBothSizes(page, `schedule-history-${locale}`, async () => {
      await titleChange.scrollIntoViewIfNeeded();
      await expect(titleChange).toBeVisible();
    });

    await titleChange.getByRole('button', { name: h('restore') }).click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: h('restore') }).click();
    // The restore is a change of its own, and the drawer's form shows the old title again.
    await expect(drawer.getByTestId('history-entry').first()).toContainText('電話追蹤 → 拜訪客戶');
    await expect(drawer.getByLabel(s('fields.title'))).toHaveValue('拜訪客戶');
    await expect(page.locator('.fc-event').filter({ hasText: '拜訪客戶' })).toHaveCount(1);
  });
}
