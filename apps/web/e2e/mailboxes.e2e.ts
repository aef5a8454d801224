import { expect, test, type Page } from '@playwright/test';
import type { Locale } from '@lodestar/contract';
import { messageWithFiles, rawMessage, startMailServers, type MailServers } from '../../server/src/test/mail-servers.ts';
import { apiCall, catalog, expectAccessible, screenshotBothSizes, signIn, text } from './support/journey.ts';

/**
 * Connect an IMAP + SMTP mailbox through the form (a real Dovecot and SMTP server started here), see the contact's
 * mail with "awaiting reply", answer it; screenshots of the settings and the contact's mail at both sizes and
 * both languages in one session.
 */
const t = catalog('mailboxes');
const user = 'sales@mail.e2e.lodestar.test';
const password = 'e2e-app-password';
const second = 'deals@mail.e2e.lodestar.test';
let servers: MailServers;

test.beforeAll(async () => {
  servers = await startMailServers({ [user]: password, [second]: password });
});
test.afterAll(async () => {
  await servers?.stop();
});

const shoot = (page: Page, name: string, locale: Locale) => screenshotBothSizes(page, `mailboxes-${name}-${locale}`);

test('connect a mailbox, read a contact\'s mail, reply from the contact page', async ({ page }) => {
  test.setTimeout(120_000);
  const { orgId, token } = await signIn(page);
  const contact = await apiCall<{ id: string }>(page.request, 'POST', '/customer', { firstName: '美玲', lastName: '林', emails: [{ value: 'meiling@tea.example.tw' }] }, token, orgId);
  const day = 86_400_000;
  await servers.append(user, password, rawMessage({ From: '林美玲 <meiling@tea.example.tw>', To: user, Subject: '=?UTF-8?B?' + Buffer.from('春茶報價').toString('base64') + '?=', 'Message-ID': '<q1@tea.example.tw>', Date: new Date(Date.now() - 3 * day).toUTCString(), 'Content-Type': 'text/html; charset=utf-8' }, '<p>您好，請提供<b>春茶</b>的報價。</p><img src="https://tracker.example/open.gif" alt="">'), 'INBOX', new Date(Date.now() - 3 * day));
  await servers.append(user, password, rawMessage({ From: 'news@shop.example', To: user, Subject: 'Weekly deals', 'Message-ID': '<n1@shop.example>' }, 'not a contact'));

  await page.goto('/account/mailboxes');
  await expect(page.getByRole('heading', { name: t('title'), level: 1 })).toBeVisible({ timeout: 30_000 });
  // Gmail and Outlook (this server has the calendar's Google/Microsoft apps, pointed at their double) and IMAP.
  await expect(page.getByRole('button', { name: t('providers.connectWith', { name: t('providers.gmail') }) })).toBeVisible();
  await shoot(page, 'providers', 'zh-TW');
  await page.getByRole('button', { name: t('providers.useImap') }).click();
  await page.getByLabel(t('fields.email')).fill(user);
  await page.getByLabel(t('fields.imapHost')).fill('127.0.0.1');
  await page.getByLabel(t('fields.smtpHost')).fill('127.0.0.1');
  const ports = page.getByLabel(t('fields.port'));
  await ports.nth(0).fill(String(servers.imap.port));
  await ports.nth(1).fill(String(servers.smtpPort));
  for (const index of [0, 1]) {
    // The option is picked in this select's own popup (named by its aria-controls): the other select's popup may still
    // be closing, and a bare `.ant-select-dropdown:visible` then finds an option that never settles.
    const select = page.getByLabel(t('fields.security')).nth(index);
    await select.click();
    const list = await select.getAttribute('aria-controls');
    const popup = page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${list}"]`) });
    await popup.getByText(t('security.none')).click();
    await expect(popup).toBeHidden();
  }
  await page.getByLabel(t('fields.username')).fill(user);
  await page.getByLabel(t('fields.password')).fill(password);
  await page.getByRole('button', { name: t('test.run') }).click();
  await expect(page.getByText(t('test.allOk'))).toBeVisible();
  await page.getByRole('button', { name: t('connect.submit') }).click();
  const card = page.getByTestId('mailbox-card');
  await expect(card.getByText(t('status.idle'))).toBeVisible({ timeout: 20_000 });
  await expect(card.getByText(t('health.storedCount_other', { count: '1' }))).toBeVisible();
  // A template with fields, used below in the reply.
  await page.getByRole('button', { name: t('templates.add') }).click();
  const editor = page.getByRole('dialog', { name: t('templates.add') });
  await editor.getByLabel(t('templates.name')).fill('報價回覆');
  await editor.getByLabel(t('mail.subject')).fill('{company} 報價');
  await editor.getByLabel(t('mail.body')).fill('{fullName} 您好，報價單如附件。\n{myName}');
  await editor.getByRole('button', { name: t('templates.save') }).click();
  await expect(page.getByTestId('mail-templates').getByText('報價回覆')).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'settings', 'zh-TW');

  // The contact's page: the message (remote image blocked), "awaiting" after our reply.
  await page.goto(`/${orgId}/contact/detail/${contact.id}`);
  const mail = page.locator('.record-mail');
  await expect(mail.getByText('春茶報價')).toBeVisible({ timeout: 20_000 });
  await expect(mail.getByText(t('mail.imagesBlocked'))).toBeVisible();
  await mail.getByRole('button', { name: t('mail.reply') }).click();
  const dialog = page.getByRole('dialog', { name: t('mail.replyTitle') });
  await dialog.getByLabel(t('templates.use')).click();
  await page.locator('.ant-select-dropdown:visible').getByText('報價回覆', { exact: false }).click();
  await expect(dialog.getByLabel(t('mail.body'))).toHaveValue(/^林美玲 您好，報價單如附件。/);
  await dialog.getByRole('button', { name: t('mail.send') }).click();
  await expect(mail.getByText(t('mail.awaiting_other', { count: '0' }))).toBeVisible();
  expect(servers.delivered.at(-1)!.raw).toContain('In-Reply-To: <q1@tea.example.tw>');
  await shoot(page, 'contact', 'zh-TW');

  await page.evaluate(() => localStorage.setItem('lodestar.language', 'en-US'));
  await page.reload();
  await expect(mail.getByRole('heading', { name: text('mailboxes', 'mail.title', {}, 'en-US') })).toBeVisible({ timeout: 20_000 });
  await shoot(page, 'contact', 'en-US');
  await page.goto('/account/mailboxes');
  await expect(page.getByRole('heading', { name: text('mailboxes', 'title', {}, 'en-US'), level: 1 })).toBeVisible();
  await shoot(page, 'settings', 'en-US');
});

