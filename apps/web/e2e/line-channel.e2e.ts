import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { lineDoublePort, lineJourneyChannels } from '../../server/src/test/line-double.ts';
import { errorMessages } from '@lodestar/contract';
import { apiCall, catalog, expectAccessible, screenshot, signIn, text } from './support/journey.ts';

const { channelId: lineWizardChannelId, secret: lineWizardChannelSecret } = lineJourneyChannels.wizard;

const t = catalog('line');
const en = catalog('line', 'en-US');
const double = `http://127.0.0.1:${lineDoublePort(Number(process.env.E2E_PORT ?? 3300))}`;
const friend = { userId: 'U1234567890abcdef1234567890abcdef', displayName: '林美玲' };

/** The phone side, through the LINE double: it signs the webhook request with the channel secret as LINE does. */
async function phoneSends(request: APIRequestContext, text: string) {
  const res = await request.post(`${double}/_double/channels/${lineWizardChannelId}/events`, { data: { ...friend, kind: 'text', text } });
  expect(res.ok()).toBeTruthy();
  expect((await res.json()).status).toBe(200);
}

async function stepAction(page: Page, label: string) {
  await page.getByRole('button', { name: label }).click();
}

// The wizard, a reply, a link, a templated reply and the contact page, in two languages, on a busy machine.
test.setTimeout(240_000);

