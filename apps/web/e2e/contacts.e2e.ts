import { expect, test, type Page } from '@playwright/test';
import { recordFieldTitle } from '@lodestar/contract';
import { expectAccessible, fastCreate, screenshot, signIn, text } from './support/journey.ts';

/** The contact list's tag panel: its create menu's "create tag" dialog. */
async function openCreateTag(page: Page) {
  await page.getByRole('button', { name: text('tags', 'createMenu') }).click();
  await page.getByRole('menuitem', { name: text('tags', 'createTag'), exact: true }).click();
  return page.getByRole('dialog', { name: text('tags', 'createTag') });
}

// A long journey on a shared machine: more than the default minute.
test.setTimeout(180_000);

test('create a client from the fast-create menu, find them by a two-character Chinese name, tag, delete and restore @smoke', async ({ page, context }) => {
  const { orgId } = await signIn(page);

  // Home: no client added this week yet, and the empty state says where to add one.
  await page.goto(`/${orgId}/index`);
  // Often the first journey on a freshly started server, on a busy machine: the home page's cards load after the guide.
  await expect(page.getByTestId('recent-contacts').getByText(text('contacts', 'recent.empty'))).toBeVisible({ timeout: 30_000 });

  // A tag to apply later, created from the contact list's tag panel.
  await page.goto(`/${orgId}/contact/list`);
  await expect(page.getByText(text('contacts', 'empty'))).toBeVisible();
  const tagDialog = await openCreateTag(page);
  await tagDialog.getByLabel(text('tags', 'fields.name')).fill('VIP');
  await tagDialog.getByRole('radio', { name: text('common', 'colors.colorNumber', { number: '2', color: '#F5222D' }) }).click();
  await tagDialog.getByRole('button', { name: text('common', 'actions.submit') }).click();
  await expect(page.locator('.tag-side-view').getByText('VIP')).toBeVisible();

  // Fast-create → client: first name, last name, phone with type; the detail page opens in a new tab.
  await fastCreate(page, text('common', 'layout.fastCreateClient'));
  const dialog = page.getByRole('dialog', { name: text('contacts', 'quickCreateTitle') });
  await dialog.getByLabel(text('contacts', 'fields.firstName')).fill('明');
  await dialog.getByLabel(text('contacts', 'fields.lastName')).fill('孔');
  await dialog.getByLabel(`${text('contacts', 'fields.phones')} 1`, { exact: true }).fill('0912-345-678');
  const popupPromise = context.waitForEvent('page');
  await dialog.getByRole('button', { name: text('common', 'actions.submit') }).click();
  const popup = await popupPromise;
  await expect(popup.getByRole('heading', { level: 1, name: '孔明' })).toBeVisible({ timeout: 30_000 });
  await popup.close();

  // Home lists the new client among this week's; global search (800 ms debounce) finds the
  // two-character Chinese name and jumps to the detail page.
  await page.goto(`/${orgId}/index`);
  await expect(page.getByTestId('recent-contacts').getByRole('link', { name: '孔明' })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'home-recent-contacts-zh-TW');
  await page.getByRole('combobox', { name: text('search', 'label') }).fill('孔明');
  await page.getByTestId('search-result').filter({ hasText: '孔明' }).click();
  await expect(page).toHaveURL(new RegExp(`/${orgId}/contact/detail/`));
  await expect(page.getByRole('heading', { level: 1, name: '孔明' })).toBeVisible();
  await expect(page.getByRole('main').getByText('0912-345-678')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'contact-detail-zh-TW');

  // Tag them.
  await page.getByRole('button', { name: text('tags', 'editTags') }).click();
  await page.getByTestId('record-tags-editor').locator('.ant-select').click();
  await page.locator('.ant-select-tree').getByText('VIP').click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: text('common', 'actions.save') }).click();
  await expect(page.getByTestId('record-tags').getByText('VIP')).toBeVisible();

  // Delete → the trash.
  await page.getByRole('button', { name: text('contacts', 'actions.delete') }).click();
  await page.getByRole('dialog').getByRole('button', { name: text('common', 'actions.delete') }).click();
  await expect(page).toHaveURL(new RegExp(`/${orgId}/contact/list`));
  await expect(page.getByRole('link', { name: '孔明' })).toHaveCount(0);

  // Restore from the trash; the client is back in the list with the tag.
  await page.getByRole('link', { name: text('common', 'layout.trash') }).click();
  await expect(page.getByText(text('trash', 'retention', { days: '30' }))).toBeVisible();
  await page.getByRole('button', { name: text('trash', 'restoreOne', { name: '孔明' }) }).click();
  await expect(page.getByRole('cell', { name: '孔明' })).toHaveCount(0);
  await page.getByRole('link', { name: text('common', 'layout.contacts') }).click();
  // The list is a virtual table (div rows), so the row is found by its class.
  const row = page.locator('.ant-table-row').filter({ has: page.getByRole('link', { name: '孔明' }) });
  await expect(row).toBeVisible();
  await screenshot(page, 'contact-list-zh-TW');
  await expect(row).toBeVisible();
  await expect(row.getByText('VIP')).toBeVisible();

  // Column settings (titled by the contract's field list): hiding the phone column takes it off the list.
  await page.goto(`/${orgId}/settings/columnContactDisplay`);
  const phoneLabel = recordFieldTitle('zh-TW', 'contact', 'phone')!;
  await page.getByRole('switch', { name: text('column-settings', 'showColumn', { name: phoneLabel }) }).click();
  await expect(page.getByText(text('column-settings', 'saved'))).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'settings-contact-columns-zh-TW');
  await page.goto(`/${orgId}/contact/list`);
  await expect(page.locator('.ant-table-row').filter({ has: page.getByRole('link', { name: '孔明' }) })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: phoneLabel, exact: true })).toHaveCount(0);
  await expect(page.getByText('0912-345-678')).toHaveCount(0);
});

