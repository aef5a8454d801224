import { expect, test } from '@playwright/test';
import { recordFieldTitle, type Locale } from '@lodestar/contract';
import { apiCall, expectAccessible, screenshotBothSizes, screenLocales, signIn, text } from './support/journey.ts';

// Two languages, four screens, two sizes each on a shared machine.
test.setTimeout(240_000);

/**
 * The one field list (packages/contract/src/records/record-fields.ts, issue 31): a contact's department, a field that
 * is only a line there, is a column the contact list shows once turned on, titled by the list; the company and deal
 * forms take their titles and inputs from it.
 */
test('a field of the field list is a list column and a form field in every language', async ({ page }) => {
  const { orgId, token } = await signIn(page, { plan: 'subscribe_team' });
  const post = <T>(path: string, body: unknown) => apiCall<T>(page.request, 'POST', path, body, token, orgId);
  const company = await post<{ id: string }>('/company', { name: '山嵐茶業', tax: '04595257', url: 'tea.example.com' });
  await post('/customer', { firstName: '志明', lastName: '陳', position: '經理', jobDepartment: '採購部', companyId: company.id, phones: [{ value: '0912-345-678', type: 'mobile' }] });
  const shown = ['jobDepartment', 'company', 'phones', 'email', 'owner'];
  await post('/customerFieldSetting', { columns: shown.map((key) => ({ key, isShow: true })) });

  for (const locale of screenLocales as Locale[]) {
    // Before any page of the site (CI runs English alone, from about:blank, where localStorage cannot be written).
    if (locale === 'en-US') await page.addInitScript(() => localStorage.setItem('lodestar.language', 'en-US'));
    const title = (kind: 'contact' | 'company' | 'deal', key: string) => recordFieldTitle(locale, kind, key)!;

    await page.goto(`/${orgId}/contact/list`);
    const department = page.getByRole('columnheader', { name: title('contact', 'jobDepartment'), exact: true });
    await expect(department).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('.ant-table-row').filter({ hasText: '採購部' })).toBeVisible();
    // The phone's cards (issue 29) show no department column: the contact's name is on screen at both sizes.
    await screenshotBothSizes(page, `field-list-contacts-${locale}`, () => expect(page.getByRole('link', { name: '陳志明' }).first()).toBeVisible());

    await page.goto(`/${orgId}/settings/columnContactDisplay`);
    await expect(page.getByRole('switch', { name: text('column-settings', 'showColumn', { name: title('contact', 'nickName') }, locale) })).toBeVisible({ timeout: 30_000 });
    await expectAccessible(page);
    await screenshotBothSizes(page, `field-list-contact-columns-${locale}`);

    await page.goto(`/${orgId}/company/list`);
    await page.getByRole('button', { name: text('companies', 'createButton', {}, locale) }).first().click();
    const companyDrawer = page.getByRole('dialog', { name: text('companies', 'createTitle', {}, locale) });
    await expect(companyDrawer.getByLabel(title('company', 'taxId'))).toBeVisible();
    await expect(companyDrawer.getByLabel(title('company', 'website'))).toHaveAttribute('maxlength', '500');
    await expectAccessible(page);
    await screenshotBothSizes(page, `field-list-company-form-${locale}`, () => expect(companyDrawer.getByLabel(title('company', 'taxId'))).toBeVisible());
    await page.keyboard.press('Escape');

    await page.goto(`/${orgId}/deal/list`);
    await page.getByRole('button', { name: text('deals', 'createButton', {}, locale) }).first().click();
    const dealDrawer = page.getByRole('dialog', { name: text('deals', 'createTitle', {}, locale) });
    await expect(dealDrawer.getByLabel(title('deal', 'closingRate'))).toBeVisible();
    await expect(dealDrawer.getByLabel(title('deal', 'client'))).toBeVisible();
    await expectAccessible(page);
    await screenshotBothSizes(page, `field-list-deal-form-${locale}`, () => expect(dealDrawer.getByLabel(title('deal', 'amount'))).toBeVisible());
    await page.keyboard.press('Escape');
  }
});
