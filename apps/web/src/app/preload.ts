import { matchPath } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { StartPreloadContext } from '../shared/start-preload.ts';
import type { LazyRoute } from '../shared/ui/lazy-dialog.tsx';
import { ContactListPage } from '../features/records/contacts/index.ts';
import { DealListPage } from '../features/deals/deals/index.ts';
import { CalendarPage } from '../features/calendar/schedules/index.ts';
import { HomePage } from '../features/shell/home/index.ts';
import { isSignInPath, startPagePaths } from './route-guard-rules.ts';
import { AntdShell, OrgLayout } from './router.tsx';

/**
 * The start preload (apps/web/README.md "First load"): for the address being opened, main.tsx fetches at once, in
 * parallel, what the router would otherwise fetch one after another — antd's shell, the workspace layout, the page's
 * chunk, the workspace requests and the page's first data request — instead of the page's code loading only after
 * the workspace answered, and its data only after its code. Data go through the page's own query options (each
 * feature's `preload…`), so the page finds its request in flight or answered (shared/start-preload.ts): one request
 * each. Nothing without a token (the route guard sends the visitor to sign in) and nothing on a sign-in page.
 *
 * The shell, layout and page are the route components themselves (`lazyRoute`: router.tsx, features' routes.tsx):
 * main.tsx waits for them with the catalogs, so the first render paints the page's frame at once — no spinner that the
 * page then replaces (React reveals a retried Suspense boundary at most every 300 ms) and no render per lazy level.
 */
export interface PreloadStep {
  /** What it fetches, for tests and the request log. */
  name: string;
  /** A route component, which the first render waits for (main.tsx), or data, which it does not. */
  kind: 'route' | 'data';
  run: (context: StartPreloadContext) => Promise<unknown>;
}

const route = (name: string, component: LazyRoute<object>): PreloadStep => ({ name, kind: 'route', run: () => component.preload() });
const data = (name: string, load: () => Promise<(context: StartPreloadContext) => void>): PreloadStep => ({
  name,
  kind: 'data',
  run: (context) => load().then((preload) => preload(context)),
});

/** antd's providers and texts: every page but the plain sign-in pages (router.tsx). */
const antdShell = route('antd-shell', AntdShell);

/** After a start on a sign-in page, once it has settled (main.tsx): the pages after signing in need antd. */
export function preloadAntdShell(): void {
  void AntdShell.preload().catch(() => undefined);
}
const orgLayout = route('org-layout', OrgLayout);
const workspaceData = data('workspace', () => import('./workspace-preload.ts').then((m) => m.preloadWorkspace));

/**
 * Route (under /:orgId, route-guard-rules.ts `startPagePaths`) → its page's chunk and first data. Pages not listed get the
 * shell, the layout and the workspace. apps/web/vite.config.ts names the same pages and data modules for its chunk groups
 * (startPages, data) and shared/i18n/catalog-parts.ts their catalogs: keep the lists together.
 */
const workspacePages: { path: string; page: PreloadStep; data: PreloadStep }[] = [
  ...startPagePaths.home.map((path) => ({
    path,
    page: route('home-page', HomePage),
    data: data('home', () => import('../features/shell/home/home.api.ts').then((m) => m.preloadHome)),
  })),
  ...startPagePaths.contacts.map((path) => ({
    path,
    page: route('contact-list-page', ContactListPage),
    data: data('contact-list', () => import('../features/records/contacts/contacts.api.ts').then((m) => m.preloadContactList)),
  })),
  ...startPagePaths.deals.map((path) => ({
    path,
    page: route('deal-list-page', DealListPage),
    data: data('deal-board', () => import('../features/deals/deals/deal-board.api.ts').then((m) => m.preloadDealBoard)),
  })),
  ...startPagePaths.calendar.map((path) => ({
    path,
    page: route('calendar-page', CalendarPage),
    data: data('calendar', () => import('../features/calendar/schedules/schedules.api.ts').then((m) => m.preloadCalendar)),
  })),
];

export interface PreloadPlan {
  steps: PreloadStep[];
  orgId: string;
  params: Record<string, string | undefined>;
  /** One of the start pages above, whose first data the plan asks for. */
  startPage: boolean;
}

/**
 * What to fetch at start for this address and session (pure: app/preload.test.ts). The data steps come first: the
 * app is served over HTTP/1.1 (six connections per host), and the few small modules the requests need should not
 * queue behind the shell's and the page's chunks.
 */
export function planPreload(pathname: string, token: string | null): PreloadPlan {
  const none = { steps: [], orgId: '', params: {}, startPage: false };
  if (!token || isSignInPath(pathname)) return none;
  const org = matchPath({ path: '/:orgId/*' }, pathname);
  const orgId = org?.params.orgId ?? '';
  if (!org || !/^[0-9a-f-]{36}$/.test(orgId)) return { ...none, steps: [antdShell] };
  const rest = org.params['*'] ?? '';
  for (const page of workspacePages) {
    const match = matchPath({ path: page.path, end: true }, `/${rest}`.replace(/\/+$/, '') || '/');
    if (match) return { steps: [workspaceData, page.data, antdShell, orgLayout, page.page], orgId, params: { ...match.params }, startPage: true };
  }
  return { steps: [workspaceData, antdShell, orgLayout], orgId, params: {}, startPage: false };
}

/**
 * Runs a plan (main.tsx, before the catalogs are awaited); the answer settles when its route components are in (or
 * failed: a failed chunk is the router's to report when it renders). Data are not waited for: the pages show their
 * own loading states.
 */
export function startPreload(plan: PreloadPlan, queryClient: QueryClient, userId: string | undefined): Promise<unknown> {
  const context: StartPreloadContext = { queryClient, orgId: plan.orgId, userId, params: plan.params };
  const runs = plan.steps.map((step) => ({ step, done: step.run(context).catch(() => undefined) }));
  return Promise.all(runs.filter(({ step }) => step.kind === 'route').map(({ done }) => done));
}
