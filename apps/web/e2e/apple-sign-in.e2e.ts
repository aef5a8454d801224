import { expect, test } from '@playwright/test';
import { expectAccessible, registerThroughApi, screenshot, text, uniqueEmail } from './support/journey.ts';

// After Apple's answer: the ticket's trade, the profile, the org redirect and the first-workspace page's chunks, one
// after another — on a busy two-core CI machine that chain has taken more than the default ten seconds.
const firstPaint = 45_000;

/** Sign in with Apple against the local Apple double (apps/server/src/test/apple-double.ts). */
test('a new user signs in with Apple (a private relay address) and lands on the first-workspace screen', async ({ page }) => {
  await page.goto('/member/login');
  const appleButton = page.getByRole('button', { name: text('auth', 'apple.button') });
  await expect(appleButton).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'login-with-apple-zh-TW');
  await appleButton.click();

  // Apple's page (the double): the person confirms; Apple form-posts the answer back to the server.
  await expect(page.getByRole('heading', { name: 'Sign in with Apple ID' })).toBeVisible();
  const relay = `${Date.now().toString(36)}@privaterelay.appleid.com`;
  await page.getByLabel('Email').fill(relay);
  await page.getByRole('button', { name: 'Continue' }).click();

  // /user/apple-logining finishes the sign-in; a new account has no workspace yet.
  await expect(page.getByRole('heading', { name: text('organizations', 'firstTitle') })).toBeVisible({ timeout: firstPaint });
  const token = await page.evaluate(() => localStorage.getItem('lodestar.token'));
  const profile = await page.request.get('/api/profile', { headers: { authorization: `Bearer ${token}` } });
  expect((await profile.json()).data.email).toBe(relay);
});

test('an existing account is linked by its email; a refused answer says why on the finishing page', async ({ page }) => {
  const email = uniqueEmail('apple-existing');
  const account = await registerThroughApi(page.request, email);
  await page.goto('/member/signup');
  await page.getByRole('button', { name: text('auth', 'apple.button') }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: text('organizations', 'firstTitle') })).toBeVisible({ timeout: firstPaint });
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('lodestar.user') ?? 'null') as { id: string } | null);
  expect(stored?.id).toBe(account.user.id);

  // Apple's answer replayed (the browser's back button re-posting, or an attacker): refused, with a way back.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/user/apple-logining?error=APPLE_STATE_INVALID');
  await expect(page.getByTestId('apple-sign-in-error')).toHaveText(/./);
  await page.getByRole('button', { name: text('auth', 'apple.backToLogin') }).click();
  await expect(page).toHaveURL(/\/member\/login/);
});
