import { expect, test, type Page } from '@playwright/test';
import type { Locale } from '@lodestar/contract';
import { apiCall, catalog, expectAccessible, fastCreate, screenLocales, screenshot, signIn, strongPassword, text, uniqueEmail } from './support/journey.ts';

// Issue 29: every signed-in screen at phone width, reached through the phone's own navigation.
test.setTimeout(300_000);

/**
 * What every phone screen must hold: nothing wider than the screen, no visible control smaller than 24×24 px
 * (WCAG 2.5.8; an input counts by its visible box, a link inside a sentence is exempt), no serious axe finding.
 */
async function expectPhoneFriendly(page: Page, name: string) {
  // What sticks out, named in the failure (nothing when the page fits).
  // Against the device's width: on a phone the layout viewport (innerWidth) grows to fit what overflows.
  const width = page.viewportSize()!.width;
  const overflow = () =>
    page.evaluate((width) =>
      document.documentElement.scrollWidth <= width
        ? []
        : [...document.querySelectorAll('body *')]
            .filter((element) => element.getBoundingClientRect().right > width + 0.5)
            .slice(0, 5)
            .map((element) => `${element.tagName.toLowerCase()}.${element.className} → ${Math.round(element.getBoundingClientRect().right)}`),
    width);
  // Settling layout (a late font, a chart) may overflow for a moment: wait, then name what still sticks out.
  await expect.poll(async () => (await overflow()).length).toBe(0).catch(() => undefined);
  expect(await overflow(), `${name}: horizontal overflow`).toEqual([]);
  const small = await page.evaluate(() => {
    const wrapper = '.ant-input-affix-wrapper, .ant-input-number, .ant-select, .ant-picker, .ant-checkbox-wrapper, .ant-radio-wrapper, .ant-radio-button-wrapper, .ant-segmented-item, label, .ant-input-search';
    const isInline = (element: Element) => {
      const parent = element.parentElement;
      return element.tagName === 'A' && parent !== null && [...parent.childNodes].some((node) => node !== element && node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
    };
    return [...document.querySelectorAll<HTMLElement>('a, button, [role=button], input, select, [tabindex]:not([tabindex="-1"])')]
      .filter((element) => element.checkVisibility({ checkOpacity: false, checkVisibilityCSS: true }) && !element.closest('[aria-hidden="true"]') && !isInline(element))
      .map((element) => {
        const box = (element.matches('input, select') ? (element.closest(wrapper) ?? element) : element).getBoundingClientRect();
        return { element, box };
      })
      .filter(({ box }) => box.width > 0 && box.height > 0 && (box.width < 23.5 || box.height < 23.5))
      .map(({ element, box }) => `${element.tagName.toLowerCase()}.${element.className} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30)}" ${Math.round(box.width)}×${Math.round(box.height)}`);
  });
  expect(small, `${name}: targets smaller than 24 px`).toEqual([]);
  // A list loading on arrival dims its cards for a moment (app/phone.css, a 0.2 s fade): axe would measure the
  // contrast of that fade, not of the list. The caller waits for the screen to have rendered: a tab's click does not
  // (and the load state stays "network idle" across the app's own navigations); with no list yet this passed on
  // nothing, and the rehearsals caught axe on the companies' cards fading in.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          !document.querySelector('.state--loading, .record-cards[aria-busy="true"]') &&
          [...document.querySelectorAll('.record-cards__list')].every((list) => getComputedStyle(list).opacity === '1'),
      ),
    )
    .toBe(true);
  await expectAccessible(page);
}