test('connect LINE through the six-step wizard (double), receive a message, reply, link the friend to a contact and see it on the timeline', async ({ page, request }) => {
  // The double outlives a failed try: a retry starts from LINE's default, "Use webhook" off.
  await request.post(`${double}/_double/channels/${lineWizardChannelId}/webhook-active`, { data: { active: false } });
  const { orgId, token } = await signIn(page);
  const contact = await apiCall<{ id: string }>(request, 'POST', '/customer', { firstName: '美玲', lastName: '林' }, token, orgId);

  await page.goto(`/${orgId}/settings/channel`);
  await expect(page.getByRole('heading', { name: t('channels.title'), level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: t('channels.setUp') }).click();
  await expect(page.getByRole('heading', { name: t('setup.title'), level: 1 })).toBeVisible();
  await expect(page.getByText(t('setup.sandbox'))).toBeVisible();

  // 1, 2: the administrator's word.
  await stepAction(page, t('steps.account.action'));
  await stepAction(page, t('steps.messagingApi.action'));
  // 3: a wrong secret is refused in words, the right one passes.
  await page.getByRole('textbox', { name: t('fields.channelId') }).fill(lineWizardChannelId);
  await page.getByLabel(t('fields.channelSecret'), { exact: true }).fill('f'.repeat(32));
  await stepAction(page, t('setup.verify'));
  await expect(page.getByText(errorMessages['zh-TW'].LINE_CREDENTIALS_INVALID).first()).toBeVisible();
  await page.getByLabel(t('fields.channelSecret'), { exact: true }).fill(lineWizardChannelSecret);
  await stepAction(page, t('setup.verify'));
  // 4: the webhook is set on the channel and LINE's test reaches us.
  await expect(page.getByText(/\/api\/line\/webhook\//)).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'line-wizard-webhook');
  await stepAction(page, t('setup.setWebhook'));
  // 5: refused until "Use webhook" is on in LINE's console.
  await expect(page.getByRole('heading', { name: new RegExp(t('steps.switches.title')) })).toBeVisible();
  await stepAction(page, t('steps.switches.action'));
  await expect(page.getByText(errorMessages['zh-TW'].LINE_WEBHOOK_INACTIVE).first()).toBeVisible();
  await request.post(`${double}/_double/channels/${lineWizardChannelId}/webhook-active`, { data: { active: true } });
  await stepAction(page, t('steps.switches.action'));
  // 6: a message from a phone.
  await expect(page.getByRole('heading', { name: new RegExp(t('steps.testMessage.title')) })).toBeVisible();
  await phoneSends(request, '請問週六有營業嗎？');
  await stepAction(page, t('steps.testMessage.action'));
  await expect(page.getByText(t('setup.connectedTitle', { name: 'Lodestar Test Shop' }))).toBeVisible();

  // The Social (LINE) tab: the conversation, newest first, unread.
  await page.getByRole('link', { name: text('common', 'layout.social'), exact: true }).click();
  await expect(page.getByRole('heading', { name: t('social.title'), level: 1 })).toBeVisible();
  await page.getByRole('link', { name: new RegExp(friend.displayName) }).click();
  const conversation = page.locator('.social-line__conversation');
  await expect(conversation.getByText('請問週六有營業嗎？')).toBeVisible();

  // Reply: the reply token is still fresh.
  await conversation.getByLabel(t('conversation.reply')).fill('有的，週六 10 點到 18 點。');
  await conversation.getByRole('button', { name: t('conversation.send'), exact: true }).click();
  // The message shows while the box may still hold the text (it empties once the send is confirmed).
  await expect(conversation.locator('.line-message__text', { hasText: '有的，週六 10 點到 18 點。' })).toBeVisible();
  await expect(conversation.getByLabel(t('conversation.reply'))).toHaveValue('');
  await expect(conversation.locator('.line-message__meta', { hasText: t('via.reply') })).toBeVisible();

  // Link the friend to the existing contact in one pick.
  await conversation.getByRole('button', { name: t('conversation.link') }).click();
  const picker = page.getByRole('dialog', { name: text('contacts', 'picker.title') });
  await picker.getByText('林美玲', { exact: true }).click();
  await picker.getByRole('button', { name: text('contacts', 'picker.choose') }).click();
  await expect(conversation.getByRole('link', { name: '林美玲' })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'line-conversation');

  // A templated reply in two taps: choose the saved reply (filled for the contact), send.
  await apiCall(request, 'POST', '/social/line/saved-replies', { title: '週六見', texts: { 'zh-TW': '{name} 您好，週六見！', 'en-US': 'See you Saturday, {name}!' }, quickReplies: ['好', '改時間'] }, token, orgId);
  await conversation.getByRole('button', { name: t('saved.button') }).click();
  await page.getByRole('menuitem', { name: '週六見' }).click();
  await expect(conversation.getByLabel(t('conversation.reply'))).toHaveValue('林美玲 您好，週六見！');
  await expect(conversation.getByText('改時間')).toBeVisible();
  await conversation.getByRole('button', { name: t('conversation.send'), exact: true }).click();
  await expect(conversation.locator('.line-message__bubble', { hasText: '林美玲 您好，週六見！' })).toBeVisible();
  await expect(conversation.getByTestId('line-context')).toBeVisible();
  await screenshot(page, 'line-conversation-templated');

  // The conversation is on the contact's page (its LINE card) and timeline.
  await conversation.getByRole('link', { name: '林美玲' }).click();
  await expect(page).toHaveURL(new RegExp(`/contact/detail/${contact.id}`));
  const card = page.getByTestId('contact-line');
  await expect(card.getByText('林美玲 您好，週六見！')).toBeVisible({ timeout: 30_000 });
  await expect(card.getByRole('link', { name: /3/ })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'line-contact-card');
  await page.getByRole('tab', { name: text('notes', 'tabs.timeline') }).click();
  // On the timeline (the LINE card above shows the same messages).
  const timeline = page.getByRole('tabpanel', { name: text('notes', 'tabs.timeline') });
  await expect(timeline.getByText(new RegExp('請問週六有營業嗎？'))).toBeVisible();
  await expect(timeline.getByText(new RegExp('有的，週六 10 點到 18 點。'))).toBeVisible();

  // The same screens in English.
  await page.evaluate(() => localStorage.setItem('lodestar.language', 'en-US'));
  await page.goto(`/${orgId}/social/line`);
  await page.getByRole('link', { name: new RegExp(friend.displayName) }).click();
  await expect(page.getByRole('button', { name: en('conversation.send'), exact: true })).toBeVisible();
  await screenshot(page, 'line-conversation-en-US');
  await page.goto(`/${orgId}/contact/detail/${contact.id}`);
  // The card's code loads once the page is idle: on a busy machine that can take a while.
  await expect(page.getByTestId('contact-line').getByText(en('card.title'), { exact: true })).toBeVisible({ timeout: 30_000 });
  await screenshot(page, 'line-contact-card-en-US');
  await page.goto(`/${orgId}/settings/channel/line`);
  await page.getByRole('button', { name: en('setup.review') }).click();
  await page.getByRole('button', { name: en('steps.switches.title') }).or(page.getByText(en('steps.credentials.title'), { exact: true })).first().click();
  await screenshot(page, 'line-wizard-en-US');
});
