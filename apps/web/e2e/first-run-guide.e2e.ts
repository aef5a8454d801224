import { expect, test, type Page } from '@playwright/test';
import type { Locale } from '@lodestar/contract';
import { apiCall, catalog, expectAccessible, screenshot, signIn } from './support/journey.ts';

// Many steps, each a save and a render: more time than one screen's journey.
test.describe.configure({ timeout: 180_000 });

/** The guide's current step heading ("Step 2 of 7 · Contact tags"). */
async function expectStep(page: Page, guide: ReturnType<typeof catalog>, index: number, step: string) {
  await expect(page.getByTestId('first-run-guide').getByRole('heading', { level: 3 })).toHaveText(`${guide('stepOf', { index: String(index), total: '7' })} · ${guide(`steps.${step}.title`)}`);
}

test('a workspace creator walks the first-run guide: saves, skips, resumes after a reload, finishes, reopens from settings', async ({ page }) => {
  const guide = catalog('guide');
  const deals = catalog('deals');
  const tags = catalog('tags');
  const common = catalog('common');
  const session = await signIn(page, { orgName: '台北業務團隊' });
  await page.goto(`/${session.orgId}/index`);
  const panel = page.getByTestId('first-run-guide');
  await expect(panel.getByRole('heading', { name: guide('title') })).toBeVisible({ timeout: 30_000 });

  // 1. Company name: the workspace details form, saved through the workspace API, moves on.
  await expectStep(page, guide, 1, 'companyName');
  await expectAccessible(page);
  await screenshot(page, 'guide-company-name-zh-TW');
  await panel.getByLabel(catalog('organizations')('form.workspaceName')).fill('台北業務一部');
  await panel.getByRole('button', { name: guide('saveAndContinue') }).click();
  await expect(page.getByTestId('header-workspace-name')).toHaveText('台北業務一部');

  // 2. Contact tags: the tag manager, then Next.
  await expectStep(page, guide, 2, 'contactTags');
  await panel.getByRole('button', { name: guide('steps.contactTags.action') }).click();
  const drawer = page.getByRole('dialog', { name: tags('manageTags') });
  await drawer.getByRole('button', { name: tags('createTag'), exact: true }).click();
  // Issue 30: the new empty row is not red on creation, only once left empty.
  const newName = drawer.getByLabel(tags('fields.name'));
  await expect(newName).not.toHaveAttribute('aria-invalid', 'true');
  await newName.focus();
  await newName.blur();
  await expect(newName).toHaveAttribute('aria-invalid', 'true');
  await newName.fill('VIP');
  await expect(newName).not.toHaveAttribute('aria-invalid', 'true');
  await drawer.getByRole('button', { name: common('actions.submit') }).click();
  await expect(drawer).toBeHidden();
  await expect(panel.getByText('VIP', { exact: true })).toBeVisible();
  await screenshot(page, 'guide-contact-tags-zh-TW');
  await panel.getByRole('button', { name: guide('next') }).click();

  // 3. Company tags: skipped.
  await expectStep(page, guide, 3, 'companyTags');
  await panel.getByRole('button', { name: guide('skip') }).click();

  // 4. Sales stages: the seeded stages in the stage editor.
  await expectStep(page, guide, 4, 'salesStages');
  await expect(panel.getByTestId('stage-row').first()).toBeVisible();
  await screenshot(page, 'guide-sales-stages-zh-TW');
  await panel.getByRole('button', { name: guide('next') }).click();

  // 5. Sales costs: one cost created in the costs editor (the costs API), then Next.
  await expectStep(page, guide, 5, 'salesCosts');
  await panel.getByRole('button', { name: deals('settings.cost.create') }).click();
  const costDialog = page.getByRole('dialog', { name: deals('settings.cost.create') });
  await costDialog.getByLabel(deals('settings.itemName')).fill('運費');
  await costDialog.getByLabel(deals('settings.defaultPrice')).fill('1200');
  await costDialog.getByRole('button', { name: common('actions.submit') }).click();
  await expect(panel.getByRole('cell', { name: '運費', exact: true })).toBeVisible();
  await screenshot(page, 'guide-sales-costs-zh-TW');
  await panel.getByRole('button', { name: guide('next') }).click();

  // 6. Calendar sync: skipped. Then leave and come back: the guide resumes at step 7.
  await expectStep(page, guide, 6, 'calendarSync');
  await screenshot(page, 'guide-calendar-sync-zh-TW');
  await panel.getByRole('button', { name: guide('skip') }).click();
  await expectStep(page, guide, 7, 'contactImport');
  await page.reload();
  await expectStep(page, guide, 7, 'contactImport');
  await screenshot(page, 'guide-contact-import-zh-TW');

  // 7. Contact import links to the import screen; back home, the finish panel.
  await panel.getByRole('link', { name: guide('steps.contactImport.action') }).click();
  await expect(page).toHaveURL(new RegExp(`/${session.orgId}/import/contact$`));
  await page.goto(`/${session.orgId}/index`);
  // Set: name, contact tags, stages, costs, and import (opened); skipped: company tags, calendar sync.
  await expect(panel.getByText(guide('finishText', { done: '5', skipped: '2', total: '7' }))).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'guide-finish-zh-TW');
  await panel.getByRole('button', { name: guide('finish'), exact: true }).click();
  await expect(panel).toBeHidden();

  // What the steps saved is really there.
  const costs = await apiCall<{ items: { name: string }[] }>(page.request, 'GET', '/settings/cost', undefined, session.token, session.orgId);
  expect(costs.items.map((item) => item.name)).toContain('運費');

  // Reopened from settings: the guide is back on the home page, from its first step.
  await page.goto(`/${session.orgId}/settings/guide`);
  await expect(page.getByText(guide('status.finished'))).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page);
  await screenshot(page, 'guide-settings-zh-TW');
  await page.getByRole('button', { name: guide('reopen') }).click();
  await expect(page).toHaveURL(new RegExp(`/${session.orgId}/index$`));
  await expectStep(page, guide, 1, 'companyName');
  // Hidden again: gone from the home page after a reload too.
  await panel.getByRole('button', { name: guide('hide') }).click();
  await expect(panel).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('home-greeting')).toBeVisible();
  await expect(panel).toBeHidden();
});

