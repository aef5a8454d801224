import { expect, test } from '@playwright/test';
import { catalog, expectAccessible, screenshot, signIn, text } from './support/journey.ts';

const t = catalog('calendar-sync');

test('connect Google Calendar through OAuth (local double), see the account, and make the ICS subscription link', async ({ page, request }) => {
  await signIn(page);
  await page.goto('/account/calendarSync');
  // The account page waits for every catalog and its chunk: room for a loaded machine.
  await expect(page.getByRole('heading', { name: t('title'), level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: text('common', 'layout.calendarSync') }).waitFor();

  // Connect: our authorize URL → the double's consent (granted at once) → our callback → back to this page.
  await page.getByRole('button', { name: t('connect', { name: t('providers.google') }) }).click();
  await page.waitForURL(/\/account\/calendarSync\?provider=google&outcome=connected/);
  await expect(page.getByText(t('outcome.connected', { name: t('providers.google') }))).toBeVisible();
  const google = page.getByRole('region', { name: t('providers.google') });
  await expect(google.getByText('sales@example.com')).toBeVisible();
  await expect(google.getByRole('checkbox', { name: `Work (${t('primary')})` })).toBeChecked();
  await expect(google.getByRole('checkbox', { name: 'Family' })).not.toBeChecked();
  await expect(google.getByLabel(t('syncType.label'))).toBeVisible();

  // Sync now: pulls from the double; the status reads up to date with a time.
  await google.getByRole('button', { name: t('syncNow') }).click();
  await expect(google.getByText(t('status.idle'))).toBeVisible();
  await expect(google.getByText(t('never'))).toHaveCount(0);

  // The ICS feed link.
  await page.getByRole('button', { name: t('feed.create') }).click();
  const feedUrl = page.getByLabel(t('feed.url'));
  await expect(feedUrl).toHaveValue(/\/api\/calendar-feed\/[A-Za-z0-9_-]+\.ics$/);
  const ics = await request.get(await feedUrl.inputValue());
  expect(ics.headers()['content-type']).toContain('text/calendar');
  expect(await ics.text()).toContain('BEGIN:VCALENDAR');

  await expectAccessible(page);
  // Back to the top, so the sticky header sits at the top of the full-page capture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'calendar-sync');
});
