import { expect as baseExpect, test, type Page } from '@playwright/test';
import { e2eMailDir } from '../playwright.config.ts';
import { formatTwd } from '../src/features/billing/subscription/format.ts';
import { apiCall, avatarMenu, catalog, expectAccessible, registerThroughApi, sandboxTestCard, screenshot, signIn, uniqueEmail } from './support/journey.ts';
import { waitForMail } from './support/mail-sink.ts';
import { journeyCoupon } from './support/seed.ts';

// Each screen of these journeys loads on demand and some wait for the gateway: allow for a busy CI machine.
const expect = baseExpect.configure({ timeout: 30_000 });

const subscription = catalog('subscription');
const members = catalog('members');
const errors = catalog('errors');

/** The sandbox's published card that is approved once and declines every renewal (docs/decisions/0010). */
const renewalsDeclinedCard = '4000 0000 0000 0341';
const hour = 3_600_000;

async function payWithSandboxCardIn(page: Page, words: (key: string) => string, number: string, button: string) {
  await page.getByLabel(words('card.number')).fill(number);
  await page.getByLabel(words('card.expiry')).fill(sandboxTestCard.expiry);
  await page.getByLabel(words('card.cvc')).fill(sandboxTestCard.cvc);
  await page.getByRole('button', { name: button }).click();
}
const payWithSandboxCard = (page: Page, number: string, button: string) => payWithSandboxCardIn(page, subscription, number, button);

/**
 * docs/product.md#overview, #screens, #states: an administrator on Free upgrades to Team from the avatar menu with
 * the sandbox provider, invites a teammate at once (refused on Free), finds the charge in the payment record,
 * redeems a coupon; the renewal is declined (the clock is moved with the server's dev-only test clock), the
 * administrator is told in the app and by mail, the workspace freezes for every member, and paying unfreezes it.
 */
