import { expect, test, type Locator, type Page } from '@playwright/test';
import { catalog, expectAccessible, fastCreate, screenshot, signIn, text } from './support/journey.ts';

/**
 * Clicks the first day with free times in the mini month calendar, once the month's times have loaded;
 * late on the last open day of a month there is none left, so the next month is tried.
 */
async function pickFirstFreeDay(scope: Page | Locator, pickDay: string, full: string, nextMonth: string) {
  await expect(scope.getByText(pickDay).or(scope.getByText(full)).first()).toBeVisible();
  if (await scope.getByText(full).isVisible()) {
    await scope.getByRole('button', { name: nextMonth }).click();
    await expect(scope.getByText(pickDay)).toBeVisible();
  }
  await scope.locator('.mini-calendar__day:not([disabled])').first().click();
}

/** Set-up calls of one workspace (any method; apiCall in support/journey.ts only GETs and POSTs). */
function orgApi(page: Page, orgId: string, token: string) {
  return async <T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> => {
    const response = await page.request.fetch(`/api${path}${path.includes('?') ? '&' : '?'}orgId=${orgId}`, { method, headers: { authorization: `Bearer ${token}` }, ...(body ? { data: body } : {}) });
    const json = await response.json();
    expect(json.result, JSON.stringify(json)).toBe('success');
    return json.data as T;
  };
}

const booking = catalog('booking');
const book = catalog('book');
const common = catalog('common');

