import { expect, test, type Page } from '@playwright/test';
import { apiCall, catalog, expectAccessible, screenshot, signIn, text } from './support/journey.ts';

const s = catalog('schedules');

/** The centre of a time slot in one day column of the week/day view. */
async function slotPoint(page: Page, date: string, time: string) {
  const column = (await page.locator(`.fc-timegrid-col[data-date="${date}"]`).boundingBox())!;
  const row = page.locator(`.fc-timegrid-slot-lane[data-time="${time}"]`);
  // Centred, not at an edge: a drag that ends near the scroller's edge makes FullCalendar auto-scroll, and on a
  // busy machine it scrolls long enough to drop the event a slot later.
  await row.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const lane = (await row.boundingBox())!;
  return { x: column.x + column.width / 2, y: lane.y + lane.height / 2 };
}

/** A drawer as the user sees it: the viewport with the drawer scrolled to its top (a full-page shot cuts it). */
async function drawerScreenshot(page: Page, name: string) {
  await page.locator('.ant-drawer-open .ant-drawer-body').evaluate((body) => body.scrollTo(0, 0));
  await screenshot(page, name, { fullPage: false });
}

/** Now + minutes as a wall-clock date and time in Asia/Taipei (the journeys' browser zone). */
function taipei(minutesFromNow: number) {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .formatToParts(new Date(Date.now() + minutesFromNow * 60_000))
    .reduce<Record<string, string>>((all, part) => ({ ...all, [part.type]: part.value }), {});
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

test('create a weekly schedule from an empty week slot, drag one occurrence, complete it, see the work reminder', async ({ page, request }) => {
  // A long journey on a 2-core machine: the calendar's reload waits 700 ms after every navigation.
  test.setTimeout(180_000);
  const { orgId } = await signIn(page);

  // An activity item to pick on schedules (settings › activity items).
  const a = catalog('activity-items');
  await page.goto(`/${orgId}/settings/activityList`);
  await page.getByRole('button', { name: a('items.create') }).click();
  const itemDialog = page.getByRole('dialog', { name: a('items.create') });
  await itemDialog.getByLabel(a('fields.name')).fill('客戶拜訪');
  await itemDialog.getByLabel(a('fields.point')).fill('3');
  await itemDialog.getByRole('button', { name: text('common', 'actions.submit') }).click();
  await expect(page.getByRole('cell', { name: '客戶拜訪', exact: true })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'settings-activity-items');

  // The Calendar tab opens this week; the journey works on the week of 2026-11-23.
  await page.goto(`/${orgId}/index`);
  await page.getByRole('link', { name: text('common', 'layout.calendar'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${orgId}/calendar/week/\\d{4}/\\d{2}/\\d{2}$`));
  await page.goto(`/${orgId}/calendar/week/2026/11/23`);
  await expect(page.locator('.fc-timegrid-col[data-date="2026-11-24"]')).toBeVisible();

  // Click the empty slot Tuesday 10:00: the drawer opens preset with that day and time.
  const slot = await slotPoint(page, '2026-11-24', '10:00:00');
  await page.mouse.click(slot.x, slot.y);
  const drawer = page.getByRole('dialog', { name: s('createTitle') });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByLabel(s('fields.startDate'))).toHaveValue('2026-11-24');
  await expect(drawer.getByLabel(s('fields.endDate'))).toHaveValue('2026-11-24');
  await expect(drawer.locator('.ant-select').filter({ has: page.getByLabel(s('fields.startTime')) })).toContainText('10:00');
  await expect(drawer.locator('.ant-select').filter({ has: page.getByLabel(s('fields.endTime')) })).toContainText('11:00');

  await drawer.getByLabel(s('fields.title')).fill('拜訪客戶');
  await drawer.getByRole('checkbox', { name: s('activityOption', { name: '客戶拜訪', point: '3' }) }).check();
  await expect(drawer.getByText(s('activityScore', { score: '3' }))).toBeVisible();
  await drawer.getByLabel(s('fields.category')).click();
  await page.locator('.ant-select-item-option').filter({ hasText: s('categories.visit') }).click();
  await drawer.getByLabel(s('fields.repeatBy')).click();
  await page.locator('.ant-select-item-option').filter({ hasText: s('repeatBy.week') }).click();
  await drawer.getByLabel(s('fields.repeatDuring')).click();
  await page.locator('.ant-select-item-option').filter({ hasText: s('repeatDuring.number') }).click();
  // docs/product.md#validation: the count takes digits only, at most three.
  await drawer.getByLabel(s('fields.repeatCount')).fill('1a0');
  await expect(drawer.getByLabel(s('fields.repeatCount'))).toHaveValue('10');
  await drawer.getByLabel(s('fields.notice')).click();
  await page.locator('.ant-select-item-option').filter({ hasText: s('notice.600') }).click();
  await drawer.getByLabel(s('fields.address')).fill('台北市信義區松高路 1 號');
  await expectAccessible(page);
  await drawerScreenshot(page, 'calendar-drawer');
  await drawer.getByRole('button', { name: text('common', 'actions.submit') }).click();
  await expect(drawer).toBeHidden();

  const event = page.locator('.fc-event').filter({ hasText: '拜訪客戶' });
  await expect(event).toHaveCount(1);
  await expect(page.locator('.fc-timegrid-col[data-date="2026-11-24"] .fc-event')).toContainText('拜訪客戶');
  // The series goes on: next week (its first day in the address) shows the next occurrence.
  await page.locator('.fc-next-button').click();
  await expect(page).toHaveURL(new RegExp(`/calendar/week/2026/11/29$`));
  await expect(page.locator('.fc-timegrid-col[data-date="2026-12-01"] .fc-event')).toContainText('拜訪客戶');
  await page.goBack();
  await expect(page.locator('.fc-timegrid-col[data-date="2026-11-24"] .fc-event')).toContainText('拜訪客戶');
  await expectAccessible(page);
  await screenshot(page, 'calendar-week');

  // Drag this occurrence to Thursday 14:00; only this occurrence moves.
  await event.scrollIntoViewIfNeeded();
  const target = await slotPoint(page, '2026-11-26', '14:00:00');
  const box = (await event.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + 8);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 10, box.y + 20, { steps: 4 });
  await page.mouse.move(target.x, target.y, { steps: 15 });
  await page.mouse.up();
  const scope = page.getByRole('dialog', { name: s('scope.moveTitle') });
  await expect(scope).toBeVisible();
  await expect(scope.getByRole('radio', { name: s('scope.this'), exact: true })).toBeChecked();
  await scope.getByRole('button', { name: text('common', 'actions.submit') }).click();
  await expect(page.getByText(s('notices.moved')).first()).toBeVisible();
  await expect(page.locator('.fc-timegrid-col[data-date="2026-11-26"] .fc-event')).toContainText('拜訪客戶');
  await expect(page.locator('.fc-timegrid-col[data-date="2026-11-24"] .fc-event')).toHaveCount(0);
  await page.reload();
  await expect(page.locator('.fc-timegrid-col[data-date="2026-11-26"] .fc-event')).toContainText('14:00');

  // Open the moved occurrence and complete it.
  await page.locator('.fc-timegrid-col[data-date="2026-11-26"] .fc-event').click();
  const edit = page.getByRole('dialog', { name: s('editTitle') });
  await expect(edit.getByLabel(s('fields.title'))).toHaveValue('拜訪客戶');
  await edit.getByRole('button', { name: s('markCompleted') }).click();
  await expect(edit.getByText(s('status.completed'), { exact: true })).toBeVisible();
  await drawerScreenshot(page, 'calendar-drawer-edit');
  await edit.getByRole('button', { name: text('common', 'actions.cancel') }).click();
  await expect(edit).toBeHidden();
  await expect(page.locator('.fc-timegrid-col[data-date="2026-11-26"] .calendar-event--completed')).toHaveCount(1);

  // Filters: Completed keeps it, Uncompleted hides it.
  const filters = page.getByRole('radiogroup', { name: s('filters.label') }).or(page.getByLabel(s('filters.label')));
  await filters.getByText(s('filters.uncompleted'), { exact: true }).click();
  await expect(page.locator('.fc-event').filter({ hasText: '拜訪客戶' })).toHaveCount(0);
  await filters.getByText(s('filters.completed'), { exact: true }).click();
  await expect(page.locator('.fc-event').filter({ hasText: '拜訪客戶' })).toHaveCount(1);
  await filters.getByText(s('filters.all'), { exact: true }).click();

  // Day and month views, in the address too.
  await page.locator('.fc-timeGridDay-button').click();
  await expect(page).toHaveURL(new RegExp(`/calendar/day/2026/11/23$`));
  await page.goto(`/${orgId}/calendar/day/2026/11/26`);
  await expect(page.locator('.fc-event').filter({ hasText: '拜訪客戶' })).toBeVisible();
  await screenshot(page, 'calendar-day');
  // The reminder popup asks once when it mounts (after the start page's first data), then every 30 s, and the server
  // answers a reminder once: the schedule below must be created after that first ask, or this page would take it.
  const firstReminderPoll = page.waitForResponse((response) => response.url().includes('/api/schedule/reminder'));
  await page.goto(`/${orgId}/calendar/month/2026/11/23`);
  await expect(page.locator('.fc-daygrid-day[data-date="2026-11-26"] .fc-event')).toContainText('拜訪客戶');
  await expect(page.locator('.fc-daygrid-day[data-date="2026-12-01"] .fc-event')).toContainText('拜訪客戶');
  await screenshot(page, 'calendar-month');

  // A schedule starting in 5 minutes with a 10-minute reminder: its reminder time has come.
  await firstReminderPoll;
  const token = await page.evaluate(() => localStorage.getItem('lodestar.token'));
  const start = taipei(5);
  const end = taipei(65);
  await apiCall(
    request,
    'POST',
    '/task',
    { title: '提醒我打電話', category: 'phone', startDate: start.date, startDateTime: start.time, endDate: end.date, endDateTime: end.time, notice: 600 },
    token!,
    orgId,
  );
  await page.reload();
  const reminder = page.getByRole('dialog', { name: s('reminder.title') });
  await expect(reminder).toBeVisible({ timeout: 15_000 });
  await expect(reminder).toContainText('提醒我打電話');
  await expect(reminder).toContainText(start.time);
  await screenshot(page, 'calendar-reminder');
  await reminder.getByRole('button', { name: s('reminder.dismiss') }).click();
  await expect(reminder).toBeHidden();
  // Shown once: after a reload it does not come back.
  await page.reload();
  await expect(page.locator('.fc')).toBeVisible();
  await page.waitForTimeout(1500);
  await expect(page.getByRole('dialog', { name: s('reminder.title') })).toHaveCount(0);
});

test('add a schedule from a client page: the client is preset, the title suggests earlier schedules', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { orgId } = await signIn(page);
  await page.goto(`/${orgId}/index`);
  const token = (await page.evaluate(() => localStorage.getItem('lodestar.token')))!;
  const contact = await apiCall<{ id: string }>(request, 'POST', '/customer', { firstName: '美玲', lastName: '陳' }, token, orgId);
  await apiCall(request, 'POST', '/task', { title: '季度業務檢討', startDate: '2026-11-20', startDateTime: '09:00', endDate: '2026-11-20', endDateTime: '10:00', address: '台中辦公室' }, token, orgId);

  await page.goto(`/${orgId}/contact/detail/${contact.id}`);
  await page.getByRole('button', { name: s('addSchedule') }).click();
  const drawer = page.getByRole('dialog', { name: s('createTitle') });
  await expect(drawer.getByLabel(s('fields.client'))).toContainText('陳美玲');

  // Suggestions come 2 s after typing stops, from 2 characters; picking one copies its place.
  const title = drawer.getByLabel(s('fields.title'));
  await title.fill('季度');
  const suggestion = page.locator('.ant-select-item-option').filter({ hasText: '季度業務檢討' });
  await expect(suggestion).toBeVisible({ timeout: 8_000 });
  // The list can re-render under the pointer on a loaded machine (the click then lands on the old option): pick again
  // until the title took it.
  await expect(async () => {
    if ((await title.inputValue()) !== '季度業務檢討') await suggestion.click({ timeout: 2_000 });
    await expect(title).toHaveValue('季度業務檢討', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(drawer.getByLabel(s('fields.address'))).toHaveValue('台中辦公室');
  // No match: the list stays closed.
  await title.fill('無此行程');
  await page.waitForTimeout(2_500);
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await title.fill('拜訪陳小姐');
  await drawer.getByRole('button', { name: text('common', 'actions.submit') }).click();
  // The brief message first: it shows for 3 s from the answer, which a loaded machine's drawer animation can outlast.
  await expect(page.getByText(s('notices.created')).first()).toBeVisible();
  await expect(drawer).toBeHidden();
});
