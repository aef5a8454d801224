import { expect, test, type Page } from '@playwright/test';
import { apiCall, expectAccessible, signIn, text } from './support/journey.ts';

// Issue 21, defect 6 and small things: the screens a new user meets first, at the size they were reported at.
test.setTimeout(180_000);
test.use({ viewport: { width: 1440, height: 900 } });

async function createContact(page: Page, token: string, orgId: string, firstName: string, lastName: string, mailbox: string): Promise<string> {
  const response = await page.request.post(`/api/customer?orgId=${orgId}`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { firstName, lastName, emails: JSON.stringify([{ value: `${mailbox}.long-address@example-international-holdings.com`, type: 'work' }]) },
  });
  const json = await response.json();
  expect(json.result, JSON.stringify(json)).toBe('success');
  return json.data.id as string;
}

test('contact list fits 1440 px, a long note is clamped, a deleted contact is not fetched again', async ({ page }) => {
  const { orgId, token } = await signIn(page);
  const id = await createContact(page, token, orgId, 'Elizabeth', 'Johnson', 'elizabeth');
  await createContact(page, token, orgId, '美玲', '陳', 'meiling');
  await apiCall(page.request, 'POST', '/notes', { entityType: 'contact', entityId: id, content: '會議紀錄：客戶關心交期與付款條件。'.repeat(180) }, token, orgId);

  // The list: every built-in column visible, no horizontal scrolling inside the table or the page.
  await page.goto(`/${orgId}/contact/list`);
  await expect(page.getByRole('link', { name: /Elizabeth/ })).toBeVisible();
  const overflow = await page.evaluate(() => {
    const body = document.querySelector('.record-table .ant-table-body, .record-table .ant-table-tbody-virtual-holder') as HTMLElement | null;
    return { page: document.documentElement.scrollWidth - window.innerWidth, table: body ? body.scrollWidth - body.clientWidth : 0 };
  });
  expect(overflow.page).toBeLessThanOrEqual(0);
  expect(overflow.table).toBeLessThanOrEqual(1);
  await expect(page.getByRole('columnheader', { name: text('contacts', 'fields.lastContactAt') })).toBeInViewport();
  await expectAccessible(page);

  // The detail page: a 3 000-character note shows a few lines, the page stays about one screen tall.
  await page.goto(`/${orgId}/contact/detail/${id}`);
  await expect(page.locator('.note-content')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(1400);

  // Delete from the detail page: back to the list, and nothing asks the server for the deleted record again.
  // Only requests made from here on: one the page sent before (its PDPA card's list, slow on a busy machine) may be
  // answered after the delete, with a 404 that no new request caused. And only once the page has settled: on a busy
  // machine the PDPA card (loaded after paint) mounted after the click and asked then (CI of 2026-12-07, passed on retry).
  await page.waitForLoadState('networkidle');
  const notFound: string[] = [];
  const askedAfter = new Set<object>();
  page.on('request', (request) => void askedAfter.add(request));
  page.on('response', (response) => {
    if (response.status() === 404 && askedAfter.has(response.request())) notFound.push(response.url());
  });
  await page.getByRole('button', { name: text('contacts', 'actions.delete'), exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: text('common', 'actions.delete'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${orgId}/contact/list$`));
  await expect(page.getByRole('link', { name: /陳/ })).toBeVisible();
  // The success message sits below the header (two rows at 1440 px), never over its buttons or tabs; measured
  // once its opening animation has settled.
  const toast = page.locator('.ant-message-notice').first();
  if (await toast.isVisible()) {
    const header = (await page.locator('.app-header').boundingBox())!;
    await page.waitForTimeout(400);
    // It may close between the two looks: a gone toast covers nothing (boundingBox would wait for it forever).
    const box = await toast.boundingBox({ timeout: 1_000 }).catch(() => null);
    if (box) expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
  }
  expect(notFound).toEqual([]);
});

test('week calendar opens on the working day with its day headers kept in view; the empty deal board and /org/create read well', async ({ page }) => {
  const { orgId, token } = await signIn(page);
  await apiCall(page.request, 'POST', '/task', { title: '週會：業務進度與本季目標檢討', startDate: '2026-11-24', startDateTime: '09:00', endDate: '2026-11-24', endDateTime: '10:00' }, token, orgId);

  await page.goto(`/${orgId}/calendar/week/2026/11/24`);
  // The feed loads after the calendar has rendered (and settles 700 ms after the range does).
  await expect(page.locator('.fc-event').first()).toBeVisible({ timeout: 30_000 });
  // Working hours, not midnight, at the top; the full title is there to read (wrapped, and on hover).
  await expect(page.locator('.fc-timegrid-slot-label[data-time="07:00:00"]')).toBeVisible();
  await expect(page.locator('.fc-timegrid-slot-label[data-time="00:00:00"]')).toHaveCount(0);
  await expect(page.locator('.fc-event').first()).toHaveAttribute('title', '週會：業務進度與本季目標檢討');
  // Scrolled down, the day headers stay visible right under the app header.
  await page.mouse.wheel(0, 600);
  await expect
    .poll(async () => page.locator('.fc-col-header').evaluate((header) => Math.round(header.getBoundingClientRect().top)))
    .toBeGreaterThanOrEqual(60);
  expect(await page.locator('.fc-col-header').evaluate((header) => header.getBoundingClientRect().top)).toBeLessThan(200);
  await expectAccessible(page);

  // The empty deal board: its button stands clear of the columns.
  await page.goto(`/${orgId}/deal/list`);
  const empty = page.getByTestId('deal-board-empty');
  await expect(empty.getByRole('button')).toBeVisible();
  const button = (await empty.getByRole('button').boundingBox())!;
  const firstColumn = (await page.locator('.deal-column').first().boundingBox())!;
  expect(button.y + button.height).toBeLessThan(firstColumn.y);

  // /org/create: the wordmark is dark on the light page (it was white on white).
  await page.goto('/org/create');
  const wordmark = page.locator('.brand-logo__name');
  await expect(wordmark).toBeVisible();
  expect(await wordmark.evaluate((element) => getComputedStyle(element).color)).not.toBe('rgb(255, 255, 255)');
});
