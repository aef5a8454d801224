import { createHmac } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { e2eMailDir } from '../playwright.config.ts';
import { allScreens, apiCall, catalog, expectAccessible, registerThroughApi, screenshotBothSizes, signIn, uniqueEmail } from './support/journey.ts';
import { waitForMail } from './support/mail-sink.ts';

const wf = catalog('workflows');
const en = catalog('workflows', 'en-US');
const common = catalog('common');

async function pick(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

/**
 * Issue 35's journey (docs/product.md#workflows): a manager builds "when a deal in 提案報價 stalls 7 days, create a call
 * task for its owner and notify me", tests it against the last 30 days, switches it on and sees its run in the log.
 * The test clock (BILLING_TEST_CLOCK, e2e only) judges stalls 8 days ahead instead of waiting a week.
 */
test('a manager builds a stalled-deal workflow, dry-runs it, switches it on and sees its run in the log', async ({ page }) => {
  test.setTimeout(allScreens ? 180_000 : 90_000);
  const { orgId, token } = await signIn(page, { plan: 'pro' });
  // The workspace's seeded stages include 提案報價.
  const types = await apiCall<{ items: { stages: { id: number; label: string }[] }[] }>(page.request, 'GET', '/settings/stage', undefined, token, orgId);
  const stage = types.items.flatMap((type) => type.stages).find((s) => s.label === '提案報價')!;
  await apiCall(page.request, 'POST', '/deal', { name: '港務起重機汰換', amount: '1200000', startDate: '2026-11-01', estimatedEndDate: '2027-01-31', stage: stage.id }, token, orgId);
  await apiCall(page.request, 'POST', '/settings/workflows/test-clock', { days: 8 }, token, orgId);

  await page.goto(`/${orgId}/settings/workflows`);
  await expect(page.getByRole('heading', { name: wf('title') })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(wf('empty'))).toBeVisible();

  // From the stalled-deal template: a call task for the owner, then a notification.
  await page.getByRole('button', { name: wf('templates.open') }).click();
  await page.locator('.ant-dropdown-menu:visible').getByText(wf('templates.stalledDealCall.name')).click();
  const builder = page.locator('.ant-drawer-content-wrapper');
  await expect(builder.getByText(wf('builder.createTitle'))).toBeVisible();
  await builder.getByLabel(wf('builder.name'), { exact: true }).fill('提案停滯 7 天：致電');
  await pick(page, wf('trigger.stage'), '提案報價');
  await expect(builder.getByTestId('workflow-step-1')).toBeVisible();
  await screenshotBothSizes(page, 'workflows-builder', () => expect(builder.getByTestId('workflow-step-0')).toBeVisible());

  await builder.getByRole('button', { name: wf('builder.dryRun') }).click();
  const dry = page.getByRole('dialog', { name: wf('dryRun.title') });
  await expect(dry.getByText('港務起重機汰換', { exact: true })).toBeVisible();
  await expect(dry.getByText(/致電：港務起重機汰換/)).toBeVisible();
  await expectAccessible(page, '.ant-modal');
  await screenshotBothSizes(page, 'workflows-dry-run', () => expect(dry.getByText('港務起重機汰換', { exact: true })).toBeVisible());
  await dry.getByRole('button', { name: wf('dryRun.close'), exact: true }).last().click();

  await builder.getByRole('switch', { name: wf('builder.enabled') }).click();
  await builder.getByRole('button', { name: wf('builder.save') }).click();
  await expect(page.getByTestId('workflow-item').getByText(wf('state.on'))).toBeVisible();
  await expect(page.getByTestId('workflow-item').getByText(/提案報價/)).toBeVisible();
  await screenshotBothSizes(page, 'workflows-list', () => expect(page.getByTestId('workflow-item')).toBeVisible());

  // The scan (every 15 minutes on a server) runs now; the runner polls every 2 seconds.
  await apiCall(page.request, 'POST', '/settings/workflows/test-clock', { days: 8 }, token, orgId);
  await page.getByRole('tab', { name: wf('tabs.log') }).click();
  const run = page.getByTestId('workflow-run').first();
  await expect(run.getByText(wf('runStatus.succeeded')).first()).toBeVisible({ timeout: 30_000 });
  await expect(run.getByText(/致電：港務起重機汰換/)).toBeVisible();
  await expectAccessible(page);
  await screenshotBothSizes(page, 'workflows-run-log', () => expect(page.getByTestId('workflow-run').first()).toBeVisible());

  // The same screens in English.
  await page.getByTestId('language-picker').click();
  await page.getByRole('option', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: en('title') })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: en('tabs.log') }).click();
  await expect(page.getByTestId('workflow-run').first().getByText(en('runStatus.succeeded')).first()).toBeVisible();
  await screenshotBothSizes(page, 'workflows-run-log-en-US', () => expect(page.getByTestId('workflow-run').first()).toBeVisible());
  await page.getByRole('tab', { name: en('tabs.workflows') }).click();
  await page.getByRole('button', { name: en('editOf', { name: '提案停滯 7 天：致電' }) }).click();
  await expect(page.getByText(en('builder.editTitle'))).toBeVisible();
  await screenshotBothSizes(page, 'workflows-builder-en-US', () => expect(page.getByText(en('builder.editTitle'))).toBeVisible());
});

