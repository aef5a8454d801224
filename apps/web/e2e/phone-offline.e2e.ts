import { expect as baseExpect, test, type Page } from '@playwright/test';
import type { Locale } from '@lodestar/contract';
import { apiCall, catalog, expectAccessible, fastCreate, screenVariant, screenshot, signIn } from './support/journey.ts';

/**
 * Issue 29 on the phone: log a visit in three taps (its points in the activity report at once), keep writing while
 * offline (the outbox sends each write once when the network returns), and install the app (manifest, service
 * worker). The journeys' other files block service workers (playwright.config.ts); this one lets them run.
 */
// Pages on the shared 2-core CI machine can take longer than the default 10 s to render after their chunks arrive.
const expect = baseExpect.configure({ timeout: 45_000 });
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'allow' as const };
test.use(phone);

function taipeiToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

async function setUp(page: Page, locale: Locale = 'zh-TW') {
  const session = await signIn(page);
  await page.addInitScript((language) => localStorage.setItem('lodestar.language', language), locale);
  const api = <T>(method: 'GET' | 'POST', path: string, body?: unknown) => apiCall<T>(page.request, method, path, body, session.token, session.orgId);
  const names = locale === 'en-US' ? ['Visit', 'Phone'] : ['拜訪', '電話'];
  const visit = await api<{ id: string }>('POST', '/settings/activityItem', { name: names[0], point: 5 });
  const call = await api<{ id: string }>('POST', '/settings/activityItem', { name: names[1], point: 2 });
  const me = await api<{ id: string }>('GET', '/profile');
  await api('POST', '/settings/activity', { name: 'Sales', itemIds: [visit.id, call.id], weightScore: 2, dailyTargetCount: 3, userIds: [me.id] });
  const contact = await api<{ id: string }>('POST', '/customer', { firstName: '美玲', lastName: '陳' });
  return { ...session, api, names, contactId: contact.id };
}

test('log a visit in three taps and see its points in the report; offline, an activity and a note wait and are sent once', async ({ page, context }) => {
  test.setTimeout(360_000);
  const a = catalog('activity-log');
  const o = catalog('outbox');
  const n = catalog('notes');
  const { orgId, token, names, contactId } = await setUp(page);
  const read = <T>(path: string) =>
    page.request.get(`/api${path}&orgId=${orgId}`, { headers: { authorization: `Bearer ${token}` } }).then(async (response) => ((await response.json()) as { data: T }).data);
  const today = taipeiToday();

  // Three taps from the home screen: Log activity → 拜訪 → Save.
  await page.goto(`/${orgId}/index`);
  await page.getByTestId('log-activity').tap();
  const dialog = page.getByRole('dialog', { name: a('title') });
  await dialog.getByRole('button', { name: new RegExp(names[0]!) }).tap();
  await expect(dialog.getByText(a('total', { points: '5' }))).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'phone-log-activity-390-zh-TW');
  await dialog.getByTestId('log-activity-save').tap();
  await expect(dialog).toBeHidden();

  // The activity report counts it at once: 5 points.
  await page.goto(`/${orgId}/activity/report/week`);
  await expect(page.locator('.ant-table-row').filter({ hasText: '王小明' })).toContainText('5');
  await screenshot(page, 'phone-report-390-zh-TW');

  // On a contact, with no network: log a call and write a note. Both wait on the device.
  await page.goto(`/${orgId}/contact/detail/${contactId}`);
  await expect(page.getByTestId('log-activity')).toBeVisible();
  // The button fetched the activity items with the page: they are on the device before the network goes.
  await page.waitForLoadState('networkidle');
  await context.setOffline(true);
  await page.getByTestId('log-activity').tap();
  await dialog.getByRole('button', { name: new RegExp(names[1]!) }).tap();
  await dialog.getByLabel(a('note')).fill('在門市聊了新品');
  await dialog.getByTestId('log-activity-save').tap();
  await expect(dialog).toBeHidden();
  await page.getByLabel(n('label')).fill('離線時寫的記錄');
  await page.getByRole('button', { name: n('add') }).tap();
  const indicator = page.getByTestId('outbox-indicator');
  await expect(indicator).toHaveAttribute('aria-label', o('button', { count: '2' }));
  await indicator.tap();
  const list = page.getByRole('dialog', { name: o('title') });
  await expect(list.getByText('離線時寫的記錄')).toBeVisible();
  await expect(list.getByText(o('offlineHint'))).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'phone-outbox-390-zh-TW');
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();

  // Back online: sent in order, each exactly once, and the indicator goes.
  await context.setOffline(false);
  await expect(indicator).toBeHidden({ timeout: 30_000 });
  const notes = await read<{ content: string }[]>(`/notes?entityType=contact&entityId=${contactId}`);
  expect(notes.filter((note) => note.content === '離線時寫的記錄')).toHaveLength(1);
  const { items: events } = await read<{ items: { title: string }[] }>(`/schedule/getBetween?start=${today}&end=${today}`);
  expect(events.filter((event) => event.title === names[1])).toHaveLength(1);
  expect(events.filter((event) => event.title === names[0])).toHaveLength(1);
  await page.goto(`/${orgId}/activity/report/week`);
  await expect(page.locator('.ant-table-row').filter({ hasText: '王小明' })).toContainText('7');
});

