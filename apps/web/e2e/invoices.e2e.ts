import { expect as baseExpect, test } from '@playwright/test';
import { validationReasonMessages } from '@lodestar/contract';
import { formatTwd } from '../src/features/billing/subscription/format.ts';
import { catalog, expectAccessible, sandboxTestCard, screenLocales, screenshotBothSizes, signIn } from './support/journey.ts';

// The checkout waits for the gateway and the invoice: allow for a busy CI machine.
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * docs/decisions/0021: the administrator subscribes with the company's 統一編號 (a wrong one is refused on the field),
 * the charge's e-invoice (test mode: no provider configured) shows in the purchase history with its number and
 * random code, and its printable proof (證明聯) names the seller's and the buyer's tax IDs and the total.
 */
for (const locale of screenLocales) {
  test(`subscribe with a tax ID, the e-invoice in the purchase history and its proof (${locale})`, async ({ page }) => {
    // About 25 s on a quiet machine; the headroom is for a loaded CI machine (the checkout waits for the gateway and the invoice).
    test.setTimeout(120_000);
    const subscription = catalog('subscription', locale);
    const invoices = catalog('invoices', locale);
    await page.addInitScript((language) => localStorage.setItem('lodestar.language', language), locale);
    const { orgId } = await signIn(page, { orgName: 'Formosa Invoices' });

    await page.goto(`/subscription?orgId=${orgId}`);
    await page.getByTestId('plan-basic').getByRole('button', { name: subscription('compare.choose') }).click();
    await page.getByLabel(invoices('buyer.kinds.company')).check();
    await page.getByLabel(invoices('buyer.taxId'), { exact: true }).fill('12345678');
    await page.getByLabel(invoices('buyer.companyName')).fill('福爾摩沙股份有限公司');
    await page.getByLabel(subscription('card.number')).fill(sandboxTestCard.number);
    await page.getByLabel(subscription('card.expiry')).fill(sandboxTestCard.expiry);
    await page.getByLabel(subscription('card.cvc')).fill(sandboxTestCard.cvc);
    const pay = page.getByRole('button', { name: subscription('pay', { amount: formatTwd(290) }) });
    await pay.click();
    await expect(page.getByText(validationReasonMessages[locale].invalidTaxId)).toBeVisible();
    await page.getByLabel(invoices('buyer.taxId'), { exact: true }).fill('04595257');
    // The rest of this page is checked by the billing journey: here its e-invoice section.
    await expectAccessible(page, '.invoice-buyer-card');
    await screenshotBothSizes(page, `invoices-checkout-${locale}`, () => expect(page.getByLabel(invoices('buyer.taxId'), { exact: true })).toBeVisible());
    await pay.click();
    await expect(page.getByText(subscription('success.title'), { exact: true })).toBeVisible();

    await page.goto(`/account/purchase/history?orgId=${orgId}`);
    const number = page.getByTestId('invoice-number');
    await expect(number).toHaveText(/^TM\d{8}$/);
    await expect(page.getByText(invoices('status.issued'))).toBeVisible();
    await expect(page.getByText(invoices('testMode'), { exact: true })).toBeVisible();
    await expect(page.getByText(new RegExp(`${invoices('proof.randomCode')} \\d{4}`))).toBeVisible();
    await expectAccessible(page, '.ant-table');
    await screenshotBothSizes(page, `invoices-history-${locale}`, () => expect(number).toBeVisible());

    await number.click();
    const proof = page.getByTestId('invoice-proof');
    await expect(proof.getByText(invoices('proof.heading'))).toBeVisible();
    await expect(proof.getByText(invoices('proof.testMode'))).toBeVisible();
    await expect(proof.getByText('04595257')).toBeVisible();
    await expect(proof.getByText('00000000')).toBeVisible();
    await expect(proof.getByText(formatTwd(290)).first()).toBeVisible();
    await expectAccessible(page, '.ant-modal');
    await screenshotBothSizes(page, `invoices-proof-${locale}`, () => expect(proof).toBeVisible());
  });
}
