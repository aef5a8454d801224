import { expect, test, type Page } from '@playwright/test';
import { recordFieldTitle, type Locale } from '@lodestar/contract';
import { apiCall, expectAccessible, screenshot, screenshotBothSizes, signIn, text } from './support/journey.ts';

// Twelve screenshots on a shared machine: well past the default minute.
test.setTimeout(480_000);

/** A calendar day in the browser's time zone (Asia/Taipei, UTC+8, no daylight saving), whatever the runner's TZ. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);

/** Each record page at a desktop and a phone size, in Traditional Chinese and English; the phone has no sideways scroll. */
const shoot = (page: Page, name: string, locale: Locale) =>
  screenshotBothSizes(page, `record-pages-${name}-${locale}`, () => expect(page.getByTestId('figure-last-contact')).toBeVisible());

test('a contact page tells the story: figures, deals, schedules, and a filtered merged timeline', async ({ page }) => {
  const { orgId, token } = await signIn(page, { plan: 'subscribe_team' });
  const post = <T>(path: string, body: unknown) => apiCall<T>(page.request, 'POST', path, body, token, orgId);

  const company = await post<{ id: string }>('/company', { name: '山嵐茶業' });
  const contact = await post<{ id: string }>('/customer', {
    firstName: '美玲',
    lastName: '林',
    companyId: company.id,
    position: '採購經理',
    phones: [{ value: '0912-000-111', type: 'mobile' }],
    lastContactAt: '2026-01-02T03:04:05.000Z',
  });
  // A booking and a business-card exchange by the same phone join the contact's page.
  const put = async <T>(path: string, body: unknown): Promise<T> =>
    ((await (await page.request.fetch(`/api${path}?orgId=${orgId}`, { method: 'PUT', data: body, headers: { authorization: `Bearer ${token}` } })).json()) as { data: T }).data;
  const hours = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, isOpen: true, start: '00:00', end: '24:00', breaks: [] }));
  const business = await put<{ id: string }>('/business', { idName: `tea-${Date.now()}`, concurrentBooking: 3, isPublic: true, hours });
  const service = await post<{ id: string }>('/booking/service', { title: '茶席體驗', payType: 'free', time: { hour: 1, minute: 0 } });
  const [year, month, day] = inDays(5).split('-').map(Number);
  await post('/booking/reservation', { requestKey: crypto.randomUUID(), businessId: business.id, year, month, day, selectedTime: '10:00', people: 2, services: [{ serviceId: service.id, additionalServices: [] }], name: '林美玲', phone: '0912000111', email: 'meiling@example.com' });
  const card = await put<{ slug: string }>('/businesscard', { firstName: '小明', lastName: '王', isPublic: true });
  await page.request.post(`/api/public/card/${card.slug}/exchange`, { data: { name: '林美玲', phone: '0912-000-111', note: '展場交換名片' } });
  const openA = await post<{ dealId: string }>('/deal', { name: '年度茶包採購', amount: '1200.50', startDate: inDays(-30), estimatedEndDate: inDays(40), clientId: contact.id, companyId: company.id });
  // A quote of the first deal (its current version) shows on the contact's and the company's page.
  await post('/quote', { dealId: openA.dealId, lines: [{ name: '烏龍茶包 100 入', unitPrice: '1200.50', quantity: 1 }] });
  await post('/deal', { name: '禮盒專案', amount: '800', startDate: inDays(-30), estimatedEndDate: inDays(20), clientId: contact.id });
  await post('/deal', { name: '試飲活動', amount: '300.25', startDate: inDays(-60), estimatedEndDate: inDays(-5), clientId: contact.id, stage: 1000 });
  const item = await post<{ id: string }>('/settings/activityItem', { name: '拜訪', point: 5 });
  await post('/task', { title: '新品試飲', startDate: inDays(3), endDate: inDays(3), startDateTime: '10:00', endDateTime: '11:00', client: { id: contact.id }, deal: openA.dealId, activity: [item.id] });
  // Completed: it moves the contact's last contact forward (the one last-contact rule, docs/product.md).
  await post('/task', { title: '初次拜訪', startDate: inDays(-3), endDate: inDays(-3), startDateTime: '14:00', endDateTime: '15:00', client: { id: contact.id }, activity: [item.id], complete: true });
  await post('/notes', { entityType: 'contact', entityId: contact.id, content: '偏好烏龍茶' });

  await page.goto(`/${orgId}/contact/detail/${contact.id}`);
  await expect(page.getByRole('heading', { level: 1, name: '林美玲' })).toBeVisible({ timeout: 60_000 });

  // The figures against hand counts: open 1 200.50 + 800, won 300.25, the next and the last schedule.
  await expect(page.getByTestId('figure-open')).toContainText('$2,000.50');
  await expect(page.getByTestId('figure-open')).toContainText(text('notes', 'story.openDeals_other', { n: '2' }));
  await expect(page.getByTestId('figure-won')).toContainText('$300.25');
  await expect(page.getByTestId('figure-next-schedule')).toContainText('新品試飲');
  await expect(page.getByTestId('figure-next-schedule')).toContainText(`${inDays(3)} 10:00`);
  await expect(page.getByTestId('figure-last-contact')).toContainText(inDays(-3));
  await expect(page.getByTestId('figure-last-contact')).toContainText(text('notes', 'story.daysSince_other', { count: '3' }));

  // The sections: three deals (open ones first, soonest close first), the schedules with their points.
  const deals = page.getByTestId('story-deals');
  await expect(deals.getByRole('link')).toHaveText(['禮盒專案', '年度茶包採購', '試飲活動']);
  await expect(deals).toContainText(text('notes', 'story.status.closed'));
  const schedules = page.getByTestId('story-schedules');
  await expect(schedules).toContainText('新品試飲');
  await expect(schedules).toContainText('初次拜訪');
  await expect(schedules).toContainText(text('notes', 'story.pastPoints_other', { count: '5' }));
  await expect(page.getByTestId('story-bookings')).toContainText('茶席體驗');
  await expect(page.getByTestId('story-card-exchanges')).toContainText('展場交換名片');
  await deals.getByRole('link', { name: '年度茶包採購' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '年度茶包採購' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('figure-next-schedule')).toContainText('新品試飲');
  await page.goBack();

  // The merged timeline: the contact's own entries, its deals' and schedules'; filters keep one kind.
  await page.getByRole('tab', { name: text('notes', 'tabs.timeline') }).click();
  const timeline = page.locator('.record-timeline');
  await expect(timeline).toContainText(text('notes', 'timeline.about.deal', { name: '試飲活動' }));
  await expect(timeline).toContainText(text('notes', 'timeline.about.schedule', { name: '新品試飲' }));
  const filters = page.getByRole('group', { name: text('notes', 'timeline.filterLabel') });
  await filters.getByRole('button', { name: text('notes', 'timeline.kinds.notes') }).click();
  await expect(timeline.locator('.ant-timeline-item')).toHaveCount(1);
  await expect(timeline).toContainText(text('notes', 'timeline.note', { who: '王小明' }));
  await filters.getByRole('button', { name: text('notes', 'timeline.kinds.schedules') }).click();
  await expect(timeline.locator('.ant-timeline-item')).toHaveCount(3);
  await filters.getByRole('button', { name: text('notes', 'timeline.kinds.notes') }).click();
  await expect(timeline.locator('.ant-timeline-item')).toHaveCount(2);
  await expect(timeline).not.toContainText(text('notes', 'timeline.note', { who: '王小明' }));
  await filters.getByRole('button', { name: text('notes', 'timeline.kinds.all') }).click();
  await expect(timeline.locator('.ant-timeline-item')).toHaveCount(10); // with the booking's, the card exchange's and the quote's
  await expectAccessible(page);

  for (const locale of ['zh-TW', 'en-US'] as const) {
    if (locale === 'en-US') await page.evaluate(() => localStorage.setItem('lodestar.language', 'en-US'));
    await page.goto(`/${orgId}/contact/detail/${contact.id}`);
    await expect(page.getByTestId('figure-open')).toContainText(text('notes', 'story.openPipeline', {}, locale), { timeout: 30_000 });
    await shoot(page, 'contact', locale);
    await page.goto(`/${orgId}/company/detail/${company.id}`);
    await expect(page.getByTestId('story-deals')).toContainText('年度茶包採購', { timeout: 30_000 });
    await expect(page.getByTestId('story-quotes')).toContainText(text('notes', 'story.quoteStatus.draft', {}, locale));
    await shoot(page, 'company', locale);
    await page.goto(`/${orgId}/deal/detail/${openA.dealId}`);
    await expect(page.getByTestId('story-schedules')).toContainText('新品試飲', { timeout: 30_000 });
    await shoot(page, 'deal', locale);
  }
  await expectAccessible(page);
});