test('the guide in English', async ({ page }) => {
  const locale: Locale = 'en-US';
  const guide = catalog('guide', locale);
  await page.addInitScript(() => localStorage.setItem('lodestar.language', 'en-US'));
  const session = await signIn(page, { orgName: 'Formosa Sales' });
  await page.goto(`/${session.orgId}/index`);
  const panel = page.getByTestId('first-run-guide');
  await expect(panel.getByRole('heading', { name: guide('title') })).toBeVisible({ timeout: 30_000 });
  await expectStep(page, guide, 1, 'companyName');
  // The step's form, not its loading state, in the picture.
  await expect(page.getByLabel(catalog('organizations', locale)('form.workspaceName'), { exact: true })).toBeVisible();
  await screenshot(page, 'guide-company-name-en-US');
  for (const [index, step] of [[2, 'contactTags'], [3, 'companyTags'], [4, 'salesStages'], [5, 'salesCosts'], [6, 'calendarSync'], [7, 'contactImport']] as const) {
    await panel.getByRole('button', { name: guide('skip') }).click();
    await expectStep(page, guide, index, step);
    await screenshot(page, `guide-${step}-en-US`);
  }
  await panel.getByRole('button', { name: guide('skip') }).click();
  await expect(panel.getByText(guide('finishText', { done: '0', skipped: '7', total: '7' }))).toBeVisible();
  await screenshot(page, 'guide-finish-en-US');
  await page.goto(`/${session.orgId}/settings/guide`);
  await expect(page.getByText(guide('status.open'))).toBeVisible({ timeout: 30_000 });
  await screenshot(page, 'guide-settings-en-US');
});