test('the owner sets up a service with an add-on group and opens the public page; a customer books on a phone; staff complete it', async ({ page, browser }) => {
  const { orgId } = await signIn(page);
  // A long journey (three screens set up, a booking on a phone, completion) on a shared 2-core machine.
  // 1.4 min alone; beside another journey on two cores it has passed 150 s.
  test.setTimeout(240_000);
  const idName = `salon-${Date.now().toString(36)}`;

  // Reservation settings from the avatar menu: address name, two people at once, a Saturday with a break, public.
  await page.goto(`/${orgId}/index`);
  await page.getByTestId('avatar-menu').click();
  await page.getByRole('menuitem', { name: common('layout.reservationSetting') }).click();
  await expect(page.getByRole('heading', { level: 1, name: booking('setting.title') })).toBeVisible();
  await page.getByLabel(booking('setting.name')).fill('福爾摩沙髮廊');
  await page.getByLabel(booking('setting.idName')).fill(idName);
  await page.getByLabel(booking('setting.concurrentBooking')).fill('2');
  const saturday = booking('weekdays.6');
  await page.getByRole('switch', { name: booking('setting.openOn', { day: saturday }) }).click();
  await page.getByRole('button', { name: booking('setting.addBreak', { day: saturday }) }).click();
  await page.getByRole('switch', { name: booking('setting.isPublic') }).click();
  await page.getByRole('button', { name: common('actions.save') }).click();
  await expect(page.getByText(booking('notices.updated'))).toBeVisible();
  await expect(page.getByTestId('public-link')).toHaveValue(new RegExp(`/book/${idName}$`));
  await expectAccessible(page);
  // Full-page shots from the top (the sticky header would otherwise sit mid-page).
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'booking-setting');

  // Services: one charged service, then an add-on group offered with it and one item in the group.
  await page.getByRole('link', { name: booking('pages.service') }).click();
  await expect(page.getByText(booking('service.empty'))).toBeVisible();
  // A category first.
  await page.getByRole('button', { name: booking('category.manage') }).click();
  const categories = page.getByRole('dialog', { name: booking('category.title') });
  await categories.getByLabel(booking('category.new')).fill('美髮');
  await categories.getByRole('button', { name: booking('category.add') }).click();
  await expect(categories.getByRole('button', { name: booking('actions.editOne', { name: '美髮' }) })).toBeVisible();
  await expectAccessible(page);
  await categories.getByRole('button', { name: common('actions.close') }).last().click();
  await expect(categories).toBeHidden();
  await page.getByRole('button', { name: booking('service.create') }).first().click();
  let drawer = page.getByRole('dialog', { name: booking('service.create') });
  await drawer.getByLabel(booking('fields.title')).fill('剪髮');
  await drawer.getByLabel(booking('fields.category')).click();
  await page.locator('.ant-select-item-option').filter({ hasText: '美髮' }).click();
  await drawer.getByText(booking('payTypes.charge'), { exact: true }).click();
  await drawer.getByRole('radio', { name: booking('priceTypes.PriceBase') }).check();
  // Only the chosen price type's field is shown.
  await expect(drawer.getByLabel(booking('fields.price'), { exact: true })).toHaveCount(0);
  await drawer.getByRole('spinbutton', { name: booking('fields.priceBase') }).fill('800');
  await drawer.getByRole('button', { name: common('actions.submit') }).click();
  await expect(page.getByTestId('booking-service-row').filter({ hasText: '剪髮' })).toContainText('$800 起');
  await expect(page.getByTestId('booking-service-row').filter({ hasText: '剪髮' })).toContainText('美髮');
  // A second, free service, then moved first with the keyboard (dnd-kit) and the order saved.
  await page.getByRole('button', { name: booking('service.create') }).first().click();
  drawer = page.getByRole('dialog', { name: booking('service.create') });
  await drawer.getByLabel(booking('fields.title')).fill('諮詢');
  await drawer.getByRole('button', { name: common('actions.submit') }).click();
  await expect(page.getByTestId('booking-service-row')).toHaveCount(2);
  // The closing drawer hands focus back to its button: wait for it before taking the handle.
  await expect(drawer).toBeHidden();
  const handle = page.getByRole('button', { name: booking('actions.dragOne', { name: '諮詢' }) });
  const saveOrder = page.getByRole('button', { name: booking('actions.saveOrder') });
  // Under load a late refetch of the list (after the create) puts the saved order back and hides Save: move
  // again until the unsaved order is what the page shows, then save and wait for the notice before reading on.
  await expect(async () => {
    await handle.focus();
    await page.keyboard.press('Space');
    // dnd-kit measures the rows after the pick-up: move only once it shows the handle as pressed, and drop a
    // moment later, or a slow machine drops the row where it was.
    await expect(handle).toHaveAttribute('aria-pressed', 'true', { timeout: 2_000 });
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(300);
    await page.keyboard.press('Space');
    await expect(saveOrder).toBeVisible({ timeout: 2_000 });
    await expect(page.getByTestId('booking-service-row').first()).toContainText('諮詢', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await saveOrder.click();
  await expect(page.getByText(booking('notices.sorted'))).toBeVisible();
  await expect(saveOrder).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('booking-service-row').first()).toContainText('諮詢');
  await expect(page.getByTestId('booking-service-row').first()).toContainText(booking('price.free'));

  await page.getByRole('button', { name: booking('group.create') }).click();
  drawer = page.getByRole('dialog', { name: booking('group.create') });
  await drawer.getByLabel(booking('fields.groupTitle')).fill('加購項目');
  await drawer.getByRole('switch', { name: booking('fields.isRequired') }).click();
  await drawer.getByRole('checkbox', { name: '剪髮' }).check();
  await drawer.getByRole('button', { name: common('actions.submit') }).click();
  const group = page.getByTestId('booking-group-row').filter({ hasText: '加購項目' });
  await expect(group).toContainText(booking('group.offeredWith', { services: '剪髮' }));
  for (const [title, minutes] of [
    ['洗髮', '30'],
    ['護髮', '00'],
  ] as const) {
    await group.getByRole('button', { name: `${booking('item.add')} 加購項目` }).click();
    drawer = page.getByRole('dialog', { name: booking('item.create', { group: '加購項目' }) });
    await drawer.getByLabel(booking('fields.itemTitle')).fill(title);
    if (minutes === '30') {
      await drawer.getByLabel(booking('fields.minutes')).click();
      await page.locator('.ant-select-item-option').filter({ hasText: '30' }).click();
    } else {
      await drawer.getByRole('switch', { name: booking('fields.fixed') }).click();
    }
    await drawer.getByRole('button', { name: common('actions.submit') }).click();
    await expect(group.getByTestId('booking-item-row').filter({ hasText: title })).toBeVisible();
  }
  // The fixed item shows a lock instead of a drag handle.
  await expect(group.getByRole('img', { name: booking('item.fixedLabel') })).toHaveCount(1);
  await expectAccessible(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'booking-service');

  // A customer on a phone, no account: services and the add-on, a day and a time, contact details.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-TW', timezoneId: 'Asia/Taipei', isMobile: true, hasTouch: true });
  const customer = await phone.newPage();
  await customer.goto(`/book/${idName}`);
  await expect(customer.getByRole('heading', { level: 1, name: '福爾摩沙髮廊' })).toBeVisible();
  await expect(customer.getByText(book('calendar.pickServiceFirst')).first()).toBeVisible();
  // The visitor's language (zh-TW here), and a switcher.
  await customer.getByLabel(book('language')).selectOption('en-US');
  await expect(customer.getByRole('heading', { name: text('book', 'steps.services', {}, 'en-US') })).toBeVisible();
  await customer.getByLabel(text('book', 'language', {}, 'en-US')).selectOption('zh-TW');
  // Booking with nothing chosen says so in red; choosing a service clears it (it used to stay).
  await customer.getByRole('button', { name: book('submit'), exact: true }).click();
  const problem = customer.getByRole('alert').filter({ hasText: book('calendar.pickServiceFirst') });
  await expect(problem).toBeVisible();
  await customer.getByRole('checkbox', { name: /剪髮/ }).check();
  await expect(problem).toHaveCount(0);
  await customer.getByRole('checkbox', { name: /洗髮/ }).check();
  await customer.getByLabel(book('people.label')).selectOption('2');
  await pickFirstFreeDay(customer, book('calendar.pickDay'), book('calendar.full'), book('calendar.nextMonth'));
  const firstTime = customer.getByRole('radio').first();
  await firstTime.check();
  await customer.getByLabel(book('contact.name')).fill('林美玲');
  await customer.getByLabel(book('contact.phone')).fill('0912345678');
  await customer.getByLabel(book('contact.email')).fill(`mei-${Date.now()}@example.com`);
  await expectAccessible(customer);
  await screenshot(customer, 'booking-public-page');
  // A double click books once (one request key per attempt).
  await customer.getByRole('button', { name: book('submit') }).dblclick();
  await expect(customer.getByRole('heading', { name: book('done.title') })).toBeVisible();
  const number = await customer.getByTestId('book-number').innerText();
  await expectAccessible(customer);
  await screenshot(customer, 'booking-public-done');
  await phone.close();

  // Staff see it in my appointments (once) and complete it with confirmation.
  await page.getByRole('link', { name: booking('pages.appointments') }).click();
  const rows = page.getByTestId('appointment-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('林美玲');
  await expect(rows.first()).toContainText('剪髮 + 洗髮');
  await expect(rows.first()).toContainText(booking('appointments.fromPublic'));
  await expectAccessible(page);
  await screenshot(page, 'booking-appointments');
  await rows.first().getByRole('button', { name: new RegExp(booking('appointments.complete')) }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: booking('appointments.completeTitle', { number }) });
  await confirm.getByRole('button', { name: booking('appointments.complete') }).click();
  await expect(page.getByText(booking('appointments.empty.incomplete'))).toBeVisible();
  await page.getByText(booking('statusFilters.completed'), { exact: true }).click();
  await expect(rows.first()).toContainText(booking('statuses.completed'));

  // Staff book the same client from the fast-create menu: select service → additional services → service time.
  await fastCreate(page, common('layout.fastCreateReservation'));
  const create = page.getByRole('dialog', { name: booking('reservation.create') });
  // The time picker wants a service first (reserviceTip1).
  await create.getByRole('button', { name: booking('reservation.selectTime') }).click();
  await expect(page.getByText(booking('reservation.serviceFirst'))).toBeVisible();
  await create.getByRole('button', { name: booking('reservation.selectService'), exact: true }).click();
  const select = page.getByRole('dialog', { name: booking('reservation.selectService'), exact: true });
  await select.getByRole('checkbox', { name: '剪髮' }).check();
  await select.getByRole('button', { name: `${booking('reservation.addOns')} 剪髮` }).click();
  const addOns = page.getByRole('dialog', { name: booking('reservation.additionalTitle', { service: '剪髮' }) });
  await addOns.getByRole('checkbox', { name: '洗髮' }).check();
  // Single choice: another pick replaces the first.
  await addOns.getByRole('checkbox', { name: '護髮' }).check();
  await expect(addOns.getByRole('checkbox', { name: '洗髮' })).not.toBeChecked();
  await screenshot(page, 'booking-additional-services');
  await addOns.getByRole('button', { name: common('actions.confirm') }).click();
  await expect(select.getByRole('button', { name: new RegExp(booking('reservation.addOnsCount', { count: '1' })) })).toBeVisible();
  await screenshot(page, 'booking-select-service');
  await select.getByRole('button', { name: common('actions.confirm') }).click();
  await expect(create.getByTestId('reservation-services')).toContainText('剪髮 + 護髮');
  await create.getByRole('button', { name: booking('reservation.selectTime') }).click();
  const timeDialog = page.getByRole('dialog', { name: booking('reservation.selectTime') });
  await pickFirstFreeDay(timeDialog, booking('reservation.pickDay'), booking('reservation.fullTip'), booking('reservation.nextMonth'));
  await timeDialog.getByRole('radio').first().check();
  await expectAccessible(page);
  await screenshot(page, 'booking-service-time');
  await timeDialog.getByRole('button', { name: common('actions.confirm') }).click();
  await expect(create.getByTestId('reservation-time')).toBeVisible();
  await create.getByLabel(booking('fields.client')).click();
  const picker = page.getByRole('dialog', { name: text('contacts', 'picker.title') });
  await picker.getByText('林美玲', { exact: true }).click();
  await picker.getByRole('button', { name: text('contacts', 'picker.choose') }).click();
  await create.getByLabel(booking('fields.remark')).fill('熟客');
  await expectAccessible(page);
  await screenshot(page, 'booking-create-reservation');
  await create.getByRole('button', { name: common('actions.submit') }).click();
  await expect(create).toBeHidden();

  // It is incomplete; cancelling asks first.
  await page.getByText(booking('statusFilters.incomplete'), { exact: true }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('剪髮 + 護髮');
  await rows.first().getByRole('button', { name: new RegExp(booking('appointments.cancel')) }).click();
  const cancel = page.getByRole('dialog').filter({ hasText: '林美玲' });
  await cancel.getByRole('button', { name: booking('appointments.cancel') }).click();
  await expect(page.getByText(booking('appointments.empty.incomplete'))).toBeVisible();
});

test('the service drawer picks or creates add-on groups; the selected service items drawer reviews and removes picks before the time', async ({ page }) => {
  const { orgId, token } = await signIn(page);
  test.setTimeout(120_000);
  // Set up through the API: an all-day business, one service, one unattached group with a charged item.
  const api = orgApi(page, orgId, token);
  const hours = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, isOpen: true, start: '00:00', end: '24:00', breaks: [] }));
  await api('PUT', '/business', { idName: `spa-${Date.now().toString(36)}`, concurrentBooking: 2, isPublic: false, hours });
  const service = await api<{ id: string }>('POST', '/booking/service', { title: '臉部護理', payType: 'charge', priceType: 'PriceFixed', price: '1200', time: { hour: 1, minute: 0 } });
  const masks = await api<{ id: string }>('POST', '/booking/group', { title: '面膜' });
  await api('POST', `/booking/group/${masks.id}/item`, { title: '保濕面膜', payType: 'charge', priceType: 'PriceFixed', price: '300', time: { hour: 0, minute: 30 } });

  // Edit the service: pick the existing group by checkbox, then create a new one right there.
  await page.goto(`/${orgId}/business/service`);
  await page.getByRole('button', { name: booking('actions.editOne', { name: '臉部護理' }) }).click();
  const drawer = page.getByRole('dialog', { name: booking('service.edit') });
  const attached = drawer.getByTestId('service-groups');
  await expect(attached).toContainText(booking('group.noneAttached'));
  await drawer.getByRole('button', { name: booking('group.pick') }).click();
  const pick = page.getByRole('dialog', { name: booking('group.pick') });
  await pick.getByRole('checkbox', { name: /面膜/ }).check();
  await expectAccessible(page);
  await screenshot(page, 'booking-group-pick');
  await pick.getByRole('button', { name: common('actions.submit') }).click();
  await expect(pick).toBeHidden();
  await expect(attached).toContainText('面膜');
  await drawer.getByRole('button', { name: booking('group.createHere') }).click();
  const groupDrawer = page.getByRole('dialog', { name: booking('group.create') });
  await groupDrawer.getByLabel(booking('fields.groupTitle')).fill('按摩加購');
  // Opened from the service, the group is attached by the service: no "offered with" list.
  await expect(groupDrawer.getByText(booking('fields.groupServices'))).toHaveCount(0);
  await groupDrawer.getByRole('button', { name: common('actions.submit') }).click();
  await expect(groupDrawer).toBeHidden();
  await expect(attached).toContainText('按摩加購');
  await expectAccessible(page);
  await screenshot(page, 'booking-service-groups');
  await drawer.getByRole('button', { name: common('actions.submit') }).click();
  await expect(drawer).toBeHidden();
  const byService = await api<Array<{ title: string }>>('GET', `/booking/additional/groupByService?serviceId=${service.id}`);
  expect(byService.map((g) => g.title).sort()).toEqual(['按摩加購', '面膜'].sort());

  // Create reservation: the service with its add-on, then the selected items drawer.
  await fastCreate(page, common('layout.fastCreateReservation'));
  const create = page.getByRole('dialog', { name: booking('reservation.create') });
  await create.getByRole('button', { name: booking('reservation.selectService'), exact: true }).click();
  const select = page.getByRole('dialog', { name: booking('reservation.selectService'), exact: true });
  await select.getByRole('checkbox', { name: '臉部護理' }).check();
  await select.getByRole('button', { name: `${booking('reservation.addOns')} 臉部護理` }).click();
  const addOns = page.getByRole('dialog', { name: booking('reservation.additionalTitle', { service: '臉部護理' }) });
  await addOns.getByRole('checkbox', { name: '保濕面膜' }).check();
  await addOns.getByRole('button', { name: common('actions.confirm') }).click();
  await select.getByRole('button', { name: common('actions.confirm') }).click();
  await create.getByRole('button', { name: booking('reservation.reviewItems_other', { count: '1' }) }).click();
  const selected = page.getByRole('dialog', { name: booking('reservation.selectedItems') });
  const list = selected.getByTestId('selected-items');
  await expect(list).toContainText('臉部護理');
  await expect(list).toContainText('保濕面膜');
  const total = selected.getByTestId('selected-items-total');
  await expect(total).toContainText(booking('duration.hoursMinutes', { hours: '1', minutes: '30' }));
  await expect(total).toContainText('$1,500');
  await expectAccessible(page);
  await screenshot(page, 'booking-selected-items');
  // Removing the add-on updates the totals and the dialog's list.
  await selected.getByRole('button', { name: booking('reservation.removeItem', { name: '保濕面膜' }) }).click();
  await expect(list).not.toContainText('保濕面膜');
  await expect(total).toContainText('$1,200');
  await expect(total).toContainText(booking('duration.hours', { hours: '1' }));
  await expect(create.getByTestId('reservation-services')).not.toContainText('保濕面膜');
  // From the drawer straight to the time.
  await selected.getByRole('button', { name: booking('reservation.selectTime') }).click();
  const timeDialog = page.getByRole('dialog', { name: booking('reservation.selectTime') });
  await pickFirstFreeDay(timeDialog, booking('reservation.pickDay'), booking('reservation.fullTip'), booking('reservation.nextMonth'));
  await timeDialog.getByRole('radio').first().check();
  await timeDialog.getByRole('button', { name: common('actions.confirm') }).click();
  await expect(create.getByTestId('reservation-time')).toBeVisible();
});

