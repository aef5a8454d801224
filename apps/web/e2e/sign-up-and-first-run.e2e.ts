import { expect, test } from '@playwright/test';
import { expectAccessible, loginThroughUi, screenshot, strongPassword, text, uniqueEmail } from './support/journey.ts';


// A long journey (several page loads and accessibility checks) on a shared 2-core machine.
test.setTimeout(180_000);
test('a newcomer signs up, creates two workspaces, switches, changes password, logs out and back in @smoke', async ({ page }) => {
  const email = uniqueEmail('newcomer');

  // The root path goes to the organization redirect, which sends a visitor without a session to login.
  await page.goto('/');
  await expect(page).toHaveURL(/\/member\/login/);
  await expectAccessible(page);
  await screenshot(page, 'login-zh-TW');

  await page.getByRole('link', { name: text('auth', 'login.signupLink') }).click();
  await expect(page).toHaveURL(/\/member\/signup/);
  await page.getByLabel(text('auth', 'fields.firstName')).fill('小明');
  await page.getByLabel(text('auth', 'fields.lastName')).fill('王');
  await page.getByLabel(text('auth', 'fields.email')).fill(email);
  await page.getByLabel(text('auth', 'fields.password'), { exact: true }).fill(strongPassword);
  await page.getByLabel(text('auth', 'fields.confirmPassword')).fill(strongPassword);
  await expectAccessible(page);
  await screenshot(page, 'signup-zh-TW');
  await page.getByRole('button', { name: text('auth', 'signup.submit'), exact: true }).click();

  // No workspace yet: the first-workspace screen.
  await expect(page.getByRole('heading', { name: text('organizations', 'firstTitle') })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel(text('organizations', 'form.workspaceName')).fill('台北業務團隊');
  await page.getByRole('button', { name: text('organizations', 'form.create'), exact: true }).click();

  await expect(page).toHaveURL(/\/[0-9a-f-]{36}\/index$/);
  const firstOrgUrl = page.url();
  await expect(page.getByTestId('home-greeting')).toContainText('王小明');
  // The header shows the full name, family name first for a CJK name (not 小明王, not only 王).
  await expect(page.getByTestId('header-user-name')).toHaveText('王小明');
  await expect(page.getByTestId('header-workspace-name')).toHaveText('台北業務團隊');
  // The creator lands on the home page with the first-run guide open at its first step (first-run-guide.e2e.ts walks it).
  await expect(page.getByTestId('first-run-guide').getByRole('heading', { name: text('guide', 'title') })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'home-zh-TW');

  // A second workspace from the avatar menu; creating it opens its home.
  await page.getByTestId('avatar-menu').click();
  await screenshot(page, 'avatar-menu-zh-TW');
  await page.getByRole('menuitem', { name: text('common', 'layout.createWorkspace') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(text('organizations', 'form.workspaceName')).fill('台中分公司');
  await dialog.getByRole('button', { name: text('organizations', 'form.create'), exact: true }).click();
  await expect(page.getByTestId('header-workspace-name')).toHaveText('台中分公司');
  await expect(page).not.toHaveURL(firstOrgUrl);

  // Switch back: the first workspace is listed in the avatar menu with no check.
  await page.getByTestId('avatar-menu').click();
  await page.getByRole('menuitem', { name: '台北業務團隊' }).click();
  await expect(page).toHaveURL(firstOrgUrl);
  await expect(page.getByTestId('header-workspace-name')).toHaveText('台北業務團隊');

  // Change password: this device stays signed in.
  await page.goto('/account/password');
  await page.getByLabel(text('account', 'password.current')).fill(strongPassword);
  await page.getByLabel(text('account', 'password.new'), { exact: true }).fill('Another-pass-2026');
  await page.getByLabel(text('account', 'password.confirm')).fill('Another-pass-2026');
  await expectAccessible(page);
  await screenshot(page, 'account-password-zh-TW');
  await page.getByRole('button', { name: text('account', 'password.submit') }).click();
  await expect(page.getByText(text('account', 'password.success'))).toBeVisible();

  // Log out, then log in with the new password and land on the default workspace.
  // The menu opens once its workspace list has loaded (rows inserted into an open menu once moved logout under the
  // pointer and the click switched workspace instead: the URL stayed on the dashboard).
  await page.goto(firstOrgUrl);
  await page.getByTestId('avatar-menu').click();
  await expect(page.getByTestId('avatar-menu-workspace')).toHaveCount(2);
  await page.getByRole('menuitem', { name: text('common', 'layout.logout') }).click();
  await expect(page).toHaveURL(/\/member\/login/);
  await loginThroughUi(page, email, 'Another-pass-2026');
  await expect(page).toHaveURL(firstOrgUrl);
});