/**
 * The triggers and steps after the first slice: a contact not contacted for 90 days (the time scan) is handed to the
 * next member in turn (round-robin) — built from the step list, dry-run, switched on, its run in the log.
 */
test('a contact quiet for 90 days is assigned in turn: the contact-idle trigger and the assign-owner step', async ({ page }) => {
  test.setTimeout(allScreens ? 180_000 : 90_000);
  const { orgId, token } = await signIn(page, { plan: 'pro' });
  await apiCall(page.request, 'POST', '/customer', { firstName: '美玲', lastName: '陳', lastContactAt: new Date(Date.now() - 100 * 86_400_000).toISOString() }, token, orgId);

  await page.goto(`/${orgId}/settings/workflows`);
  await expect(page.getByRole('heading', { name: wf('title') })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: wf('create') }).click();
  const builder = page.locator('.ant-drawer-content-wrapper');
  await builder.getByLabel(wf('builder.name'), { exact: true }).fill('90 天未聯繫：輪流分派');
  await pick(page, wf('trigger.type'), wf('triggers.contact.idle'));
  await expect(builder.getByTestId('workflow-idle-days')).toBeVisible();
  await pick(page, wf('step.type'), wf('stepTypes.assignOwner'));
  // The only member: the signed-in manager (signIn registers 王小明).
  await builder.getByLabel(wf('step.assignAmong'), { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('王小明', { exact: true }).click();
  await page.keyboard.press('Escape');
  await screenshotBothSizes(page, 'workflows-idle-builder', () => expect(builder.getByLabel(wf('step.assignMode'), { exact: true })).toBeVisible());

  await builder.getByRole('button', { name: wf('builder.dryRun') }).click();
  const dry = page.getByRole('dialog', { name: wf('dryRun.title') });
  await expect(dry.getByText('陳美玲', { exact: true })).toBeVisible();
  await expect(dry.getByText(/輪流指派/)).toBeVisible();
  await expectAccessible(page, '.ant-modal');
  await dry.getByRole('button', { name: wf('dryRun.close'), exact: true }).last().click();

  await builder.getByRole('switch', { name: wf('builder.enabled') }).click();
  await builder.getByRole('button', { name: wf('builder.save') }).click();
  await expect(page.getByTestId('workflow-item').getByText(wf('triggers.contact.idle'))).toBeVisible();

  // The time scan (every 5 minutes on a server) runs now.
  await apiCall(page.request, 'POST', '/settings/workflows/test-clock', { days: 0 }, token, orgId);
  await page.getByRole('tab', { name: wf('tabs.log') }).click();
  const run = page.getByTestId('workflow-run').first();
  await expect(run.getByText(wf('runStatus.succeeded')).first()).toBeVisible({ timeout: 30_000 });
  await expect(run.getByText(/輪流指派/)).toBeVisible();
  await expectAccessible(page);
  await screenshotBothSizes(page, 'workflows-idle-run-log', () => expect(run).toBeVisible());

  await page.getByTestId('language-picker').click();
  await page.getByRole('option', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: en('title') })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: en('tabs.workflows') }).click();
  await page.getByRole('button', { name: en('editOf', { name: '90 天未聯繫：輪流分派' }) }).click();
  await expect(page.getByLabel(en('step.assignMode'), { exact: true })).toBeVisible();
  await screenshotBothSizes(page, 'workflows-idle-builder-en-US', () => expect(page.getByLabel(en('step.assignMode'), { exact: true })).toBeVisible());
});

