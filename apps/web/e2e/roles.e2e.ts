import { expect, test } from '@playwright/test';
import { catalog, expectAccessible, screenshot, signIn } from './support/journey.ts';

const roles = catalog('roles');
const members = catalog('members');
const errors = catalog('errors');
const common = catalog('common');

/** Settings → roles (docs/product.md#team-and-access): create a role, assign it, see who holds it and where it shows. */
test('an administrator creates a role and assigns it; the role shows in the users table and on the roles page', async ({ page }) => {
  const { orgId } = await signIn(page);
  await page.goto(`/${orgId}/settings/roles`);
  await expect(page.getByRole('heading', { name: roles('title') })).toBeVisible();
  // The built-in roles, translated, with the owner as the administrator.
  const adminRow = page.getByRole('row', { name: new RegExp(roles('builtIn.administrator')) });
  await expect(adminRow.getByText('王小明')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`^${roles('builtIn.member')}`) })).toBeVisible();

  await page.getByRole('button', { name: roles('createButton') }).click();
  await page.getByRole('textbox', { name: roles('fields.name') }).fill('業務主管');
  await page.getByRole('button', { name: common('actions.save') }).click();
  const newRow = page.getByRole('row', { name: /業務主管/ });
  await expect(newRow.getByText(roles('noHolders'))).toBeVisible();
  await expectAccessible(page);

  // Assign it in Settings → users.
  await page.goto(`/${orgId}/settings/users`);
  await page.getByRole('button', { name: members('actionsFor.edit', { name: '王小明' }) }).click();
  const dialog = page.getByRole('dialog');
  // Picked with the keyboard: a click on the option could land where the body-level popup was a moment before
  // (Playwright's scroll into view moved the page behind the dialog, traced in CI).
  const roleField = dialog.getByLabel(members('fields.roleName'));
  await roleField.focus();
  await roleField.press('ArrowDown');
  await expect(page.locator('.ant-select-item-option-active').filter({ hasText: '業務主管' })).toBeVisible();
  await roleField.press('Enter');
  await dialog.getByRole('button', { name: common('actions.save') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: /王小明/ }).getByText('業務主管')).toBeVisible();

  // The roles page shows the holder; a held role cannot be deleted.
  await page.goto(`/${orgId}/settings/roles`);
  await expect(newRow.getByText('王小明')).toBeVisible();
  await expect(newRow.getByRole('button', { name: roles('deleteOf', { name: '業務主管' }) })).toBeDisabled();
  await expect(page.getByRole('row', { name: new RegExp(roles('builtIn.administrator')) }).getByText(roles('noHolders'))).toBeVisible();
  await screenshot(page, 'roles-zh-TW');
});

test('/targets opens the personal targets page; an unknown settings path shows the not-found page', async ({ page }) => {
  const { orgId } = await signIn(page);
  await page.goto('/targets');
  await expect(page).toHaveURL(new RegExp(`/${orgId}/targets$`));
  await page.goto(`/${orgId}/settings/no-such-page`);
  await expect(page.getByRole('heading', { name: errors('pageNotFoundTitle') })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${orgId}/settings/no-such-page$`));
});