test('offline, a schedule is completed and a contact created; both wait and are sent once', async ({ page, context }) => {
  test.setTimeout(300_000);
  const o = catalog('outbox');
  const s = catalog('schedules');
  const c = catalog('contacts');
  const common = catalog('common');
  const { orgId, token, api } = await setUp(page);
  const today = taipeiToday();
  const planned = await api<{ id: string }>('POST', '/task', { title: '離線完成的拜訪', startDate: today, endDate: today, startDateTime: '23:00', endDateTime: '23:30' });

  // Online first: the contact list with the fast-create dialog (its code is then on the device), then the day's
  // calendar and the schedule's drawer.
  await page.goto(`/${orgId}/contact/list`);
  await fastCreate(page, common('layout.fastCreateClient'));
  const contactDialog = page.getByRole('dialog', { name: c('quickCreateTitle') });
  await contactDialog.getByRole('button', { name: common('actions.cancel') }).tap();
  await expect(contactDialog).toBeHidden();
  const [y, m, d] = today.split('-');
  await page.goto(`/${orgId}/calendar/day/${y}/${m}/${d}`);
  await page.locator('.fc-event').filter({ hasText: '離線完成的拜訪' }).tap();
  const drawer = page.getByRole('dialog', { name: s('editTitle') });
  await expect(drawer.getByRole('button', { name: s('markCompleted') })).toBeVisible();
  await page.waitForLoadState('networkidle');

  // No network: complete it (the drawer shows it done at once), then create a contact from fast create.
  await context.setOffline(true);
  await drawer.getByRole('button', { name: s('markCompleted') }).tap();
  await expect(drawer.getByText(s('status.completed'), { exact: true })).toBeVisible();
  await drawer.getByRole('button', { name: common('actions.cancel') }).tap();
  await expect(drawer).toBeHidden();
  await page.getByRole('navigation', { name: common('layout.phoneNavigation') }).getByRole('link', { name: common('layout.contacts') }).tap();
  await fastCreate(page, common('layout.fastCreateClient'));
  await contactDialog.getByLabel(c('fields.firstName')).fill('離線');
  await contactDialog.getByLabel(c('fields.lastName')).fill('孫');
  await contactDialog.getByRole('button', { name: common('actions.submit') }).tap();
  await expect(contactDialog).toBeHidden();
  const indicator = page.getByTestId('outbox-indicator');
  await expect(indicator).toHaveAttribute('aria-label', o('button', { count: '2' }));
  await indicator.tap();
  const list = page.getByRole('dialog', { name: o('title') });
  await expect(list.getByText(o('kinds.schedule'))).toBeVisible();
  await expect(list.getByText(o('kinds.contact'))).toBeVisible();
  await screenshot(page, 'phone-outbox-schedule-contact-390-zh-TW');
  await page.keyboard.press('Escape');

  // Back online: both sent, each once.
  await context.setOffline(false);
  await expect(indicator).toBeHidden({ timeout: 30_000 });
  const answer = await page.request.get(`/api/task/${planned.id}?orgId=${orgId}`, { headers: { authorization: `Bearer ${token}` } });
  expect(((await answer.json()) as { data: { complete: boolean } }).data.complete).toBe(true);
  await page.goto(`/${orgId}/contact/list`);
  await expect(page.getByRole('link', { name: /孫離線/ })).toHaveCount(1);
});

