import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ecpayTestMerchant } from '../../server/src/test/ecpay-invoice-double.ts';
import { e2eOperatorEmail } from '../playwright.config.ts';
import { allScreens, apiCall, catalog, expectAccessible, registerThroughApi, screenshot, screenshotBothSizes, signIn, strongPassword } from './support/journey.ts';

const expect = baseExpect.configure({ timeout: 30_000 });
const inv = catalog('sales-invoices');
const invEn = catalog('sales-invoices', 'en-US');
const con = catalog('console');
const conEn = catalog('console', 'en-US');
const buyer = catalog('invoices');

/** The operator account (OPERATOR_EMAILS): registered by whichever journey comes first on this server, then signed in. */
async function operatorSession(request: APIRequestContext): Promise<{ token: string; user: { id: string; firstName: string } }> {
  const login = await request.post('/api/login', { data: { email: e2eOperatorEmail, password: strongPassword } });
  if (login.ok()) return (await login.json()).data;
  return registerThroughApi(request, e2eOperatorEmail);
}

async function toEnglish(page: Page) {
  await page.evaluate(() => localStorage.setItem('lodestar.language', 'en-US'));
  await page.reload();
}

/**
 * Issue 36, a workspace's own e-invoices: an administrator sees test mode labelled in Settings → E-invoices, connects
 * the workspace's ECPay merchant (the local double speaking ECPay's protocol) with a mistyped HashKey first; the
 * salesperson issues a B2B invoice from the won deal, ECPay refuses it (wrong keys), the deal shows it not issued;
 * the operator sees it in the console's E-invoices list; the keys are fixed, the connection tested, the operator
 * retries and the deal shows the invoice number. Screenshots zh-TW and en-US at 1440 and 390.
 */
