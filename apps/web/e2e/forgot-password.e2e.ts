import { expect, test } from '@playwright/test';
import { waitForMail } from './support/mail-sink.ts';
import { e2eMailDir } from '../playwright.config.ts';
import { expectAccessible, loginThroughUi, registerThroughApi, screenshot, screenshotBothSizes, text, uniqueEmail } from './support/journey.ts';

test('a user recovers a forgotten password with the emailed code', async ({ page }) => {
  const email = uniqueEmail('forgetful');
  await registerThroughApi(page.request, email);

  await page.goto('/member/login');
  // A narrow desktop window (no phone emulation) must not scroll sideways either: the card's padding was outside its width.
  await screenshotBothSizes(page, 'sign-in', () => expect(page.getByRole('link', { name: text('auth', 'login.forgot') })).toBeVisible());
  await page.getByRole('link', { name: text('auth', 'login.forgot') }).click();
  await expect(page).toHaveURL(/\/user\/forgot\/password/);
  // The login page (with its own e-mail field) stays on screen until the recovery page's chunk has loaded.
  await expect(page.getByRole('heading', { name: text('auth', 'forgot.title') })).toBeVisible();
  await page.getByLabel(text('auth', 'fields.email')).fill(email);
  await expectAccessible(page);
  await page.getByRole('button', { name: text('auth', 'forgot.sendCode') }).click();

  // The code arrives over real SMTP.
  const code = await waitForMail(e2eMailDir, email, /\b(\d{6})\b/);
  await page.getByLabel(text('auth', 'fields.code')).fill(code);
  await screenshot(page, 'forgot-code-zh-TW');
  await page.getByRole('button', { name: text('auth', 'forgot.verify'), exact: true }).click();

  await page.getByLabel(text('auth', 'fields.newPassword')).fill('Recovered-pass-2026');
  await page.getByLabel(text('auth', 'fields.confirmPassword')).fill('Recovered-pass-2026');
  await page.getByRole('button', { name: text('auth', 'forgot.submit') }).click();
  await expect(page).toHaveURL(/\/member\/login/);

  await loginThroughUi(page, email, 'Recovered-pass-2026');
  // No workspace yet: signed in, the first-workspace screen appears.
  await expect(page.getByRole('heading', { name: text('organizations', 'firstTitle') })).toBeVisible();
});
