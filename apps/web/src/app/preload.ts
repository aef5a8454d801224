import { matchPath } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { StartPreloadContext } from '../shared/start-preload.ts';
import { isSignInPath } from './route-guard-rules.ts';

/**
 * The start preload (docs/ARCHITECTURE.md "First load"): for the address being opened, main.tsx fetches at once, in
 * parallel, what the router would otherwise fetch one after another — antd's shell, the workspace layout, the page's
 * chunk, the workspace requests and the page's first data request — instead of the page's code loading only after
 * the workspace answered, and its data only after its code. Data go through the page's own query options (each
 * feature's `preload…`), so the page finds its request in flight or answered (shared/start-preload.ts): one request
 * each. Nothing without a token (the route guard sends the visitor to sign in) and nothing on a sign-in page.
 *
 * The page chunks are the modules the route files load lazily (features' routes.tsx): the same modules, so the same
 * chunks, which the router's lazy() then finds loaded.
 */
export interface PreloadStep {
  /** What it fetches, for tests and the request log. */
  name: string;
  run: (context: StartPreloadContext) => unknown;
}

const chunk = (name: string, load: () => Promise<unknown>): PreloadStep => ({ name, run: () => load() });
const data = (name: string, load: () => Promise<(context: StartPreloadContext) => void>): PreloadStep => ({
  name,
  run: (context) => load().then((preload) => preload(context)),
});

/** antd's providers and texts: every page but the plain sign-in pages (router.tsx). */
const loadAntdShell = () => import('./antd-shell.tsx');
const antdShell = chunk('antd-shell', loadAntdShell);

/** After a start on a sign-in page, once it has settled (main.tsx): the pages after signing in need antd. */
export function preloadAntdShell(): void {
  void loadAntdShell().catch(() => undefined);
}
const orgLayout = chunk('org-layout', () => import('./org-layout.tsx'));
const workspaceData = data('workspace', () => import('./workspace-preload.ts').then((m) => m.preloadWorkspace));

/**
 * Route (under /:orgId) → its page's chunk and first data. Pages not listed get the shell, the layout and the workspace.
 * apps/web/vite.config.ts names the same pages and data modules for its chunk groups (startPages, data): keep both lists
 * together.
 */
const workspacePages: { path: string; page: PreloadStep; data: PreloadStep }[] = [
  {
    path: 'contact/list',
    page: chunk('contact-list-page', () => import('../features/records/contacts/pages/contact-list-page.tsx')),
    data: data('contact-list', () => import('../features/records/contacts/contacts.api.ts').then((m) => m.preloadContactList)),
  },
  {
    path: 'deal/list',
    page: chunk('deal-list-page', () => import('../features/deals/deals/pages/deal-list-page.tsx')),
    data: data('deal-board', () => import('../features/deals/deals/deal-board.api.ts').then((m) => m.preloadDealBoard)),
  },
  ...['calendar', 'calendar/:view/:year/:month/:day'].map((path) => ({
    path,
    page: chunk('calendar-page', () => import('../features/calendar/schedules/pages/calendar-page.tsx')),
    data: data('calendar', () => import('../features/calendar/schedules/schedules.api.ts').then((m) => m.preloadCalendar)),
  })),
];

export interface PreloadPlan {
  steps: PreloadStep[];
  orgId: string;
  params: Record<string, string | undefined>;
}

/**
 * What to fetch at start for this address and session (pure: app/preload.test.ts). The data steps come first: the
 * app is served over HTTP/1.1 (six connections per host), and the few small modules the requests need should not
 * queue behind the shell's and the page's chunks.
 */
export function planPreload(pathname: string, token: string | null): PreloadPlan {
  const none = { steps: [], orgId: '', params: {} };
  if (!token || isSignInPath(pathname)) return none;
  const org = matchPath({ path: '/:orgId/*' }, pathname);
  const orgId = org?.params.orgId ?? '';
  if (!org || !/^[0-9a-f-]{36}$/.test(orgId)) return { ...none, steps: [antdShell] };
  const rest = org.params['*'] ?? '';
  for (const page of workspacePages) {
    const match = matchPath({ path: page.path, end: true }, `/${rest}`.replace(/\/+$/, '') || '/');
    if (match) return { steps: [workspaceData, page.data, antdShell, orgLayout, page.page], orgId, params: { ...match.params } };
  }
  return { steps: [workspaceData, antdShell, orgLayout], orgId, params: {} };
}

/** Runs a plan (main.tsx, before the catalogs are awaited). A failed chunk is the router's to report when it renders. */
export function startPreload(plan: PreloadPlan, queryClient: QueryClient, userId: string | undefined): void {
  const context: StartPreloadContext = { queryClient, orgId: plan.orgId, userId, params: plan.params };
  for (const step of plan.steps) void Promise.resolve(step.run(context)).catch(() => undefined);
}
