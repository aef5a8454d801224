import { expect, test } from '@playwright/test';
import { catalog, screenshot, signIn } from './support/journey.ts';

const common = catalog('common');

/**
 * docs/product.md#errors: the server is updated while a tab is open. Two signs reach the tab: API answers name
 * another build, and the old build's chunks are gone. Either way the user is told to reload, not left blank.
 */
test('API answers from a newer build show the new-version notice; reloading picks up the new build', async ({ page }) => {
  const { orgId } = await signIn(page);
  await page.goto(`/${orgId}/index`);
  await expect(page.getByTestId('avatar-menu')).toBeVisible();
  // The real server runs this very build: nothing to say.
  await expect(page.getByTestId('new-version-notice')).toHaveCount(0);

  // "The server was redeployed": its answers now carry another build id.
  // A request the page drops meanwhile (the reload below, a cancelled preload) needs no answer: its route is handled
  // already and fulfilling it throws, which is no failure of the app.
  await page.route('**/api/**', async (route) => {
    try {
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), 'x-lodestar-build': 'a-newer-build' } });
    } catch {
      // the request is gone
    }
  });
  await page.getByRole('link', { name: common('layout.contacts') }).first().click();
  const notice = page.getByTestId('new-version-notice');
  await expect(notice).toContainText(common('newVersion.message'));
  await screenshot(page, 'new-version-notice-zh-TW');

  // Reload: the server is "back" on the build the tab gets (the route removed), and the notice is gone.
  await page.unroute('**/api/**');
  await notice.getByRole('button', { name: common('newVersion.reload') }).click();
  await expect(page.getByTestId('avatar-menu')).toBeVisible();
  await expect(page.getByTestId('new-version-notice')).toHaveCount(0);
});

test('a page whose chunk is gone shows the new-version message with a reload button, not a blank screen', async ({ page }) => {
  const { orgId } = await signIn(page);
  await page.goto(`/${orgId}/index`);
  await expect(page.getByTestId('avatar-menu')).toBeVisible();
  // The home dashboard loads its cards on demand: let every chunk of this page arrive first. The creator's first-run
  // guide loads its step after the page's first data, which can come after a first quiet moment on a loaded machine.
  await expect(page.getByTestId('first-run-guide').getByRole('heading', { level: 3 })).toBeVisible();
  // Exact: the header's rename button is labelled "rename workspace name" too.
  await expect(page.getByLabel(catalog('organizations')('form.workspaceName'), { exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The old build's files were removed by the update: every chunk not loaded yet now fails.
  await page.route(/\/assets\/.+\.(js|css)$/, (route) => route.abort());
  await page.getByRole('link', { name: common('layout.deals') }).first().click();
  await expect(page.getByRole('heading', { name: common('newVersion.message') })).toBeVisible();
  // Said once: the page says it, so no second notice on top.
  await expect(page.getByTestId('new-version-notice')).toHaveCount(0);

  await page.unroute(/\/assets\/.+\.(js|css)$/);
  await page.getByRole('button', { name: common('newVersion.reload') }).click();
  await expect(page).toHaveURL(new RegExp(`/${orgId}/deal/list`));
  await expect(page.getByRole('heading', { name: common('newVersion.message') })).toHaveCount(0);
});