test('the app is installable: a valid manifest with its icons, iOS tags, and a service worker that registers', async ({ page }) => {
  test.setTimeout(120_000);
  const { orgId } = await signIn(page);
  const manifestResponse = await page.request.get('/manifest.webmanifest');
  expect(manifestResponse.ok()).toBe(true);
  const manifest = (await manifestResponse.json()) as Record<string, unknown> & { icons: { src: string; sizes: string; purpose: string }[] };
  expect(manifest).toMatchObject({ name: expect.any(String), short_name: 'Lodestar', lang: 'zh-TW', display: 'standalone', start_url: expect.stringMatching(/^\/org\/redirect/), theme_color: '#0f2a44' });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual(['192x192 any', '192x192 maskable', '512x512 any', '512x512 maskable']);
  for (const icon of [...manifest.icons.map((i) => i.src), '/icons/apple-touch-icon.png']) {
    const response = await page.request.get(icon);
    expect(response.headers()['content-type'], icon).toBe('image/png');
  }
  const worker = await page.request.get('/sw.js');
  expect(await worker.text()).not.toContain('__BUILD_ID__');

  await page.goto(`/${orgId}/index`);
  const registered = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { scope: registration.scope, script: registration.active?.scriptURL ?? '' };
  });
  expect(new URL(registered.scope).pathname).toBe('/');
  expect(new URL(registered.script).pathname).toBe('/sw.js');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/icons/apple-touch-icon.png');
  await expect(page.locator('meta[name="apple-mobile-web-app-capable"]')).toHaveAttribute('content', 'yes');
  await expect(page.locator('meta[name="apple-mobile-web-app-status-bar-style"]')).toHaveCount(1);
});

for (const locale of ['zh-TW', 'en-US'] as const) {
  for (const size of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ].filter((size) => screenVariant(locale, size.width))) {
    test(`screens at ${size.width}×${size.height} in ${locale}: home with Log activity, its dialog, the contact page, waiting to send`, async ({ page, context }) => {
      test.setTimeout(240_000);
      await page.setViewportSize(size);
      const a = catalog('activity-log', locale);
      const o = catalog('outbox', locale);
      const { orgId, names, contactId } = await setUp(page, locale);
      const name = `${size.width}-${locale}`;
      await page.goto(`/${orgId}/index`);
      await expect(page.getByTestId('log-activity')).toBeVisible();
      await screenshot(page, `phone-home-${name}`);
      await page.getByTestId('log-activity').click();
      const dialog = page.getByRole('dialog', { name: a('title') });
      await dialog.getByRole('button', { name: new RegExp(names[0]!) }).click();
      await screenshot(page, `phone-log-activity-${name}`);
      await dialog.getByRole('button', { name: a('cancel') }).click();
      await page.goto(`/${orgId}/contact/detail/${contactId}`);
      await expect(page.getByTestId('log-activity')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await context.setOffline(true);
      await page.getByTestId('log-activity').click();
      await dialog.getByRole('button', { name: new RegExp(names[1]!) }).click();
      await dialog.getByTestId('log-activity-save').click();
      await expect(page.getByTestId('outbox-indicator')).toHaveAttribute('aria-label', o('button', { count: '1' }));
      await screenshot(page, `phone-contact-waiting-${name}`);
      await page.getByTestId('outbox-indicator').click();
      await expect(page.getByRole('dialog', { name: o('title') })).toBeVisible();
      await expectAccessible(page);
      await screenshot(page, `phone-outbox-${name}`);
      await context.setOffline(false);
    });
  }
}