test('a chosen day that fills up shows reservationFullTip in the time dialog, and the day is disabled', async ({ page }) => {
  const { orgId, token } = await signIn(page);
  test.setTimeout(120_000);
  const api = orgApi(page, orgId, token);
  // One seat, open 09:00–10:00 every day, a one-hour service: exactly one slot a day.
  const hours = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, isOpen: true, start: '09:00', end: '10:00', breaks: [] }));
  const business = await api<{ id: string }>('PUT', '/business', { idName: `one-${Date.now().toString(36)}`, concurrentBooking: 1, isPublic: false, hours });
  const service = await api<{ id: string }>('POST', '/booking/service', { title: '單人課程', payType: 'free', time: { hour: 1, minute: 0 } });

  await page.goto(`/${orgId}/index`);
  await fastCreate(page, common('layout.fastCreateReservation'));
  const create = page.getByRole('dialog', { name: booking('reservation.create') });
  await create.getByRole('button', { name: booking('reservation.selectService'), exact: true }).click();
  const select = page.getByRole('dialog', { name: booking('reservation.selectService'), exact: true });
  await select.getByRole('checkbox', { name: '單人課程' }).check();
  await select.getByRole('button', { name: common('actions.confirm') }).click();
  await create.getByRole('button', { name: booking('reservation.selectTime') }).click();
  let timeDialog = page.getByRole('dialog', { name: booking('reservation.selectTime') });
  await pickFirstFreeDay(timeDialog, booking('reservation.pickDay'), booking('reservation.fullTip'), booking('reservation.nextMonth'));
  await timeDialog.getByRole('radio', { name: '09:00' }).check();
  await timeDialog.getByRole('button', { name: common('actions.confirm') }).click();
  const chosen = (await create.getByTestId('reservation-time').innerText()).trim();
  const [date = '', selectedTime = ''] = chosen.split(' ');
  const [year, month, day] = date.split('-').map(Number);

  // Someone else takes that only slot meanwhile.
  await api('POST', '/booking/reservation', {
    requestKey: `e2e-${Date.now()}`,
    businessId: business.id,
    year,
    month,
    day,
    selectedTime,
    people: 1,
    services: [{ serviceId: service.id, additionalServices: [] }],
    name: '王小明',
    phone: '0911222333',
    email: `ming-${Date.now()}@example.com`,
  });

  // Reopened, the dialog shows the chosen day as full and disabled.
  await create.getByRole('button', { name: booking('reservation.selectTime') }).click();
  timeDialog = page.getByRole('dialog', { name: booking('reservation.selectTime') });
  await expect(timeDialog.getByTestId('reservation-full-tip')).toHaveText(booking('reservation.fullTip'));
  await expect(timeDialog.locator(`.mini-calendar__day[data-day="${day}"]`)).toBeDisabled();
  await expect(timeDialog.getByRole('radio')).toHaveCount(0);
  await expect(timeDialog.getByRole('button', { name: common('actions.confirm') })).toBeDisabled();
  await expectAccessible(page);
  await screenshot(page, 'booking-day-full');
});