/** The phone tab bar's entry, or the "More" sheet's row. */
async function openScreen(page: Page, label: string, locale: Locale = 'zh-TW') {
  const nav = page.getByRole('navigation', { name: text('common', 'layout.phoneNavigation', {}, locale) });
  // The bar fills in once the member's privileges are in (a screen not yet allowed is in neither the bar nor More).
  await expect(nav.getByRole('link')).toHaveCount(4, { timeout: 30_000 });
  const tab = nav.getByRole('link', { name: label, exact: true });
  if (await tab.count()) {
    const href = await tab.getAttribute('href');
    await tab.click();
    // The screen's address, so what follows looks at the new screen, not the one being left.
    if (href) await expect(page).toHaveURL((url) => `${url.pathname}${url.search}`.startsWith(href));
    return;
  }
  await nav.getByRole('button', { name: text('common', 'layout.more', {}, locale) }).click();
  const sheet = page.getByRole('dialog', { name: text('common', 'layout.moreTitle', {}, locale) });
  const link = sheet.getByRole('link', { name: label, exact: true });
  const href = await link.getAttribute('href');
  await link.click();
  await expect(sheet).toBeHidden();
  if (href) await expect(page).toHaveURL((url) => `${url.pathname}${url.search}`.startsWith(href));
}