test('detail fields are edited in place: Enter saves, Esc cancels, a bad value shows the form’s message', async ({ page }) => {
  const { orgId, token } = await signIn(page, { plan: 'subscribe_team' });
  const contact = await apiCall<{ id: string }>(page.request, 'POST', '/customer', { firstName: '志明', lastName: '陳', position: '業務' }, token, orgId);
  await page.goto(`/${orgId}/contact/detail/${contact.id}`);
  await expect(page.getByRole('heading', { level: 1, name: '陳志明' })).toBeVisible({ timeout: 60_000 });

  // Fields are titled by the contract's field list.
  const title = (field: string) => recordFieldTitle('zh-TW', 'contact', field)!;
  const edit = (field: string) => page.getByRole('button', { name: text('common', 'inline.edit', { field: title(field) }) });
  const input = (field: string) => page.getByRole('textbox', { name: title(field) });
  // Enter saves (the page shows it at once, the server keeps it).
  await edit('position').focus();
  await page.keyboard.press('Enter');
  await input('position').fill('業務經理');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('inline-position')).toContainText('業務經理');
  await expect.poll(async () => (await apiCall<{ position: string }>(page.request, 'GET', `/customer/${contact.id}`, undefined, token, orgId)).position).toBe('業務經理');
  // Esc cancels.
  await edit('position').press('F2');
  await input('position').fill('不要存');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('inline-position')).toContainText('業務經理');
  // A bad date: the drawer's message, nothing saved.
  await edit('birthday').click();
  await input('birthday').fill('2026-13-45');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('inline-birthday')).toContainText(text('common', 'validation.dateFormat'));
  await screenshot(page, 'record-pages-inline-edit-zh-TW');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('inline-birthday')).toContainText(text('contacts', 'notSet'));
});