test('save the list filter under a name, open it again and delete it (its dialog loads when first opened)', async ({ page }) => {
  const { orgId } = await signIn(page);
  await page.goto(`/${orgId}/contact/list`);
  await expect(page.getByText(text('contacts', 'empty'))).toBeVisible();
  const tagDialog = await openCreateTag(page);
  await tagDialog.getByLabel(text('tags', 'fields.name')).fill('VIP');
  await tagDialog.getByRole('button', { name: text('common', 'actions.submit') }).click();

  // Nothing chosen: nothing to save. Choosing the tag filters the list, and the filter can be saved.
  const save = page.getByRole('button', { name: text('contacts', 'savedFilters.save') });
  await expect(save).toBeDisabled();
  await page.locator('.tag-side-view').getByText('VIP').click();
  await expect(save).toBeEnabled();
  await save.click();
  const dialog = page.getByRole('dialog', { name: text('contacts', 'savedFilters.save') });
  await dialog.getByLabel(text('contacts', 'savedFilters.name')).fill('VIP 客戶');
  await expectAccessible(page);
  await screenshot(page, 'saved-filter-dialog-zh-TW');
  await dialog.getByRole('button', { name: text('contacts', 'savedFilters.save') }).click();
  await expect(page.getByText(text('contacts', 'savedFilters.saved'))).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.saved-filters').getByText('VIP 客戶')).toBeVisible();

  await page.getByRole('button', { name: text('contacts', 'savedFilters.delete') }).click();
  await page.getByRole('dialog', { name: text('contacts', 'savedFilters.deleteConfirm') }).getByRole('button', { name: text('contacts', 'savedFilters.delete') }).click();
  await expect(page.getByText(text('contacts', 'savedFilters.deleted'))).toBeVisible();
  await expect(page.locator('.saved-filters').getByText('VIP 客戶')).toBeHidden();
});
