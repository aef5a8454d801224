import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { monthlyAmount, type Locale } from '@lodestar/contract';

const srcDir = join(import.meta.dirname, '..', '..', 'src');

/** A feature's catalog: features/<context>/<namespace>/i18n (the namespace is the feature's name). */
function featureCatalog(namespace: string, locale: Locale): string {
  const features = join(srcDir, 'features');
  for (const context of readdirSync(features)) {
    const file = join(features, context, namespace, 'i18n', `${locale}.json`);
    if (existsSync(file)) return file;
  }
  throw new Error(`No feature ${namespace} under ${features}`);
}

/** A key's value as i18next finds it: a key may itself hold dots (`triggers.contact.idle` under `triggers`). */
function findKey(node: unknown, parts: string[]): unknown {
  if (parts.length === 0) return node;
  if (typeof node !== 'object' || node === null) return undefined;
  for (let n = parts.length; n >= 1; n--) {
    const key = parts.slice(0, n).join('.');
    if (key in node) {
      const found = findKey((node as Record<string, unknown>)[key], parts.slice(n));
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** Reads a UI string from the real catalogs, so journeys follow the words a user sees. */
export function text(namespace: string, key: string, values: Record<string, string> = {}, locale: Locale = 'zh-TW'): string {
  // 'book', 'card', 'quote' and 'unsubscribe' are the public pages' own catalogs (src/<name>/i18n).
  const file =
    namespace === 'common'
      ? join(srcDir, 'shared', 'i18n', `${locale}.json`)
      : namespace === 'book' || namespace === 'card' || namespace === 'quote' || namespace === 'unsubscribe'
        ? join(srcDir, namespace, 'i18n', `${locale}.json`)
        : featureCatalog(namespace, locale);
  const catalog = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const value = findKey(catalog, key.split('.'));
  if (typeof value !== 'string') throw new Error(`No text ${namespace}:${key} in ${locale}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.lodestar.test`;
}

export const strongPassword = 'Lodestar-e2e-2026';

/** Creates an account through the API (for journeys that start past sign-up). */
export async function registerThroughApi(request: APIRequestContext, email: string, password = strongPassword) {
  const res = await request.post('/api/register', { data: { email, password, firstName: '小明', lastName: '王' } });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).data as { token: string; user: { id: string; firstName: string } };
}

export async function loginThroughUi(page: Page, email: string, password: string, locale: Locale = 'zh-TW') {
  await page.goto('/member/login');
  await page.getByLabel(text('auth', 'fields.email', {}, locale)).fill(email);
  await page.getByLabel(text('auth', 'fields.password', {}, locale), { exact: true }).fill(password);
  await page.getByRole('button', { name: text('auth', 'login.submit', {}, locale), exact: true }).click();
}

/** No serious or critical accessibility violations on the current screen (or only inside `include`, e.g. an open dialog). */
/** antd's motions (rc-motion's *-enter/-appear/-leave-active classes) finished; a stuck one just stops the wait. */
export async function motionsDone(page: Page) {
  await page
    .waitForFunction(() => !document.querySelector('[class*="-enter-active"], [class*="-appear-active"], [class*="-leave-active"]'), undefined, { timeout: 3_000 })
    .catch(() => undefined);
}

export async function expectAccessible(page: Page, include?: string) {
  // A drawer or dialog mid-animation (opening or closing) reads as low contrast: let the motions finish first.
  await motionsDone(page);
  // Toasts fade in and out: mid-animation their colours read as low contrast, so they are left out.
  const builder = new AxeBuilder({ page }).exclude('.ant-notification').exclude('.ant-message');
  const results = await (include ? builder.include(include) : builder).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/**
 * Header fast-create menu → one item. The dropdown zooms open, and a click during that can miss (seen in CI):
 * open it if needed, pick, and retry until the menu has closed on the pick.
 */
export async function fastCreate(page: Page, itemLabel: string) {
  // The fast-create menu itself (app/fast-create-menu.tsx names it): another dropdown still closing (the tag panel's
  // create menu) made a bare `.ant-dropdown-menu:visible` match two menus.
  const menu = page.locator('.fast-create-menu.ant-dropdown-menu:visible');
  // A pick that landed but whose menu closed after the 2 s look (a busy machine) is done: opening the menu again
  // would click the header under the dialog's mask.
  let picked = false;
  // What the pick opens (a dialog or a drawer): its appearing means the pick landed even if the click timed out.
  const opened = page.locator('.ant-modal-wrap:visible, .ant-drawer-content-wrapper:visible');
  const openBefore = await opened.count();
  await expect(async () => {
    if (picked && !(await menu.isVisible())) return;
    if ((await opened.count()) > openBefore && !(await menu.isVisible())) return;
    if (!(await menu.isVisible())) await page.getByTestId('fast-create').click();
    await menu.getByRole('menuitem', { name: itemLabel }).click({ timeout: 2_000 });
    picked = true;
    await expect(menu).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

export const screenshotDir = join(import.meta.dirname, '..', 'screenshots');

/**
 * Screenshots are for people to look at (every touched screen at 1440×900 and 390×844, in zh-TW and en-US): a run on a
 * developer's machine saves them all in e2e/screenshots/. CI (CI=true, unless E2E_SCREENS=all) saves none and runs
 * each size × language matrix on its diagonal — the phone in zh-TW, the desktop in en-US — so every size and every
 * language is still driven and checked once, at half the time.
 */
export const allScreens = process.env.E2E_SCREENS === 'all' || !process.env.CI;

/** Whether a matrix's variant runs here (see allScreens). */
export function screenVariant(locale: Locale, width: number): boolean {
  return allScreens || (locale === 'zh-TW') === width < 600;
}

/** The languages a per-language screens test runs in: both here, English alone in CI (every other journey is zh-TW). */
export const screenLocales: readonly Locale[] = allScreens ? ['zh-TW', 'en-US'] : ['en-US'];

export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  if (!allScreens) return;
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: options.fullPage ?? true });
}

/**
 * A screen at 1440×900 and at 390×844 (saved as `<name>-<width>`), checking the phone size has no sideways scroll;
 * `ready` waits for what must be on screen after each resize. The width is polled: antd's breakpoints re-render after
 * a resize, so one read right after it can see the desktop layout.
 */
export async function screenshotBothSizes(page: Page, name: string, ready?: () => Promise<void>) {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await ready?.();
    if (width === 390) await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** A namespace's strings bound once: `const auth = catalog('auth'); auth('login.submit')`. */
export function catalog(namespace: string, locale: Locale = 'zh-TW') {
  return (key: string, values: Record<string, string> = {}) => text(namespace, key, values, locale);
}

export async function apiCall<T>(request: APIRequestContext, method: 'GET' | 'POST', path: string, body: unknown, token?: string, orgId?: string): Promise<T> {
  const response = await request.fetch(`/api${path}${orgId ? `?orgId=${orgId}` : ''}`, {
    method,
    data: body,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const json = await response.json();
  expect(json.result, JSON.stringify(json)).toBe('success');
  return json.data as T;
}

/** The sandbox provider's published test card (docs/decisions/0010): approved, nothing is charged. */
export const sandboxTestCard = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

/**
 * Subscribes a workspace the way its administrator would, through the real checkout with the sandbox provider
 * (new workspaces start on Free; Team opens invitations and lifts the Free limits).
 */
export async function subscribeThroughApi(request: APIRequestContext, token: string, orgId: string, plan: 'basic' | 'pro' | 'subscribe_team' = 'subscribe_team') {
  const result = await apiCall<{ charge: { status: string } }>(
    request,
    'POST',
    '/billing/checkout',
    {
      plan,
      extraSeats: 0,
      extraStorageBlocks: 0,
      // What the page would have shown (no coupon): the server refuses any other amount.
      expectedAmount: monthlyAmount({ plan, extraSeats: 0, extraStorageBlocks: 0 }),
      payment: { kind: 'sandboxCard', ...sandboxTestCard },
      cardholder: { name: '王小明', email: 'billing@e2e.lodestar.test', phone: '' },
    },
    token,
    orgId,
  );
  expect(result.charge.status).toBe('paid');
}

export interface SignInOptions {
  email?: string;
  orgName?: string;
  /** A paid plan the workspace subscribes to (sandbox checkout) before the journey starts; Free otherwise. */
  plan?: 'basic' | 'pro' | 'subscribe_team';
  /**
   * How the session reaches the browser. 'everyPage' (default): an init script writes it before every
   * page load, so a journey can go anywhere. 'once': written once (on the login page), so the journey
   * can later replace or drop the token (expired-session journeys).
   */
  storeToken?: 'everyPage' | 'once';
}

/** An account (registered through the API) with one default workspace, signed in through the browser's stored session. */
export async function signIn(page: Page, options: SignInOptions = {}): Promise<{ orgId: string; token: string; email: string }> {
  const email = options.email ?? uniqueEmail('sales');
  const session = await registerThroughApi(page.request, email);
  const org = await apiCall<{ orgId: string }>(page.request, 'POST', '/organizations/create', { orgName: options.orgName ?? 'Formosa Sales', memberEmails: [] }, session.token);
  await apiCall(page.request, 'POST', '/organizations/setDefault', { orgId: org.orgId }, session.token, org.orgId);
  if (options.plan) await subscribeThroughApi(page.request, session.token, org.orgId, options.plan);
  const store = ([token, user, orgId]: readonly [string, { id: string; firstName: string }, string]) => {
    localStorage.setItem('lodestar.token', token);
    localStorage.setItem('lodestar.user', JSON.stringify({ id: user.id, firstName: user.firstName, orgId, avatar: null }));
  };
  const args = [session.token, session.user, org.orgId] as const;
  if (options.storeToken === 'once') {
    await page.goto('/member/login');
    await page.evaluate(store, args);
  } else {
    await page.addInitScript(store, args);
  }
  return { orgId: org.orgId, token: session.token, email };
}

/** The avatar menu zooms open: open it until the item is there, then pick it (the page then loads on demand). */
export async function avatarMenu(page: Page, testId: string) {
  const item = page.locator('.ant-dropdown-menu:visible').getByTestId(testId);
  await expect(async () => {
    if (!(await item.isVisible())) await page.getByTestId('avatar-menu').click();
    // The menu's code loads on its first click: give it time before clicking again (which would close it).
    await expect(item).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await item.click({ noWaitAfter: true });
}

/**
 * Closes the work reminder whenever it covers the page. A journey that creates schedules near "now" (imports, today's
 * visits) would otherwise pass or fail by the hour CI runs at: the popup opens once a schedule's reminder time is past.
 */
export async function dismissWorkReminders(page: Page) {
  for (const locale of ['zh-TW', 'en-US'] as const) {
    const t = catalog('schedules', locale);
    const dialog = page.getByRole('dialog', { name: t('reminder.title') });
    await page.addLocatorHandler(dialog, async () => {
      await dialog.getByRole('button', { name: t('reminder.dismiss') }).click();
    });
  }
}