test("a won deal's e-invoice: test mode labelled, ECPay connected, a refusal seen by the operator and retried", async ({ page, browser }) => {
  test.setTimeout(allScreens ? 420_000 : 180_000);
  const { orgId, token } = await signIn(page, { orgName: '福爾摩沙業務' });
  const { dealId } = await apiCall<{ dealId: string }>(page.request, 'POST', '/deal', {
    name: '年度維護合約',
    amount: '52500',
    startDate: '2026-11-01',
    estimatedEndDate: '2026-12-31',
    stage: 1000,
  }, token, orgId);

  // Settings → E-invoices: zero setup is test mode, said so.
  await page.goto(`/${orgId}/settings/eInvoice`);
  await expect(page.getByRole('heading', { level: 1, name: inv('settings.title') })).toBeVisible();
  await expect(page.getByTestId('e-invoice-test-mode')).toContainText(inv('settings.testModeTitle'));
  await expectAccessible(page);
  await screenshotBothSizes(page, 'sales-invoices-settings-test-mode', () => expect(page.getByTestId('e-invoice-test-mode')).toBeVisible());

  // The workspace's ECPay merchant, with a mistyped HashKey.
  await page.getByLabel(inv('settings.modes.ecpay')).check();
  await page.getByLabel(inv('settings.merchantId')).fill(ecpayTestMerchant.merchantId);
  await page.getByLabel('HashKey').fill('x'.repeat(16));
  await page.getByLabel('HashIV').fill(ecpayTestMerchant.hashIv);
  await page.getByRole('button', { name: inv('settings.save') }).click();
  await expect(page.getByText(inv('settings.saved'))).toBeVisible();
  await page.getByTestId('e-invoice-test').click();
  await expect(page.getByTestId('e-invoice-test-result')).toContainText(inv('settings.testFailed'));

  // The deal: issue a B2B invoice; ECPay refuses (the keys), the card says not issued, with ECPay's words.
  await page.goto(`/${orgId}/deal/detail/${dealId}`);
  const card = page.getByTestId('deal-invoices');
  await expect(card.getByText(inv('empty'))).toBeVisible({ timeout: 60_000 });
  await card.getByTestId('invoice-issue').click();
  const dialog = page.getByRole('dialog', { name: inv('issue.title') });
  await dialog.getByLabel(buyer('buyer.kinds.company')).check();
  await dialog.getByRole('textbox', { name: buyer('buyer.taxId') }).fill('04595257');
  await dialog.getByLabel(buyer('buyer.companyName')).fill('台灣測試股份有限公司');
  await dialog.getByLabel(inv('issue.email')).fill('ap@example.com');
  await expectAccessible(page, '.ant-modal');
  await dialog.getByRole('button', { name: inv('issue.ok') }).click();
  await expect(card.getByTestId('invoice-status')).toHaveText(inv('statuses.failed'));
  await expect(card.getByText(/trans999/)).toBeVisible();

  // The operator's console lists it, refused, with the workspace and the provider's message.
  const opsContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const ops = await opsContext.newPage();
  const session = await operatorSession(ops.request);
  await ops.addInitScript(([t, user]) => {
    localStorage.setItem('lodestar.token', t);
    localStorage.setItem('lodestar.user', JSON.stringify({ id: user.id, firstName: user.firstName, orgId: '', avatar: null }));
  }, [session.token, session.user] as const);
  await ops.goto('/operator/invoices');
  await expect(ops.getByRole('heading', { level: 1, name: con('invoices.title') })).toBeVisible();
  const row = ops.getByRole('row').filter({ hasText: '福爾摩沙業務' });
  await expect(row.getByTestId('operator-invoice-status')).toHaveText(con('invoices.statuses.failed'));
  await expectAccessible(ops);
  await screenshotBothSizes(ops, 'sales-invoices-operator-list', () => expect(row.getByTestId('operator-invoice-status')).toBeVisible());

  // The administrator types the right HashKey and tests the connection.
  await page.goto(`/${orgId}/settings/eInvoice`);
  await page.getByLabel('HashKey').fill(ecpayTestMerchant.hashKey);
  await page.getByRole('button', { name: inv('settings.save') }).click();
  await expect(page.getByText(inv('settings.saved'))).toBeVisible();
  await page.getByTestId('e-invoice-test').click();
  await expect(page.getByTestId('e-invoice-test-result')).toContainText(inv('settings.testOk'));
  await screenshotBothSizes(page, 'sales-invoices-settings-ecpay', () => expect(page.getByTestId('e-invoice-test-result')).toBeVisible());

  // The operator retries: issued once, gone from the list.
  await row.getByTestId('operator-invoice-retry').click();
  await expect(ops.getByText(con('invoices.empty'))).toBeVisible();
  if (allScreens) {
    await toEnglish(ops);
    await expect(ops.getByRole('heading', { level: 1, name: conEn('invoices.title') })).toBeVisible();
    await screenshot(ops, 'sales-invoices-operator-empty-en-US');
  }
  await opsContext.close();

  // The deal shows the invoice: number, random code, B2B buyer.
  await page.goto(`/${orgId}/deal/detail/${dealId}`);
  // The deal page's first load on a busy shared machine can take most of the default timeout.
  await expect(card.getByTestId('invoice-status')).toHaveText(inv('statuses.issued'), { timeout: 60_000 });
  await expect(card.getByTestId('invoice-number')).toHaveText(/^ZZ\d{8}$/);
  await expect(card.getByText('04595257 台灣測試股份有限公司')).toBeVisible();
  await screenshotBothSizes(page, 'sales-invoices-deal-card', async () => {
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByTestId('invoice-number')).toBeVisible();
  });

  // The same screens in English.
  await toEnglish(page);
  await expect(page.getByTestId('deal-invoices').getByTestId('invoice-status')).toHaveText(invEn('statuses.issued'));
  await screenshotBothSizes(page, 'sales-invoices-deal-card-en-US', () => expect(page.getByTestId('deal-invoices').getByTestId('invoice-number')).toBeVisible());
  await page.getByTestId('deal-invoices').getByTestId('invoice-void').click();
  const voidDialog = page.getByRole('dialog', { name: /^Void invoice ZZ\d{8}$/ });
  await expect(voidDialog.getByText(invEn('void.explain'))).toBeVisible();
  await screenshot(page, 'sales-invoices-void-dialog-en-US');
  await voidDialog.getByRole('button', { name: invEn('cancel') }).click();
  await page.goto(`/${orgId}/settings/eInvoice`);
  await expect(page.getByRole('heading', { level: 1, name: invEn('settings.title') })).toBeVisible();
  await screenshotBothSizes(page, 'sales-invoices-settings-en-US', () => expect(page.getByLabel(invEn('settings.merchantId'))).toHaveValue(ecpayTestMerchant.merchantId));
});
