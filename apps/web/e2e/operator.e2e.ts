import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { discountedAmount } from '@lodestar/contract';
import { e2eOperatorEmail } from '../playwright.config.ts';
import { formatTwd } from '../src/features/billing/subscription/format.ts';
import { allScreens, avatarMenu, catalog, expectAccessible, sandboxTestCard, screenshot, signIn, strongPassword, text } from './support/journey.ts';

const expect = baseExpect.configure({ timeout: 30_000 });
const run = promisify(execFile);
const repoRoot = join(import.meta.dirname, '..', '..', '..');

const sections = ['workspaces', 'coupons', 'charges', 'audit'] as const;

/** Every console screen at desktop and phone size in one language, looked at (issue 30 #15). */
async function screenshotConsole(page: Page, locale: 'zh-TW' | 'en-US') {
  if (!allScreens) return;
  for (const section of sections) {
    await page.goto(`/operator/${section}`);
    await expect(page.getByRole('heading', { level: 1, name: text('console', `${section}.title`, {}, locale) })).toBeVisible();
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    for (const [size, viewport] of [['desktop', { width: 1440, height: 900 }], ['phone', { width: 390, height: 844 }]] as const) {
      await page.setViewportSize(viewport);
      await screenshot(page, `operator-${section}-${size}-${locale}`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  }
}

/**
 * Issue 30 #7 and #15: an operator (OPERATOR_EMAILS) opens the console from the avatar menu, creates a coupon on the
 * screen and another with `npm run billing:coupon` against the running server; a workspace pays with the first at the
 * price the page showed; the charge and the audit trail are in the console. A workspace's administrator has no menu
 * entry and cannot open /operator.
 */
test('operator console: coupons from the screen and the command line, a workspace pays with one, admins stay out', async ({ page, browser }) => {
  // Sixteen screenshots and two workspaces on a shared 2-core machine.
  test.setTimeout(600_000);
  const con = catalog('console');
  const operator = await signIn(page, { email: e2eOperatorEmail, orgName: 'Lodestar Ops' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/${operator.orgId}/index`);
  await avatarMenu(page, 'avatar-menu-operator');
  await expect(page).toHaveURL(/\/operator\/workspaces$/);
  await expect(page.getByRole('heading', { level: 1, name: con('workspaces.title') })).toBeVisible();
  await page.getByLabel(con('workspaces.search')).fill('Lodestar Ops');
  await page.getByLabel(con('workspaces.search')).press('Enter');
  await expect(page.getByRole('row').filter({ hasText: e2eOperatorEmail })).toBeVisible();
  await expectAccessible(page);

  // A coupon on the screen: 25 % off Team, at most 10 workspaces.
  await page.getByRole('navigation', { name: con('nav.label') }).getByRole('link', { name: con('nav.coupons') }).click();
  await page.getByRole('button', { name: con('coupons.new') }).click();
  const dialog = page.getByRole('dialog', { name: con('coupons.new') });
  await dialog.getByLabel(con('coupons.code')).fill('ops25');
  await dialog.getByLabel(con('coupons.valueOf.percent')).fill('25');
  await dialog.getByLabel(text('subscription', 'plans.subscribe_team.name')).check();
  await dialog.getByLabel(con('coupons.maxRedemptions')).fill('10');
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'operator-coupon-dialog-phone-zh-TW');
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, 'operator-coupon-dialog-desktop-zh-TW');
  await dialog.getByRole('button', { name: con('coupons.create') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: 'OPS25' }).getByText('0 / 10')).toBeVisible();

  // And one from the command line, through the running server (its embedded database stays locked to it).
  const cli = await run('node', ['--import', 'tsx', 'scripts/create-coupon.ts', '--code', 'CLI100', '--kind', 'amount', '--value', '100', '--server', new URL(page.url()).origin, '--email', e2eOperatorEmail], {
    cwd: repoRoot,
    env: { ...process.env, LODESTAR_OPERATOR_PASSWORD: strongPassword },
  });
  expect(cli.stdout).toContain('Coupon CLI100 created');
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: 'CLI100' })).toBeVisible();

  // A workspace's administrator pays with the operator's coupon at the price shown, and cannot open the console.
  const customerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const customer = await customerContext.newPage();
  const admin = await signIn(customer, { orgName: 'Formosa Operator Customer' });
  await customer.goto(`/subscription?orgId=${admin.orgId}`);
  await customer.getByLabel(text('subscription', 'coupon.code')).fill('OPS25');
  const price = discountedAmount(1490, { kind: 'percent', value: 25 });
  await expect(customer.getByTestId('due-today')).toHaveText(formatTwd(price));
  await screenshot(customer, 'operator-customer-subscription-coupon-zh-TW');
  await customer.getByLabel(text('subscription', 'card.number')).fill(sandboxTestCard.number);
  await customer.getByLabel(text('subscription', 'card.expiry')).fill(sandboxTestCard.expiry);
  await customer.getByLabel(text('subscription', 'card.cvc')).fill(sandboxTestCard.cvc);
  await customer.getByRole('button', { name: text('subscription', 'pay', { amount: formatTwd(price) }) }).click();
  await expect(customer.getByText(text('subscription', 'success.title'), { exact: true })).toBeVisible();
  await customer.goto(`/${admin.orgId}/index`);
  await customer.getByTestId('avatar-menu').click();
  await expect(customer.locator('.ant-dropdown-menu:visible').getByText(text('common', 'layout.account'))).toBeVisible();
  await expect(customer.getByTestId('avatar-menu-operator')).toHaveCount(0);
  await customer.goto('/operator/coupons');
  await expect(customer.getByText(con('notFound.title'))).toBeVisible();
  await expect(customer.getByText('OPS25')).toHaveCount(0);
  await customerContext.close();

  // The charge and the audit trail.
  await page.goto('/operator/charges');
  await page.getByLabel(con('charges.search')).fill('Formosa Operator Customer');
  await page.getByLabel(con('charges.search')).press('Enter');
  await expect(page.getByRole('row').filter({ hasText: 'Formosa Operator Customer' }).getByText(formatTwd(price))).toBeVisible();
  await expectAccessible(page);
  await page.goto('/operator/audit');
  await expect(page.getByRole('row').filter({ hasText: 'OPS25' }).getByText(con('audit.actions.couponCreated'))).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'CLI100' })).toBeVisible();
  await expectAccessible(page);

  await screenshotConsole(page, 'zh-TW');
  await page.evaluate(() => localStorage.setItem('lodestar.language', 'en-US'));
  await screenshotConsole(page, 'en-US');
});
