import { expect, test, type Page } from '@playwright/test';
import type { Locale } from '@lodestar/contract';
import { rawMessage, startMailServers, type MailServers } from '../../server/src/test/mail-servers.ts';
import { apiCall, catalog, expectAccessible, screenshotBothSizes, signIn, text } from './support/journey.ts';

/**
 * Connect an IMAP + SMTP mailbox through the form (a real Dovecot and SMTP server started here), see the contact's
 * mail with "awaiting reply", answer it; screenshots of the settings and the contact's mail at both sizes and
 * both languages in one session.
 */
const t = catalog('mailboxes');
const user = 'sales@mail.e2e.lodestar.test';
const password = 'e2e-app-password';
let servers: MailServers;

test.beforeAll(async () => {
  servers = await startMailServers({ [user]: password });
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