test('a message on its deal (automatically and by hand), its attachment opened from the mailbox, search, and a failing mailbox', async ({ page }) => {
  test.setTimeout(150_000);
  const { orgId, token } = await signIn(page);
  const lin = await apiCall<{ id: string }>(page.request, 'POST', '/customer', { firstName: '美玲', lastName: '林', emails: [{ value: 'meiling@tea.example.tw' }] }, token, orgId);
  const chen = await apiCall<{ id: string }>(page.request, 'POST', '/customer', { firstName: '志明', lastName: '陳', emails: [{ value: 'chiming@oolong.example.tw' }] }, token, orgId);
  const basics = { amount: '120000', startDate: '2026-11-01', estimatedEndDate: '2027-01-31' };
  const spring = await apiCall<{ dealId: string }>(page.request, 'POST', '/deal', { ...basics, name: '春茶採購', clientId: lin.id }, token, orgId);
  await apiCall(page.request, 'POST', '/deal', { ...basics, name: '烏龍茶', clientId: chen.id }, token, orgId);
  await apiCall(page.request, 'POST', '/deal', { ...basics, name: '禮盒', clientId: chen.id }, token, orgId);
  const pdf = Buffer.from('%PDF-1.4 spring tea quote');
  const at = new Date(Date.now() - 86_400_000);
  await servers.append(second, password, messageWithFiles({ From: '林美玲 <meiling@tea.example.tw>', To: second, Subject: '=?UTF-8?B?' + Buffer.from('春茶訂單').toString('base64') + '?=', 'Message-ID': '<o1@tea.example.tw>', Date: at.toUTCString() }, '您好，附上春茶的訂單，請確認。', [{ name: '春茶訂單.pdf', type: 'application/pdf', content: pdf }]), 'INBOX', at);
  await servers.append(second, password, rawMessage({ From: 'chiming@oolong.example.tw', To: second, Subject: 'Gift boxes for New Year', 'Message-ID': '<g1@oolong.example.tw>' }, 'Could you quote 200 gift boxes?'));
  await apiCall(page.request, 'POST', '/mailboxes', { imapHost: '127.0.0.1', imapPort: servers.imap.port, imapSecurity: 'none', smtpHost: '127.0.0.1', smtpPort: servers.smtpPort, smtpSecurity: 'none', username: second, password, email: second }, token, orgId);

  // 林美玲 has one open deal: her message is on it by itself; its file is listed and opened from the mailbox.
  await page.goto(`/${orgId}/contact/detail/${lin.id}`);
  const mail = page.locator('.record-mail');
  await expect(mail.getByText('春茶訂單', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(mail.getByRole('link', { name: t('deals.onAuto', { deal: '春茶採購' }) })).toBeVisible();
  const open = mail.getByRole('button', { name: t('files.open', { name: '春茶訂單.pdf' }) });
  await expect(open).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), open.click()]);
  expect(download.suggestedFilename()).toBe('春茶訂單.pdf');
  await expectAccessible(page, '.record-mail');
  await shoot(page, 'contact-files', 'zh-TW');

  // 陳志明 has two: the member picks one.
  await page.goto(`/${orgId}/contact/detail/${chen.id}`);
  await expect(mail.getByText('Gift boxes for New Year')).toBeVisible({ timeout: 20_000 });
  await mail.getByRole('button', { name: t('deals.link') }).click();
  const picker = page.locator('.email-deals__picker');
  await expect(picker.getByRole('button', { name: t('deals.choice', { deal: '烏龍茶', contact: '陳志明' }) })).toBeVisible();
  await shoot(page, 'link-deal', 'zh-TW');
  await picker.getByRole('button', { name: t('deals.choice', { deal: '禮盒', contact: '陳志明' }) }).click();
  await expect(mail.getByRole('link', { name: t('deals.on', { deal: '禮盒' }) })).toBeVisible();

  // The deal's page shows its mail.
  await page.goto(`/${orgId}/deal/detail/${spring.dealId}`);
  await expect(mail.getByText('春茶訂單', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page, '.record-mail');
  await shoot(page, 'deal', 'zh-TW');

  // Search finds a two-character word in the body.
  await page.goto('/account/mailboxes');
  const search = page.getByTestId('mail-search');
  await search.getByLabel(t('search.label')).fill('春茶');
  await expect(search.getByRole('link', { name: '春茶訂單' })).toBeVisible({ timeout: 20_000 });
  await expect(search.getByText('附上春茶的訂單')).toBeVisible();

  // The password changed at the provider: the health says so in words, and that a day of it will be told.
  servers.imap.setPassword(second, 'changed-elsewhere');
  await page.waitForTimeout(1100);
  const card = page.getByTestId('mailbox-card');
  await card.getByRole('button', { name: t('health.syncNow') }).click();
  await expect(card.getByText(t('problem.authFailed'))).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText(t('health.willNotice'))).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'search-health', 'zh-TW');

  const en = (key: string, values: Record<string, string> = {}) => text('mailboxes', key, values, 'en-US');
  await page.evaluate(() => localStorage.setItem('lodestar.language', 'en-US'));
  await page.reload();
  await page.getByTestId('mail-search').getByLabel(en('search.label')).fill('gift');
  await expect(page.getByTestId('mail-search').getByRole('link', { name: 'Gift boxes for New Year' })).toBeVisible({ timeout: 20_000 });
  await shoot(page, 'search-health', 'en-US');
  await page.goto(`/${orgId}/contact/detail/${lin.id}`);
  await expect(mail.getByRole('button', { name: en('files.open', { name: '春茶訂單.pdf' }) })).toBeVisible({ timeout: 20_000 });
  await shoot(page, 'contact-files', 'en-US');
  await page.goto(`/${orgId}/deal/detail/${spring.dealId}`);
  await expect(mail.getByRole('link', { name: en('deals.onAuto', { deal: '春茶採購' }) })).toBeVisible({ timeout: 20_000 });
  await shoot(page, 'deal', 'en-US');
});