test.describe('at 390×844 on a touch phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('sign up, create a workspace, reach every main screen through the phone navigation, create a contact, a deal and a schedule, move the deal without dragging @smoke', async ({ page, context }) => {
    const common = catalog('common');
    const deals = catalog('deals');
    await page.goto('/member/signup');
    await page.getByLabel(text('auth', 'fields.firstName')).fill('小明');
    await page.getByLabel(text('auth', 'fields.lastName')).fill('王');
    await page.getByLabel(text('auth', 'fields.email')).fill(uniqueEmail('phone'));
    await page.getByLabel(text('auth', 'fields.password'), { exact: true }).fill(strongPassword);
    await page.getByLabel(text('auth', 'fields.confirmPassword')).fill(strongPassword);
    await page.getByRole('button', { name: text('auth', 'signup.submit'), exact: true }).click();
    await page.getByLabel(text('organizations', 'form.workspaceName')).fill('台北業務團隊');
    await page.getByRole('button', { name: text('organizations', 'form.create'), exact: true }).click();
    await expect(page).toHaveURL(/\/[0-9a-f-]{36}\/index$/);
    const orgId = new URL(page.url()).pathname.split('/')[1]!;

    // The header's tabs are gone at this width; the tab bar is there instead, Home current.
    await expect(page.locator('.app-header__nav')).toBeHidden();
    const nav = page.getByRole('navigation', { name: common('layout.phoneNavigation') });
    // The bar loads a moment after the page (app/org-layout.tsx), once the page's own data are in.
    await expect(nav.getByRole('link', { name: common('layout.home'), exact: true })).toHaveAttribute('aria-current', 'page', { timeout: 30_000 });
    await expect(page.getByTestId('header-workspace-name')).toBeVisible();
    await expectPhoneFriendly(page, 'home');
    await screenshot(page, 'phone-home-zh-TW');

    // A contact from the floating create button (it opens in a new tab, as on a desktop).
    await openScreen(page, common('layout.contacts'));
    await expect(page).toHaveURL(new RegExp(`/${orgId}/contact/list`));
    await fastCreate(page, common('layout.fastCreateClient'));
    const contactDialog = page.getByRole('dialog', { name: text('contacts', 'quickCreateTitle') });
    await contactDialog.getByLabel(text('contacts', 'fields.firstName')).fill('明');
    await contactDialog.getByLabel(text('contacts', 'fields.lastName')).fill('孔');
    await expectPhoneFriendly(page, 'create contact');
    await screenshot(page, 'phone-create-contact-zh-TW');
    const popupPromise = context.waitForEvent('page');
    await contactDialog.getByRole('button', { name: common('actions.submit') }).click();
    await (await popupPromise).close();
    await page.reload();
    await expect(page.getByRole('link', { name: /孔明/ }).first()).toBeVisible();
    await expectPhoneFriendly(page, 'contacts');
    await screenshot(page, 'phone-contacts-zh-TW');

    // A deal from the floating button; the board shows one stage at a time, and the card's menu moves the deal.
    await openScreen(page, common('layout.deals'));
    await fastCreate(page, common('layout.fastCreateDeal'));
    const dealDialog = page.getByRole('dialog', { name: deals('simpleTitle') });
    await dealDialog.getByLabel(deals('fields.name')).fill('續約案');
    await dealDialog.getByLabel(deals('fields.amount')).fill('500');
    await dealDialog.getByLabel(deals('fields.estimatedEndDate')).fill('20270131');
    await dealDialog.getByRole('button', { name: common('actions.submit') }).click();
    await expect(page.getByRole('heading', { level: 1, name: '續約案' })).toBeVisible({ timeout: 30_000 });
    await expectPhoneFriendly(page, 'deal detail');
    await screenshot(page, 'phone-deal-detail-zh-TW');
    await openScreen(page, common('layout.deals'));
    const picker = page.getByTestId('deal-stage-picker');
    await expect(picker).toBeVisible();
    await expect(page.getByTestId('deal-column').filter({ visible: true })).toHaveCount(1);
    const card = page.getByTestId('deal-card').filter({ hasText: '續約案' });
    await expect(card).toBeVisible();
    await expectPhoneFriendly(page, 'deal board');
    await screenshot(page, 'phone-deals-zh-TW');
    const stages = page.getByTestId('deal-column');
    // The other columns are hidden at this width: the picker's chips name the stages.
    const stageName = async (index: number) => (await picker.getByRole('button').nth(index).locator('span').first().innerText()).trim();
    const firstStage = await stageName(0);
    const secondStage = await stageName(1);
    await expect(stages.nth(0)).toContainText('續約案');
    await card.getByRole('button', { name: deals('board.changeStageOf', { name: '續約案' }) }).click();
    await screenshot(page, 'phone-deal-change-stage-zh-TW');
    await page.getByRole('menuitem', { name: secondStage }).click();
    // The moved deal waits in its new stage, which the picker can show.
    await picker.getByRole('button', { name: new RegExp(`^${secondStage}`) }).click();
    await expect(stages.nth(1).getByTestId('deal-card').filter({ hasText: '續約案' })).toBeVisible();
    await picker.getByRole('button', { name: new RegExp(`^${firstStage}`) }).click();
    await expect(stages.nth(0)).not.toContainText('續約案');

    // The calendar opens on today's day view at phone width; a schedule from the floating button.
    await openScreen(page, common('layout.calendar'));
    await expect(page).toHaveURL(new RegExp(`/${orgId}/calendar/day/\\d{4}/\\d{2}/\\d{2}$`));
    await fastCreate(page, common('layout.fastCreateSchedule'));
    const schedules = catalog('schedules');
    const drawer = page.getByRole('dialog', { name: schedules('createTitle') });
    await drawer.getByLabel(schedules('fields.title')).fill('拜訪客戶');
    // The drawer takes the whole screen.
    await expect.poll(async () => Math.round((await drawer.boundingBox())?.width ?? 0)).toBe(390);
    await expectPhoneFriendly(page, 'schedule drawer');
    await screenshot(page, 'phone-schedule-drawer-zh-TW');
    await drawer.getByRole('button', { name: common('actions.submit') }).click();
    await expect(drawer).toBeHidden();
    await expect(page.locator('.fc-event').filter({ hasText: '拜訪客戶' })).toBeVisible({ timeout: 30_000 });
    await expectPhoneFriendly(page, 'calendar');
    await screenshot(page, 'phone-calendar-zh-TW');

    // The rest through "More".
    for (const [label, path, shot] of [
      [common('layout.companies'), '/company/list', 'companies'],
      [common('layout.statistics'), '/statistics/dashboard', 'statistics'],
      [common('layout.activityReport'), '/activity/report/week', 'activity-report'],
      [common('layout.social'), '/social/line', 'line'],
      [common('layout.trash'), '/trash', 'trash'],
      [common('layout.settings'), '/settings/users', 'settings'],
    ] as const) {
      await openScreen(page, label);
      await expect(page).toHaveURL(new RegExp(`/${orgId}${path}`));
      await expect(nav.getByRole('button', { name: common('layout.more') })).toHaveClass(/phone-nav__item--active/);
      await page.waitForLoadState('networkidle');
      await expectPhoneFriendly(page, shot);
      await screenshot(page, `phone-${shot}-zh-TW`);
    }

    // The search opens full screen and finds the contact.
    await page.getByRole('button', { name: common('layout.openSearch') }).click();
    const search = page.getByRole('dialog', { name: common('layout.searchTitle') });
    await search.getByLabel(text('search', 'label')).fill('孔明');
    await page.getByTestId('search-result').filter({ hasText: '孔明' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '孔明' })).toBeVisible({ timeout: 30_000 });
    await expect(search).toBeHidden();
    await expectPhoneFriendly(page, 'contact detail');
  });

  test('the phone screens in English: More sheet, search, deal board', async ({ page }) => {
    const { orgId, token } = await signIn(page);
    await seed(page, token, orgId);
    await page.addInitScript(() => localStorage.setItem('lodestar.language', 'en-US'));
    const common = catalog('common', 'en-US');
    await page.goto(`/${orgId}/index`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    // The home's cards, not its loading state, in the picture.
    await expect(page.getByRole('heading', { name: catalog('guide', 'en-US')('title') })).toBeVisible({ timeout: 30_000 });
    await screenshot(page, 'phone-home-en-US');
    // The lists' cards (seeded): the screen's address changes before its chunk has rendered, so wait for the cards.
    const cards = page.locator('.record-cards[aria-busy="false"] .record-card:not(.record-card--placeholder)').first();
    for (const [label, shot, ready] of [
      [common('layout.contacts'), 'contacts', cards],
      [common('layout.deals'), 'deals', null],
      [common('layout.calendar'), 'calendar', null],
      [common('layout.companies'), 'companies', cards],
      [common('layout.statistics'), 'statistics', null],
      [common('layout.activityReport'), 'activity-report', null],
    ] as const) {
      await openScreen(page, label, 'en-US');
      if (ready) await expect(ready).toBeVisible({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      await expectPhoneFriendly(page, `${shot} en-US`);
      await screenshot(page, `phone-${shot}-en-US`);
    }
    await page.getByRole('navigation', { name: common('layout.phoneNavigation') }).getByRole('button', { name: common('layout.more') }).click();
    await expect(page.getByRole('dialog', { name: common('layout.moreTitle') })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'phone-more-sheet-en-US');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: common('layout.openSearch') }).click();
    await page.getByRole('dialog', { name: common('layout.searchTitle') }).getByLabel(text('search', 'label', {}, 'en-US')).fill('Chen');
    await expect(page.getByTestId('search-result').first()).toBeVisible({ timeout: 15_000 });
    await screenshot(page, 'phone-search-en-US');
  });

  // Issue 29 and 38: the contact and company lists are plain cards at this width, not antd's virtual table: tap a
  // number to call, tick a card for the bulk actions.
  for (const locale of screenLocales) {
    test(`the contact and company lists are cards: call a contact, select one for the bulk actions (${locale})`, async ({ page }) => {
      const { orgId, token } = await signIn(page);
      const post = <T>(path: string, body: unknown) => apiCall<T>(page.request, 'POST', path, body, token, orgId);
      const keyAccount = await post<{ id: string }>('/tags/customer', { name: '重點客戶' });
      const supplier = await post<{ id: string }>('/tags/company', { name: '長期供應商' });
      const company = await post<{ id: string }>('/company', {
        name: '台灣精密工業股份有限公司新竹科學園區第二研發中心',
        phones: [{ value: '03-578-1234', type: 'companyPhone' }],
        address: '新竹市東區力行六路 8 號 3 樓之 2（科學園區管理局旁）',
        tagIds: [supplier.id],
      });
      await post('/company', { name: 'Northwind Trading' });
      await post('/customer', {
        firstName: '美玲',
        lastName: '陳',
        isImportant: true,
        companyId: company.id,
        phones: [{ value: '0912-345-678', type: 'mobile' }],
        emails: [{ value: 'meiling.chen@taiwan-precision-industries.example.com' }],
        tagIds: [keyAccount.id],
      });
      await post('/customer', { firstName: 'Alexandria Catherine', lastName: 'Montgomery-Fitzwilliam', phones: [{ value: '+886 2 2345 6789 #123', type: 'companyPhone' }] });
      await post('/customer', { firstName: '志明', lastName: '林' });
      if (locale === 'en-US') await page.addInitScript(() => localStorage.setItem('lodestar.language', 'en-US'));
      const c = catalog('contacts', locale);
      const co = catalog('companies', locale);

      await page.goto(`/${orgId}/contact/list`);
      const contacts = page.getByRole('region', { name: c('listTitle'), exact: true });
      const meiling = contacts.getByRole('listitem').filter({ hasText: '陳美玲' });
      await expect(meiling.getByRole('link', { name: '0912-345-678' })).toHaveAttribute('href', 'tel:0912345678', { timeout: 30_000 });
      await expect(meiling.getByRole('link', { name: /^meiling\.chen@/ })).toHaveAttribute('href', 'mailto:meiling.chen@taiwan-precision-industries.example.com');
      await expect(meiling.getByRole('link', { name: /台灣精密工業/ })).toHaveAttribute('href', `/${orgId}/company/detail/${company.id}`);
      await expect(meiling.getByText('重點客戶')).toBeVisible();
      await expect(contacts.getByRole('listitem')).toHaveCount(3);
      await expect(page.locator('.ant-table')).toHaveCount(0);
      await expectPhoneFriendly(page, `contact cards ${locale}`);
      await screenshot(page, `phone-contact-cards-${locale}`);
      // The narrowest phone we support: long names and addresses wrap or are cut, nothing scrolls sideways.
      await page.setViewportSize({ width: 360, height: 740 });
      await expectPhoneFriendly(page, `contact cards at 360 ${locale}`);
      await page.setViewportSize({ width: 390, height: 844 });
      // The card's checkbox, named after the contact, feeds the bulk actions.
      await meiling.getByRole('checkbox', { name: c('selectRecord', { name: '陳美玲' }) }).check();
      await expect(page.getByRole('button', { name: new RegExp(c('deleteSelected')) })).toBeVisible();
      await expect(contacts.getByRole('checkbox', { name: c('selectAll') })).not.toBeChecked();
      await expectPhoneFriendly(page, `contact cards selected ${locale}`);
      await screenshot(page, `phone-contact-cards-selected-${locale}`, { fullPage: false });
      // "Select all" takes every card shown, and clears them again.
      const selectAll = contacts.getByRole('checkbox', { name: c('selectAll') });
      await selectAll.check();
      await expect(page.getByRole('button', { name: `${c('deleteSelected')} (3)` })).toBeVisible();
      await selectAll.uncheck();
      await expect(page.getByRole('button', { name: new RegExp(c('deleteSelected')) })).toBeHidden();

      // The filters fold behind one button on a phone (the search stays): folded, their controls are not there at all.
      const common = catalog('common', locale);
      const toggle = page.getByRole('button', { name: common('listFilters.show'), exact: true });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByText(c('filters.important'))).toHaveCount(0);
      await expect(page.getByRole('searchbox', { name: c('filters.search') })).toBeVisible();
      await toggle.click();
      await page.getByText(c('filters.important')).click();
      await expect(contacts.getByRole('listitem')).toHaveCount(1);
      await expect(page.getByRole('combobox', { name: c('savedFilters.label') })).toBeVisible();
      await expect(page.getByRole('heading', { name: text('tags', 'sideTitle', {}, locale) })).toBeVisible();
      await expectPhoneFriendly(page, `contact filters open ${locale}`);
      await screenshot(page, `phone-contact-filters-${locale}`, { fullPage: false });
      const folded = page.getByRole('button', { name: common('listFilters.showActive', { count: '1' }), exact: true });
      await folded.click();
      await expect(folded).toHaveAttribute('aria-expanded', 'false');
      await expect(contacts.getByRole('listitem')).toHaveCount(1);

      await page.goto(`/${orgId}/company/list`);
      const companies = page.getByRole('region', { name: co('listTitle'), exact: true });
      const precision = companies.getByRole('listitem').filter({ hasText: '台灣精密工業' });
      await expect(precision.getByRole('link', { name: '03-578-1234' })).toHaveAttribute('href', 'tel:035781234', { timeout: 30_000 });
      await expect(precision.getByText('長期供應商')).toBeVisible();
      await expect(companies.getByRole('listitem')).toHaveCount(2);
      await expect(page.locator('.ant-table')).toHaveCount(0);
      await precision.getByRole('checkbox', { name: co('selectRecord', { name: '台灣精密工業股份有限公司新竹科學園區第二研發中心' }) }).check();
      await expect(page.getByRole('button', { name: new RegExp(co('deleteSelected')) })).toBeVisible();
      await expectPhoneFriendly(page, `company cards ${locale}`);
      await page.setViewportSize({ width: 360, height: 740 });
      await expectPhoneFriendly(page, `company cards at 360 ${locale}`);
      await page.setViewportSize({ width: 390, height: 844 });
      // From the top: ticking the card scrolled the page, and a full-page shot draws the fixed header where it was.
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `phone-company-cards-${locale}`);
    });
  }
});

