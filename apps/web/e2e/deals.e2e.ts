import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible, fastCreate, screenshot, signIn, text } from './support/journey.ts';

/** Drags a board card by its handle onto a column with the mouse (dnd-kit starts after 5 px). */
async function dragCard(page: Page, card: Locator, column: Locator) {
  const handle = card.getByRole('button', { name: text('deals', 'board.move', { name: await card.locator('.deal-card__title').innerText() }) });
  const from = (await handle.boundingBox())!;
  const to = (await column.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 20, from.y + 20, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + 120, { steps: 15 });
  await page.mouse.up();
}

// A long journey on a shared machine: more than the default minute.
test.setTimeout(180_000);

test('add a stage, a product and a cost; create a deal with both, drag it across the board, close it as won @smoke', async ({ page }) => {
  const { orgId } = await signIn(page);

  // A fresh workspace starts with the default stages in the creator's language; one more is added in settings.
  await page.goto(`/${orgId}/deal/list`);
  await expect(page.getByTestId('deal-column').filter({ has: page.getByRole('heading', { name: '初步接洽' }) })).toBeVisible({ timeout: 60_000 }); // the first page of a cold server
  await page.goto(`/${orgId}/settings/salesStage`);
  await expect(page.getByTestId('stage-row')).toHaveCount(5);
  await page.getByRole('button', { name: text('deals', 'settings.createStage') }).first().click();
  const stageDialog = page.getByRole('dialog', { name: text('deals', 'settings.createStage') });
  await stageDialog.getByLabel(text('deals', 'settings.stageTitle')).fill('試用評估');
  await stageDialog.getByLabel(text('deals', 'settings.alertNotice')).fill('7');
  await stageDialog.getByLabel(text('deals', 'fields.closingRate')).fill('60');
  await stageDialog.getByRole('button', { name: text('common', 'actions.submit') }).click();
  await expect(page.getByTestId('stage-row').filter({ hasText: '試用評估' })).toBeVisible();

  // A product with a colour and a default price; a cost.
  await page.getByRole('link', { name: text('settings', 'pages.productList'), exact: true }).click();
  await page.getByRole('button', { name: text('deals', 'settings.product.create') }).click();
  let dialog = page.getByRole('dialog', { name: text('deals', 'settings.product.create') });
  await dialog.getByLabel(text('deals', 'settings.itemName')).fill('CRM 授權');
  await dialog.getByRole('radio', { name: text('common', 'colors.colorNumber', { number: '3', color: '#FA8C16' }) }).click();
  await dialog.getByLabel(text('deals', 'settings.defaultPrice')).fill('1200');
  await dialog.getByRole('button', { name: text('common', 'actions.submit') }).click();
  await expect(page.getByRole('cell', { name: '$1,200' })).toBeVisible();
  await page.getByRole('link', { name: text('settings', 'pages.costs'), exact: true }).click();
  await page.getByRole('button', { name: text('deals', 'settings.cost.create') }).click();
  dialog = page.getByRole('dialog', { name: text('deals', 'settings.cost.create') });
  await dialog.getByLabel(text('deals', 'settings.itemName')).fill('差旅');
  await dialog.getByLabel(text('deals', 'settings.defaultPrice')).fill('2500');
  await dialog.getByRole('button', { name: text('common', 'actions.submit') }).click();
  await expect(page.getByRole('cell', { name: '$2,500' })).toBeVisible();

  // The create drawer: a product line at a quoted price and a cost line; the margin follows exactly.
  await page.getByRole('link', { name: text('common', 'layout.deals'), exact: true }).click();
  await page.getByRole('button', { name: text('deals', 'createButton') }).first().click();
  const drawer = page.getByRole('dialog', { name: text('deals', 'createTitle') });
  await drawer.getByLabel(text('deals', 'fields.name')).fill('雲端導入專案');
  await drawer.getByLabel(text('deals', 'fields.amount')).fill('3300');
  await drawer.getByLabel(text('deals', 'fields.estimatedEndDate')).fill('2026-13-01');
  await drawer.getByLabel(text('deals', 'fields.name')).click();
  await expect(drawer.getByText(text('common', 'validation.dateFormat'))).toBeVisible();
  await drawer.getByLabel(text('deals', 'fields.estimatedEndDate')).fill('20261231');
  await drawer.getByRole('button', { name: text('deals', 'form.addProduct'), exact: true }).click();
  await drawer.getByLabel(text('deals', 'form.productName', { number: '1' }), { exact: true }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'CRM 授權' }).click();
  await drawer.getByLabel(text('deals', 'form.quotedPrice', { number: '1' }), { exact: true }).fill('1100.5');
  await drawer.getByLabel(text('deals', 'form.num', { number: '1' }), { exact: true }).fill('3');
  await drawer.getByRole('button', { name: text('deals', 'form.addCost'), exact: true }).click();
  await drawer.getByLabel(text('deals', 'form.costName', { number: '1' }), { exact: true }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: '差旅' }).click();
  await expect(drawer.getByTestId('deal-totals')).toContainText('$3,301.50');
  await expect(drawer.getByTestId('deal-totals')).toContainText('$801.50');
  await drawer.getByRole('button', { name: text('common', 'actions.submit') }).click();

  await expect(page.getByRole('heading', { level: 1, name: '雲端導入專案' })).toBeVisible();
  await expect(page.getByTestId('deal-amount')).toHaveText('$3,300');
  await expect(page.getByTestId('deal-totals')).toContainText('$801.50');
  await expect(page.getByTestId('deal-lines')).toContainText('CRM 授權');
  await expect(page.getByTestId('deal-lines')).toContainText('差旅');

  // The board: drag the card from the first stage to the second; the move survives a reload.
  await page.getByRole('link', { name: text('common', 'layout.deals'), exact: true }).click();
  const first = page.getByTestId('deal-column').filter({ has: page.getByRole('heading', { name: '初步接洽' }) });
  const second = page.getByTestId('deal-column').filter({ has: page.getByRole('heading', { name: '需求確認' }) });
  const card = first.getByTestId('deal-card').filter({ hasText: '雲端導入專案' });
  await expect(card).toBeVisible();
  await dragCard(page, card, second);
  await expect(second.getByTestId('deal-card').filter({ hasText: '雲端導入專案' })).toBeVisible();
  await expect(page.getByText(text('deals', 'notices.moved'))).toBeVisible();
  await page.reload();
  await expect(second.getByTestId('deal-card').filter({ hasText: '雲端導入專案' })).toBeVisible();
  await expect(first.getByTestId('deal-card')).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'deal-board-zh-TW');

  // Close as won after confirming: stage 1000, closing rate 100 %, the completed date appears.
  await second.getByRole('link', { name: '雲端導入專案' }).click();
  await expect(page.getByRole('combobox', { name: text('deals', 'fields.stage') })).toBeVisible();
  await expect(page.getByTestId('deal-completed-date')).toHaveCount(0);
  await page.getByRole('button', { name: text('deals', 'detail.win') }).click();
  await page.getByRole('dialog').getByRole('button', { name: text('deals', 'detail.win') }).click();
  await expect(page.getByTestId('deal-status')).toHaveText(text('deals', 'statuses.closed'));
  await expect(page.getByTestId('deal-completed-date')).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByText(text('deals', 'percent', { value: '100' })).first()).toBeVisible();
  // The confirmation fades out; axe would read its half-transparent text as low contrast.
  await expect(page.locator('.ant-modal-confirm')).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'deal-detail-zh-TW');
  await page.goto(page.url().replace(/\/deal\/detail\/.*/, '/settings/salesStage'));
  await expectAccessible(page);
  await screenshot(page, 'settings-sales-stage-zh-TW');
  await page.goBack();

  // Back on the board the deal sits in the Won column.
  await page.getByRole('link', { name: text('common', 'layout.deals'), exact: true }).click();
  const won = page.getByTestId('deal-column').filter({ has: page.getByRole('heading', { name: text('deals', 'stages.won') }) });
  await expect(won.getByTestId('deal-card').filter({ hasText: '雲端導入專案' })).toBeVisible();

  // The simple deal dialog (the shared quick-create shell) from the fast-create menu: saving opens the deal here.
  await fastCreate(page, text('common', 'layout.fastCreateDeal'));
  const simple = page.getByRole('dialog', { name: text('deals', 'simpleTitle') });
  await simple.getByLabel(text('deals', 'fields.name')).fill('續約案');
  await simple.getByLabel(text('deals', 'fields.amount')).fill('500');
  await simple.getByLabel(text('deals', 'fields.estimatedEndDate')).fill('20270131');
  await expectAccessible(page);
  await screenshot(page, 'deal-simple-dialog-zh-TW');
  await simple.getByRole('button', { name: text('common', 'actions.submit') }).click();
  await expect(page.getByRole('heading', { level: 1, name: '續約案' })).toBeVisible();

  // Built-in privileges read in the UI language, in the users list as in the privileges page.
  await page.goto(`/${orgId}/settings/users`);
  await expect(page.getByRole('cell', { name: text('privileges', 'builtIn.administrator'), exact: true }).first()).toBeVisible();
  await screenshot(page, 'settings-users-zh-TW');
  await page.goto(`/${orgId}/settings/privilege`);
  await expect(page.getByText(text('privileges', 'builtIn.member'), { exact: true }).first()).toBeVisible();
  await expect(page.getByText('administrator', { exact: true })).toHaveCount(0);
  await screenshot(page, 'settings-privileges-zh-TW');
});