test('upgrade to Team with the sandbox card, invite a teammate, coupon, a declined renewal freezes the workspace until it is paid', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const admin = await signIn(page, { orgName: 'Formosa Billing' });
  const { orgId, token } = admin;

  // On Free, inviting is closed with an upgrade tip.
  await page.goto(`/${orgId}/settings/users`);
  await page.getByRole('tab', { name: members('tabs.create') }).click();
  await expect(page.getByText(members('invite.upgradeTip'))).toBeVisible();

  // Upgrade from the avatar menu: the plans side by side, Team preselected, test mode said out loud.
  await avatarMenu(page, 'avatar-menu-upgrade');
  await expect(page).toHaveURL(new RegExp(`/subscription\\?orgId=${orgId}`));
  await expect(page.getByRole('heading', { level: 1, name: subscription('title') })).toBeVisible();
  await expect(page.getByTestId('plan-free').getByText(subscription('compare.current'))).toBeVisible();
  await expect(page.getByText(subscription('testModeBanner'))).toBeVisible();
  await page.getByTestId('plan-pro').getByRole('button', { name: subscription('compare.choose') }).click();
  await expect(page.getByTestId('monthly-total')).toHaveText(subscription('options.total', { amount: formatTwd(590) }));
  await page.getByTestId('plan-subscribe_team').getByRole('button', { name: subscription('compare.choose') }).click();
  await expect(page.getByTestId('plan-subscribe_team').getByRole('button', { name: subscription('compare.selected') })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('monthly-total')).toHaveText(subscription('options.total', { amount: formatTwd(1490) }));
  await expectAccessible(page);
  await screenshot(page, 'billing-plan-comparison-zh-TW');

  // The card that pays now and declines its renewals, so the journey can walk the dunning path later.
  await payWithSandboxCard(page, renewalsDeclinedCard, subscription('pay', { amount: formatTwd(1490) }));
  await expect(page.getByText(subscription('success.title'), { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/subscription\/success\?/);
  await screenshot(page, 'billing-success-zh-TW');

  // Invite a teammate right after: the invitation now goes out.
  await page.getByRole('button', { name: subscription('success.invite') }).click();
  await expect(page).toHaveURL(new RegExp(`/${orgId}/settings/users$`));
  await page.getByRole('tab', { name: members('tabs.create') }).click();
  await expect(page.getByText(members('invite.upgradeTip'))).toHaveCount(0);
  const teammateEmail = uniqueEmail('teammate');
  const emails = page.getByLabel(members('fields.emails'));
  await emails.fill(teammateEmail);
  await emails.press('Enter');
  await page.getByRole('button', { name: members('invite.submit') }).click();
  await expect(page.getByRole('row', { name: new RegExp(teammateEmail) }).getByText(members('status.invited'))).toBeVisible();
  // The teammate accepts from the mailed link (the invitation journey walks that screen; here it is the API).
  const link = new URL(await waitForMail(e2eMailDir, teammateEmail, /(https?:\/\/\S+\/user\/orgAccepted\?\S+)/));
  const teammate = await registerThroughApi(page.request, teammateEmail);
  await apiCall(page.request, 'POST', '/settings/user/acceptInvite', { orgId: link.searchParams.get('orgId'), userId: link.searchParams.get('userId') }, teammate.token);

  // The payment record lists the charge, paid, with its receipt.
  await page.goto(`/account/purchase/history?orgId=${orgId}`);
  const chargeRow = page.getByRole('row').filter({ hasText: formatTwd(1490) });
  await expect(chargeRow.getByText(subscription('chargeStatus.paid'))).toBeVisible();
  await expect(chargeRow.getByText(subscription('plans.subscribe_team.name'))).toBeVisible();
  await screenshot(page, 'billing-purchase-history-zh-TW');

  // Plan info: Team with its seats; a coupon for 20 % off the next charge.
  await page.goto(`/account/planInfo?orgId=${orgId}`);
  await expect(page.getByTestId('plan-name')).toHaveText(subscription('plans.subscribe_team.name'));
  await page.getByLabel(subscription('coupon.code')).fill(journeyCoupon.code.toLowerCase());
  await page.getByRole('button', { name: subscription('coupon.redeem') }).click();
  await expect(page.getByText(subscription('coupon.pending', { code: journeyCoupon.code }))).toBeVisible();
  const discounted = 1490 * 0.8;
  await expect(page.getByText(formatTwd(discounted), { exact: false })).toBeVisible();
  await screenshot(page, 'billing-plan-info-zh-TW');

  // The renewal is charged 24 hours before the period ends, and the card declines it.
  const info = await apiCall<{ currentPeriodEnd: string }>(page.request, 'GET', '/billing/subscription', undefined, token, orgId);
  const periodEnd = new Date(info.currentPeriodEnd).getTime();
  const runRenewalsAt = (at: number) => apiCall(page.request, 'POST', '/billing/test-clock/renewals', { at: new Date(at).toISOString() }, token, orgId);
  await runRenewalsAt(periodEnd - hour);
  await waitForMail(e2eMailDir, admin.email, /(付款失敗|payment failed)/i);
  await page.goto(`/${orgId}/index`);
  await expect(page.locator('.billing-notice').getByText(subscription('owing.failed'))).toBeVisible();

  // Seven days after the period end, still unpaid: frozen for every member (423 → the frozen page).
  await runRenewalsAt(periodEnd + 8 * 24 * hour);
  const teammateContext = await browser.newContext();
  await teammateContext.addInitScript(([t, u, o]) => {
    localStorage.setItem('lodestar.token', t);
    localStorage.setItem('lodestar.user', JSON.stringify({ id: u.id, firstName: u.firstName, orgId: o, avatar: null }));
  }, [teammate.token, teammate.user, orgId] as const);
  const teammatePage = await teammateContext.newPage();
  await teammatePage.goto(`/${orgId}/index`);
  await expect(teammatePage).toHaveURL(new RegExp(`/${orgId}/frozen$`));
  await expect(teammatePage.getByRole('heading', { name: errors('frozenTitle') })).toBeVisible();
  await page.goto(`/${orgId}/index`);
  await expect(page).toHaveURL(new RegExp(`/${orgId}/frozen$`));
  await expect(page.getByRole('heading', { name: errors('frozenTitle') })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'billing-frozen-zh-TW');

  // The administrator pays what is owed with another card: unfrozen at once, for everyone.
  await page.getByRole('button', { name: errors('frozenPay') }).click();
  await expect(page.getByText(subscription('owing.frozen'))).toBeVisible();
  await screenshot(page, 'billing-pay-owed-zh-TW');
  await payWithSandboxCard(page, sandboxTestCard.number, subscription('owing.pay', { amount: formatTwd(discounted) }));
  await expect(page.getByText(subscription('success.title'), { exact: true })).toBeVisible();
  await teammatePage.goto(`/${orgId}/index`);
  await expect(teammatePage.getByTestId('header-workspace-name')).toHaveText('Formosa Billing');
  await expect(teammatePage).toHaveURL(new RegExp(`/${orgId}/index$`));
  await teammateContext.close();
});

/**
 * docs/product.md#plans-and-subscriptions, in English: a declined card lands on Payment Failed; the sandbox's
 * 3-D Secure test card goes to our test-mode verification page and, approved, back to success; the card on file
 * is then changed without a payment.
 */
test('sandbox 3-D Secure verification, a declined card, and changing the card on file (en-US)', async ({ page }) => {
  test.setTimeout(180_000);
  const en = catalog('subscription', 'en-US');
  await page.addInitScript(() => localStorage.setItem('lodestar.language', 'en-US'));
  const { orgId } = await signIn(page, { orgName: 'Formosa Verify' });

  await page.goto(`/subscription?orgId=${orgId}`);
  await expect(page.getByText(en('testModeBanner'))).toBeVisible();
  await screenshot(page, 'billing-plan-comparison-en-US');
  await page.getByLabel(en('card.number')).fill('4000 0000 0000 0002');
  await page.getByLabel(en('card.expiry')).fill(sandboxTestCard.expiry);
  await page.getByLabel(en('card.cvc')).fill(sandboxTestCard.cvc);
  await screenshot(page, 'billing-payment-en-US');
  await page.getByRole('button', { name: en('pay', { amount: formatTwd(1490) }) }).click();
  await expect(page.getByText(en('fail.title'), { exact: true })).toBeVisible();
  await screenshot(page, 'billing-fail-en-US');

  await page.getByRole('button', { name: en('fail.retry') }).click();
  await payWithSandboxCardIn(page, en, '4000 0000 0000 3220', en('pay', { amount: formatTwd(1490) }));
  await expect(page).toHaveURL(/\/subscription\/verify\?trade=SBX/);
  await expect(page.getByText(en('verify.testMode'))).toBeVisible();
  await expect(page.getByText(formatTwd(1490))).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'billing-3ds-verify-en-US');
  await page.getByRole('button', { name: en('verify.approve') }).click();
  await expect(page.getByText(en('success.title'), { exact: true })).toBeVisible();
  await screenshot(page, 'billing-success-en-US');

  // Change the card on file: nothing is charged, the next renewal uses it.
  await page.goto(`/account/planInfo?orgId=${orgId}`);
  await expect(page.getByText('VISA •••• 3220')).toBeVisible();
  await page.getByRole('button', { name: en('changeCard.action') }).click();
  const dialog = page.getByRole('dialog', { name: en('changeCard.title') });
  await dialog.getByLabel(en('card.number')).fill('5555 5555 5555 4444');
  await dialog.getByLabel(en('card.expiry')).fill(sandboxTestCard.expiry);
  await dialog.getByLabel(en('card.cvc')).fill(sandboxTestCard.cvc);
  await screenshot(page, 'billing-change-card-en-US');
  await dialog.getByRole('button', { name: en('changeCard.submit') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('MASTERCARD •••• 4444')).toBeVisible();
  await screenshot(page, 'billing-plan-info-en-US');
  await page.goto(`/account/purchase/history?orgId=${orgId}`);
  await expect(page.getByRole('row').filter({ hasText: formatTwd(1490) }).getByText(en('chargeStatus.paid'))).toBeVisible();
  await screenshot(page, 'billing-purchase-history-en-US');
});

/**
 * Issue 30 #1 and #4: on /subscription a coupon is checked as it is typed; the discount, what is due today, the
 * renewal price and the pay button all say NT$1,192 for 20 % off Team, and exactly that is charged. The cardholder
 * name is prefilled by the one name rule (王小明, not 小明 王). Screens in zh-TW and en-US, desktop and phone.
 */
test('a coupon shows its price before paying, and exactly that is charged', async ({ page }) => {
  test.setTimeout(180_000);
  const { orgId } = await signIn(page, { orgName: 'Formosa Coupon' });
  const couponCode = page.getByLabel(subscription('coupon.code'));
  const payButton = page.getByTestId('pay-button');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/subscription?orgId=${orgId}`);
  await expect(page.getByLabel(subscription('card.holder'))).toHaveValue('王小明');
  await expect(payButton).toContainText(formatTwd(1490));

  await couponCode.fill('NOPE-123');
  await expect(page.getByTestId('coupon-status')).toHaveText(subscription('coupon.refusal.notFound'));
  await expect(payButton).toBeDisabled();
  await couponCode.fill(journeyCoupon.code.toLowerCase());
  await expect(page.getByTestId('coupon-status')).toHaveText(subscription('coupon.applied', { code: journeyCoupon.code, terms: subscription('coupon.percentOff', { value: '20' }) }));
  await expect(page.getByTestId('due-today')).toHaveText(formatTwd(1192));
  await expect(page.getByTestId('renewal-price')).toContainText(formatTwd(1490));
  await expect(payButton).toContainText(formatTwd(1192));
  await expect(payButton).toBeEnabled();
  await expectAccessible(page);
  await screenshot(page, 'billing-coupon-desktop-zh-TW');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'billing-coupon-phone-zh-TW');

  const en = catalog('subscription', 'en-US');
  await page.evaluate(() => localStorage.setItem('lodestar.language', 'en-US'));
  await page.reload();
  await page.getByLabel(en('coupon.code')).fill(journeyCoupon.code);
  await expect(page.getByTestId('due-today')).toHaveText(formatTwd(1192));
  await expect(payButton).toContainText(formatTwd(1192));
  await expect(payButton).toBeEnabled();
  await screenshot(page, 'billing-coupon-phone-en-US');
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, 'billing-coupon-desktop-en-US');

  await payWithSandboxCardIn(page, en, sandboxTestCard.number, en('pay', { amount: formatTwd(1192) }));
  await expect(page.getByText(en('success.title'), { exact: true })).toBeVisible();
  await page.goto(`/account/purchase/history?orgId=${orgId}`);
  const row = page.getByRole('row').filter({ hasText: formatTwd(1192) });
  await expect(row.getByText(en('chargeStatus.paid'))).toBeVisible();
});