/**
 * A member who holds the automation privilege (view) but is no administrator: the header's Workflows tab opens
 * /{orgId}/workflows — the workflows and their log, without the buttons that build or replay.
 */
test('a member holding the automation privilege sees the workflows from the header, without building', async ({ page, browser }) => {
  test.setTimeout(allScreens ? 180_000 : 90_000);
  const { orgId, token } = await signIn(page, { plan: 'subscribe_team' });
  const flow = { name: '新預約通知負責人', description: '', enabled: false, trigger: { type: 'reservation.created' }, conditions: { groups: [] }, steps: [{ type: 'notify', userIds: [], notifyOwner: true, message: '新預約：{{name}}' }] };
  await apiCall(page.request, 'POST', '/settings/workflows', flow, token, orgId);
  const privilege = await apiCall<{ id: string }>(page.request, 'POST', '/settings/privilege/create', { privilegeName: '自動化檢視' }, token, orgId);
  const edited = await page.request.fetch(`/api/settings/privilege/feature/edit?orgId=${orgId}`, { method: 'PUT', data: { id: privilege.id, feature: 'automation', methods: ['view'], scope: 'all' }, headers: { authorization: `Bearer ${token}` } });
  expect(edited.status()).toBe(200);
  const email = uniqueEmail('automation');
  await apiCall(page.request, 'POST', '/settings/user/create', { emails: [email], privilegeId: privilege.id }, token, orgId);
  const link = new URL(await waitForMail(e2eMailDir, email, /(https?:\/\/\S+\/user\/orgAccepted\?\S+)/));
  const member = await registerThroughApi(page.request, email);
  await apiCall(page.request, 'POST', '/settings/user/acceptInvite', { orgId: link.searchParams.get('orgId'), userId: link.searchParams.get('userId') }, member.token);

  const context = await browser.newContext({ locale: 'zh-TW', timezoneId: 'Asia/Taipei' });
  const memberPage = await context.newPage();
  await memberPage.addInitScript(([t, user, org]) => {
    localStorage.setItem('lodestar.token', t);
    localStorage.setItem('lodestar.user', JSON.stringify({ id: user.id, firstName: user.firstName, orgId: org, avatar: null }));
  }, [member.token, member.user, orgId] as const);
  await memberPage.goto(`/${orgId}/index`);
  await memberPage.getByRole('link', { name: common('layout.workflows'), exact: true }).click();
  await expect(memberPage).toHaveURL(new RegExp(`/${orgId}/workflows$`));
  await expect(memberPage.getByRole('heading', { name: wf('title') })).toBeVisible({ timeout: 30_000 });
  await expect(memberPage.getByTestId('workflow-item').getByText('新預約通知負責人')).toBeVisible();
  await expect(memberPage.getByRole('button', { name: wf('create') })).toHaveCount(0);
  await expect(memberPage.getByRole('button', { name: wf('editOf', { name: '新預約通知負責人' }) })).toHaveCount(0);
  await expectAccessible(memberPage);
  await screenshotBothSizes(memberPage, 'workflows-member', () => expect(memberPage.getByTestId('workflow-item')).toBeVisible());
  await memberPage.getByTestId('language-picker').click();
  await memberPage.getByRole('option', { name: 'English' }).click();
  await expect(memberPage.getByRole('heading', { name: en('title') })).toBeVisible({ timeout: 30_000 });
  await screenshotBothSizes(memberPage, 'workflows-member-en-US', () => expect(memberPage.getByTestId('workflow-item')).toBeVisible());
  await context.close();
});

/**
 * The webhook-in trigger and the e-mail step (issue 35): a web form's signed call starts a workflow whose task title
 * carries the form's fields; the URL and the secret (shown once) are in the builder. A second workflow e-mails new
 * contacts from a mail template.
 */
