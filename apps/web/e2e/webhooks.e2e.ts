import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { allScreens, catalog, expectAccessible, screenshot, signIn } from './support/journey.ts';

const webhooks = catalog('webhooks');
const common = catalog('common');

/** Screenshots for review: desktop and phone (none in CI, see allScreens). */
async function shoot(page: Page, name: string) {
  if (!allScreens) return;
  for (const [label, size] of [['desktop', { width: 1440, height: 900 }], ['phone', { width: 390, height: 844 }]] as const) {
    await page.setViewportSize(size);
    await screenshot(page, `webhooks-${name}-${label}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Settings → webhooks (docs/product.md#webhooks): create one to a local receiver, keep the secret, test-send, read the log. */
test('an administrator creates a webhook, sees its secret once, test-sends it and reads the delivery log', async ({ page }) => {
  // Delivery waits for the server's 2-second job; screenshots take longer still.
  test.setTimeout(allScreens ? 180_000 : 90_000);
  const received: string[] = [];
  const receiver = http.createServer((request, response) => {
    received.push(String(request.headers['webhook-id']));
    request.resume();
    request.on('end', () => response.writeHead(204).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const port = (receiver.address() as AddressInfo).port;
  try {
    const { orgId } = await signIn(page);
    await page.goto(`/${orgId}/settings/webhooks`);
    await expect(page.getByRole('heading', { name: webhooks('title') })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(webhooks('empty'))).toBeVisible();
    await shoot(page, 'webhooks-empty-zh-TW');

    await page.getByRole('button', { name: webhooks('createButton') }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: webhooks('fields.name') }).fill('n8n 新商機');
    await dialog.getByRole('textbox', { name: webhooks('fields.url') }).fill(`http://localhost:${port}/hooks`);
    const events = dialog.getByLabel(webhooks('fields.eventTypes'));
    await events.fill('deal.won');
    await events.press('Enter');
    await events.fill('contact.created');
    await events.press('Enter');
    await shoot(page, 'webhooks-create-zh-TW');
    // Close the open list: it covers the dialog's buttons.
    await dialog.getByText(webhooks('createTitle')).click();
    await dialog.getByRole('button', { name: common('actions.save') }).click();

    const secret = page.getByRole('dialog', { name: webhooks('secret.title') });
    await expect(secret.getByText(/^whsec_/)).toBeVisible();
    await shoot(page, 'webhooks-secret-zh-TW');
    await secret.getByRole('button', { name: webhooks('secret.done') }).click();

    const row = page.getByRole('row', { name: /n8n 新商機/ });
    await row.getByRole('button', { name: webhooks('testOf', { name: 'n8n 新商機' }) }).click();
    // The server's delivery job polls every 2 seconds.
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(1);
    await row.getByRole('button', { name: webhooks('log.openOf', { name: 'n8n 新商機' }) }).click();
    const log = page.getByRole('dialog', { name: webhooks('log.title', { name: 'n8n 新商機' }) });
    await expect(log.getByText(webhooks('status.succeeded'))).toBeVisible({ timeout: 15_000 });
    await expectAccessible(page);
    await shoot(page, 'webhooks-log-zh-TW');
    await page.keyboard.press('Escape');
    await expect(log).toBeHidden();
    await shoot(page, 'webhooks-list-zh-TW');

  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