/** A contact, a company, a deal and today's schedule, so the screens have something to show. */
async function seed(page: Page, token: string, orgId: string) {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Taipei' });
  const company = await page.request.post(`/api/company?orgId=${orgId}`, { headers: { authorization: `Bearer ${token}` }, multipart: { name: '台灣精密工業股份有限公司' } });
  expect(company.ok()).toBeTruthy();
  const contact = await page.request.post(`/api/customer?orgId=${orgId}`, { headers: { authorization: `Bearer ${token}` }, multipart: { firstName: 'Mei-ling', lastName: 'Chen' } });
  expect(contact.ok()).toBeTruthy();
  await apiCall(page.request, 'POST', '/deal', { name: 'Annual licence renewal for the Taichung office', amount: '128000', startDate: today, estimatedEndDate: today }, token, orgId);
  await apiCall(page.request, 'POST', '/task', { title: 'Visit Mei-ling about the renewal', startDate: today, startDateTime: '10:00', endDate: today, endDateTime: '11:00' }, token, orgId);
}

test.describe('at 1440×900 on a desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  for (const locale of screenLocales) {
    test(`the header keeps its tabs and labels its activity target; every card's stage has a menu (${locale})`, async ({ page }) => {
      const { orgId, token } = await signIn(page);
      await seed(page, token, orgId);
      if (locale === 'en-US') await page.addInitScript(() => localStorage.setItem('lodestar.language', 'en-US'));
      const common = catalog('common', locale);
      await page.goto(`/${orgId}/index`);
      await expect(page.getByRole('navigation', { name: common('layout.mainNavigation') })).toBeVisible();
      await expect(page.getByRole('navigation', { name: common('layout.phoneNavigation') })).toBeHidden();
      await screenshot(page, `desktop-home-${locale}`);
      await page.goto(`/${orgId}/deal/list`);
      const card = page.getByTestId('deal-card').first();
      await expect(card.getByTestId('deal-change-stage')).toBeVisible();
      await expect(page.getByTestId('deal-stage-picker')).toBeHidden();
      await expectAccessible(page);
      await screenshot(page, `desktop-deals-${locale}`);
      for (const [path, shot] of [
        ['/contact/list', 'contacts'],
        ['/calendar', 'calendar'],
        ['/statistics/dashboard', 'statistics'],
        ['/activity/report/week', 'activity-report'],
      ] as const) {
        await page.goto(`/${orgId}${path}`);
        await page.waitForLoadState('networkidle');
        await screenshot(page, `desktop-${shot}-${locale}`);
      }
    });
  }
});