test('a signed webhook call starts a workflow, and a new contact gets an e-mail from a template', async ({ page }) => {
  test.setTimeout(allScreens ? 480_000 : 240_000);
  const { orgId, token } = await signIn(page, { plan: 'pro' });
  await apiCall(page.request, 'POST', '/mailboxes/templates', { name: '歡迎信', locale: 'zh-TW', subject: '{firstName} 您好', body: '{fullName} 您好，我是 {myName}。' }, token, orgId);

  await page.goto(`/${orgId}/settings/workflows`);
  await expect(page.getByRole('heading', { name: wf('title') })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: wf('create') }).click();
  const builder = page.locator('.ant-drawer-content-wrapper');
  await builder.getByLabel(wf('builder.name'), { exact: true }).fill('官網表單：致電');
  await pick(page, wf('trigger.type'), wf('triggers.webhook.received'));
  await expect(builder.getByText(wf('hook.saveFirst'))).toBeVisible();
  await builder.getByLabel(wf('step.taskTitle', { name: '{{name}}' }), { exact: true }).fill('致電 {{company}}');
  await builder.getByRole('switch', { name: wf('builder.enabled') }).click();
  await builder.getByRole('button', { name: wf('builder.save') }).click();
  await page.getByRole('button', { name: wf('editOf', { name: '官網表單：致電' }) }).click();
  await builder.getByRole('button', { name: wf('hook.make') }).click();
  const secret = (await builder.getByTestId('workflow-hook-secret').innerText()).trim();
  expect(secret).toMatch(/^whsec_/);
  await expectAccessible(page, '.ant-drawer');
  await screenshotBothSizes(page, 'workflows-hook', () => expect(builder.getByTestId('workflow-hook')).toBeVisible());
  const path = new URL(await builder.locator('[data-testid="workflow-hook"] code').first().innerText()).pathname;
  await page.keyboard.press('Escape');

  // The form's server signs as Standard Webhooks.
  const body = JSON.stringify({ company: '長榮海運', email: 'buyer@example.com' });
  const id = 'form_1';
  const timestamp = Math.floor(Date.now() / 1000);
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signature = `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
  const answer = await page.request.post(path, { data: body, headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature } });
  expect(answer.status()).toBe(202);
  await page.getByRole('tab', { name: wf('tabs.log') }).click();
  const run = page.getByTestId('workflow-run').first();
  await expect(run.getByText(wf('runStatus.succeeded')).first()).toBeVisible({ timeout: 30_000 });
  await expect(run.getByText(/致電 長榮海運/)).toBeVisible();
  await screenshotBothSizes(page, 'workflows-hook-run-log', () => expect(run).toBeVisible());

  // A second workflow: e-mail each new contact the welcome template (marketing: never to one who opted out).
  await page.getByRole('tab', { name: wf('tabs.workflows') }).click();
  await page.getByRole('button', { name: wf('create') }).click();
  await builder.getByLabel(wf('builder.name'), { exact: true }).fill('新聯絡人歡迎信');
  await pick(page, wf('trigger.type'), wf('triggers.record.created'));
  await pick(page, wf('trigger.recordKind'), wf('kinds.contact'));
  await pick(page, wf('step.type'), wf('stepTypes.sendEmail'));
  await pick(page, wf('step.template'), '歡迎信');
  await expect(builder.getByText(wf('step.emailFrom'))).toBeVisible();
  await expectAccessible(page, '.ant-drawer');
  await screenshotBothSizes(page, 'workflows-email-step', () => expect(builder.getByTestId('workflow-email-template')).toBeVisible());
  await builder.getByRole('switch', { name: wf('builder.enabled') }).click();
  await builder.getByRole('button', { name: wf('builder.save') }).click();
  await expect(page.getByText('新聯絡人歡迎信')).toBeVisible();

  // A new contact starts it; the run log shows the step's mail as it stands (the system mail: the owner has no mailbox).
  await apiCall(page.request, 'POST', '/customer', { firstName: '美玲', lastName: '陳', emails: [{ value: 'meiling@example.com' }] }, token, orgId);
  await page.getByRole('tab', { name: wf('tabs.log') }).click();
  const mailRun = page.getByTestId('workflow-run').filter({ hasText: '新聯絡人歡迎信' }).first();
  await expect(mailRun.getByText(wf('delivery.tag', { status: wf('delivery.sent') }))).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page);
  await screenshotBothSizes(page, 'workflows-email-run-log', () => expect(mailRun).toBeVisible());
  await page.getByRole('tab', { name: wf('tabs.workflows') }).click();

  await page.getByTestId('language-picker').click();
  await page.getByRole('option', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: en('title') })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: en('editOf', { name: '新聯絡人歡迎信' }) }).click();
  await screenshotBothSizes(page, 'workflows-email-step-en-US', () => expect(page.getByText(en('step.emailFrom'))).toBeVisible());
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: en('editOf', { name: '官網表單：致電' }) }).click();
  await screenshotBothSizes(page, 'workflows-hook-en-US', () => expect(page.getByTestId('workflow-hook')).toBeVisible());
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: en('tabs.log') }).click();
  const mailRunEn = page.getByTestId('workflow-run').filter({ hasText: '新聯絡人歡迎信' }).first();
  await expect(mailRunEn.getByText(en('delivery.tag', { status: en('delivery.sent') }))).toBeVisible();
  await screenshotBothSizes(page, 'workflows-email-run-log-en-US', () => expect(mailRunEn).toBeVisible());
});

/**
 * The two settings that govern when workflows run: the workspace's time zone (weekly schedules, date triggers,
 * "wait until") and an import's "run workflows" switch — at both sizes, in both languages.
 */
test('the workspace time zone and an import’s run-workflows switch', async ({ page }) => {
  test.setTimeout(allScreens ? 150_000 : 90_000);
  const org = catalog('organizations');
  const orgEn = catalog('organizations', 'en-US');
  const imports = catalog('imports');
  const importsEn = catalog('imports', 'en-US');
  const { orgId, token } = await signIn(page, { plan: 'pro' });

  await page.goto(`/${orgId}/settings/workspace`);
  const zone = page.getByLabel(org('form.timeZone'), { exact: true });
  await expect(zone).toBeVisible({ timeout: 30_000 });
  await zone.click();
  await zone.fill('Tokyo');
  await page.locator('.ant-select-dropdown:visible').getByTitle('Asia/Tokyo', { exact: true }).click();
  await page.getByRole('button', { name: common('actions.save'), exact: true }).click();
  await expect(page.getByText(org('notices.updated'))).toBeVisible();
  const saved = await apiCall<{ timeZone: string }>(page.request, 'GET', '/organizations/get', undefined, token, orgId);
  expect(saved.timeZone).toBe('Asia/Tokyo');
  await expect(page.getByText(org('form.timeZoneHint'))).toBeVisible();
  await expectAccessible(page);
  await screenshotBothSizes(page, 'workspace-time-zone', () => expect(page.getByText(org('form.timeZoneHint'))).toBeVisible());

  // A small file: the switch is on, and its hint says why large files start with it off.
  const file = { name: 'leads.csv', mimeType: 'text/csv', buffer: Buffer.from('\uFEFF姓名,電子郵件\r\n王小明,ming@example.com\r\n') };
  await page.goto(`/${orgId}/import/contact`);
  await page.locator('input[type=file]').setInputFiles(file);
  const runSwitch = page.getByRole('switch', { name: imports('runWorkflows.label') });
  await expect(runSwitch).toBeChecked({ timeout: 30_000 });
  await expectAccessible(page);
  await screenshotBothSizes(page, 'import-run-workflows', () => expect(runSwitch).toBeVisible());

  await page.getByTestId('language-picker').click();
  await page.getByRole('option', { name: 'English' }).click();
  const runSwitchEn = page.getByRole('switch', { name: importsEn('runWorkflows.label') });
  await expect(runSwitchEn).toBeVisible({ timeout: 30_000 });
  await runSwitchEn.click();
  await expect(runSwitchEn).not.toBeChecked();
  await screenshotBothSizes(page, 'import-run-workflows-en-US', () => expect(runSwitchEn).toBeVisible());
  await page.goto(`/${orgId}/settings/workspace`);
  await expect(page.getByText(orgEn('form.timeZoneHint'))).toBeVisible({ timeout: 30_000 });
  await screenshotBothSizes(page, 'workspace-time-zone-en-US', () => expect(page.getByText(orgEn('form.timeZoneHint'))).toBeVisible());
});
